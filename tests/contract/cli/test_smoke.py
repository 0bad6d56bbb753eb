"""One run of the installed ``licensedesk-cli`` script in a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def test_installed_script_against_the_sandbox(sandbox, tmp_path):
    script = Path(sys.executable).parent / (
        "licensedesk-cli.exe" if os.name == "nt" else "licensedesk-cli"
    )
    if not script.exists():
        pytest.skip(f"{script} is not installed (pip install -e .)")
    app_id, key = sandbox.creds("read")
    env = {
        **os.environ,
        "LICENSEDESK_API_KEY": key,
        "LICENSEDESK_CONFIG_DIR": str(tmp_path / "config"),
        "LICENSEDESK_DATA_DIR": str(tmp_path / "data"),
    }
    serial = sandbox.serial("perpetual")
    done = subprocess.run(
        [str(script), "show", serial, "--base-url", sandbox.url, "--app-id", app_id, "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["serial"] == serial
    assert key not in done.stdout + done.stderr

    done = subprocess.run(
        [str(script), "show", "nope", "--base-url", sandbox.url, "--app-id", app_id],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("Error: ") and "Traceback" not in done.stderr
