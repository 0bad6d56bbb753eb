"""Where API keys go is said at start: the log names the keyring backend; without a
keyring that keeps secrets (keyring's *fail* backend, as a frozen build that lost its
backends would get) the log warns and the status bar says the store's sentence before
any profile asks for a key, instead of storing nothing silently."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from keyring.backends import fail
from PySide6.QtWidgets import QMainWindow

from licensedesk.profiles import SecretStore
from licensedesk.ui.shell.keyring_notice import announce_keyring

from ...support.waiting import wait_for
from .app_env import app_env, app_log

MEMORY_ONLY = "API keys are kept in memory only, this session: no OS keyring is available"


def test_without_a_keyring_the_status_bar_says_so(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    secrets = SecretStore(backend=fail.Keyring())
    announce_keyring(window, secrets)
    assert secrets.warning
    assert window.statusBar().currentMessage() == secrets.warning


def _start_log(tmp_path: Path, **env: str) -> str:
    """A real ``licensedesk --demo`` until its desk is built; its log."""
    log = app_log(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "licensedesk", "--demo"],
        env=app_env(tmp_path, **env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(
            lambda: log.exists() and "API keys are kept in" in log.read_text(),
            what="the keyring line",
            proc=proc,
        )
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    return log.read_text()


def test_a_start_without_a_keyring_warns_in_its_log(tmp_path):
    text = _start_log(tmp_path, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    said = [line for line in text.splitlines() if MEMORY_ONLY in line]
    assert len(said) == 1 and "WARNING" in said[0], text


def test_a_start_names_the_real_keyring_in_its_log(tmp_path):
    if os.environ.get("LICENSEDESK_TEST_REAL_KEYRING") != "1":
        pytest.skip("no real Secret Service session (scripts/run-tests.sh starts one)")
    text = _start_log(tmp_path)
    assert "API keys are kept in the OS keyring: keyring.backends.SecretService.Keyring" in text
    assert MEMORY_ONLY not in text
