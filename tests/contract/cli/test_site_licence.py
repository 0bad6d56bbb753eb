"""``activations --json`` of a site licence writes its list while the answer arrives:
under an address-space limit far below what the whole answer would take once read
(its bytes, their decoded objects, the devices), it still lists every device."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _site_licence import site_dataset

from tests.support.sandbox_process import SandboxProcess

DEVICES = 200_000  # ~68 MB of JSON
LIMIT = 512 * 1024**2  # address space: the interpreter, its modules and threads take half


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    db = tmp_path_factory.mktemp("site") / "site.db"
    serial, creds = site_dataset(db, DEVICES)
    with SandboxProcess(db) as sandbox:
        yield sandbox.url, serial, creds


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def run(site, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    url, serial, creds = site
    env = {
        **os.environ,
        "LICENSEDESK_API_KEY": creds["api_key"],
        "LICENSEDESK_CONFIG_DIR": str(tmp_path / "config"),
        "LICENSEDESK_DATA_DIR": str(tmp_path / "data"),
    }
    argv = [
        sys.executable,
        "-m",
        "licensedesk.cli",
        *args,
        "activations",
        serial,
        "--base-url",
        url,
        "--app-id",
        creds["app_id"],
    ]
    return subprocess.run(
        argv, env=env, capture_output=True, preexec_fn=_limit, timeout=300, check=False
    )


def test_a_site_licence_is_listed_whole_under_a_memory_limit(site, tmp_path):
    done = run(site, tmp_path, "--json")
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    devices = json.loads(done.stdout)
    assert len(devices) == DEVICES
    assert devices[0]["host_id"] == f"{0:032x}" and devices[-1]["host_id"] == f"{DEVICES - 1:032x}"
    assert [d["activated"] for d in devices[:5]] == [False, True, True, True, True]


def test_the_limit_is_one_that_reading_the_whole_answer_would_pass(site, tmp_path):
    """The same limit stops a child that holds the answer whole and writes it as one text
    (what the command did before): so the limit proves the streaming."""
    code = (
        "import json, sys, urllib.request; b = urllib.request.urlopen(sys.argv[1]).read(); "
        "print(len(json.dumps(json.loads(b)['data'], indent=2)))"
    )  # as it was written
    url, serial, creds = site
    full = f"{url}/v2/activations/{serial}?app_id={creds['app_id']}&api_key={creds['api_key']}"
    done = subprocess.run(
        [sys.executable, "-c", code, full],
        capture_output=True,
        preexec_fn=_limit,
        timeout=300,
        check=False,
    )
    assert done.returncode != 0 and b"MemoryError" in done.stderr
