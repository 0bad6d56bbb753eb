"""Without a usable OS keyring the real CLI (a subprocess) says so in one true line, once,
and only when a key had to come from the keyring (issue #11)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]  # so the subprocess can import tests.*
NO_KEYRING = "keyring.backends.fail.Keyring"
LOCKED = "tests.contract.cli.locked_keyring.LockedKeyring"
GIVE = "give the keys with $LICENSEDESK_API_KEY / $LICENSEDESK_WRITE_API_KEY."
LINE = f"No OS keyring is available; {GIVE}\n"
UNTRUE = "asked for again"  # the window's promise; the CLI never asks


class Cli:
    """``licensedesk-cli`` in a subprocess with a chosen keyring backend and config folder."""

    def __init__(self, tmp_path: Path, backend: str, secrets: set[str]):
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("LICENSEDESK_")}
        self.env.update(
            PYTHON_KEYRING_BACKEND=backend,
            PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            LICENSEDESK_CONFIG_DIR=str(tmp_path / "config"),
            LICENSEDESK_DATA_DIR=str(tmp_path / "data"),
        )
        self.secrets = secrets

    def __call__(self, *argv: str, **keys: str) -> subprocess.CompletedProcess:
        env = {**self.env, **{f"LICENSEDESK_{k.upper()}": v for k, v in keys.items()}}
        done = subprocess.run(
            [sys.executable, "-m", "licensedesk.cli", *argv],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert "Traceback" not in done.stderr, done.stderr
        assert UNTRUE not in done.stdout + done.stderr
        for secret in self.secrets:
            assert secret not in done.stdout + done.stderr
        return done


@pytest.fixture
def keys(sandbox):
    (read_id, read_key), (write_id, write_key) = sandbox.creds("read"), sandbox.creds("write")
    return read_id, read_key, write_id, write_key


def add_profile(cli: Cli, sandbox, keys) -> subprocess.CompletedProcess:
    read_id, read_key, write_id, write_key = keys
    return cli(
        "profile",
        "add",
        "m",
        "--base-url",
        sandbox.url,
        "--app-id",
        read_id,
        "--write-app-id",
        write_id,
        api_key=read_key,
        write_api_key=write_key,
    )


def test_no_keyring_is_said_once_in_one_true_line(sandbox, keys, tmp_path):
    cli = Cli(tmp_path, NO_KEYRING, {keys[1], keys[3]})
    _, read_key, _, write_key = keys
    serial = sandbox.serial("perpetual")
    for argv in (["--help"], ["show", "--help"], ["profile", "add", "--help"], ["--version"]):
        assert cli(*argv).stderr == "", argv  # no key needed: nothing to say

    done = add_profile(cli, sandbox, keys)
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        "The keys were NOT saved: no OS keyring is available; give them with "
        "$LICENSEDESK_API_KEY / $LICENSEDESK_WRITE_API_KEY when you use "
        "this profile.\n"
    )
    for argv in (["profile", "list"], ["profile", "show", "m"]):
        assert cli(*argv).stderr == "", argv  # they need no key; KEYS says what is missing
    assert "not stored: no OS keyring is available" in cli("profile", "show", "m").stdout

    done = cli("show", serial, "--profile", "m")  # no key anywhere: one line, the error
    assert done.returncode == 2
    assert done.stderr == f"Error: No api_key for profile 'm'. {LINE}"

    done = cli("show", serial, "--profile", "m", api_key=read_key)  # the write key lacks
    assert done.returncode == 0, done.stderr
    assert serial in done.stdout
    assert done.stderr == LINE

    done = cli("profile", "test", "m", api_key=read_key)
    assert done.stderr == LINE

    done = cli("show", serial, "--profile", "m", api_key=read_key, write_api_key=write_key)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # every key came from the environment


def test_a_keyring_that_fails_when_used_is_one_line_too(sandbox, keys, tmp_path):
    """A locked keyring: its failure is logged by the library; the CLI prints only its line."""
    cli = Cli(tmp_path, LOCKED, {keys[1], keys[3]})
    done = add_profile(cli, sandbox, keys)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and "NOT saved: LockedKeyring is locked" in done.stderr

    done = cli("show", sandbox.serial("perpetual"), "--profile", "m", api_key=keys[1])
    assert done.returncode == 0, done.stderr
    assert done.stderr == f"LockedKeyring is locked and was not unlocked; {GIVE}\n"
