"""The folders: platformdirs' rule of each OS, run here for all three with the OS's
answers given (Windows' known folders, macOS's and Linux's home); the config folder
without importing platformdirs on Linux, where ``licensedesk-cli --help`` reads the
language setting from there."""

from __future__ import annotations

import sys
from pathlib import Path, PureWindowsPath

import platformdirs
import pytest

from licensedesk import machine
from licensedesk.paths import CONFIG_DIR_ENV, app_dir, config_dir
from licensedesk.ui.shell.logs import log_dir


@pytest.mark.parametrize("xdg", [None, "", "  ", "/tmp/xdg-config"])
def test_the_folder_is_the_one_platformdirs_names(monkeypatch, tmp_path, xdg):
    monkeypatch.delenv(CONFIG_DIR_ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    expected = platformdirs.user_config_dir("licensedesk", appauthor=False)
    assert str(config_dir()) == expected


def test_the_override_wins(monkeypatch, tmp_path):
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path / "cfg"))
    assert config_dir() == tmp_path / "cfg"


def test_platformdirs_is_not_imported_on_linux(monkeypatch):
    if not sys.platform.startswith("linux"):
        pytest.skip("the shortcut is Linux's")
    monkeypatch.delenv(CONFIG_DIR_ENV, raising=False)
    monkeypatch.delitem(sys.modules, "platformdirs", raising=False)
    config_dir()
    assert "platformdirs" not in sys.modules


XDG = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")


@pytest.fixture
def windows_env(monkeypatch):
    """The known folders Windows' shell API gives a user, handed to platformdirs through
    its documented overrides (it would ask the shell API on Windows)."""
    monkeypatch.setenv("WIN_PD_OVERRIDE_APPDATA", r"C:\Users\ada\AppData\Roaming")
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", r"C:\Users\ada\AppData\Local")


def _windows(path: Path) -> PureWindowsPath:
    return PureWindowsPath(str(path).replace("/", "\\"))


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("config", r"C:\Users\ada\AppData\Local\licensedesk"),
        ("data", r"C:\Users\ada\AppData\Local\licensedesk"),
        ("log", r"C:\Users\ada\AppData\Local\licensedesk\Logs"),
    ],
)
def test_windows_folders_are_under_local_app_data(windows_env, kind, expected):
    assert _windows(app_dir(kind, "win32")) == PureWindowsPath(expected)


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("config", "Library/Application Support/licensedesk"),
        ("data", "Library/Application Support/licensedesk"),
        ("log", "Library/Logs/licensedesk"),
    ],
)
def test_macos_folders_are_in_the_library(monkeypatch, tmp_path, kind, expected):
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in XDG:  # platformdirs follows them on macOS too when they are set
        monkeypatch.delenv(name, raising=False)
    assert app_dir(kind, "darwin") == tmp_path / expected


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("config", ".config/licensedesk"),
        ("data", ".local/share/licensedesk"),
        ("log", ".local/state/licensedesk/log"),
    ],
)
def test_linux_folders_follow_xdg(monkeypatch, tmp_path, kind, expected):
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in XDG:
        monkeypatch.delenv(name, raising=False)
    assert app_dir(kind, "linux") == tmp_path / expected


def test_this_os_folders_are_platformdirs_own(monkeypatch, tmp_path):
    for env in (CONFIG_DIR_ENV, "LICENSEDESK_DATA_DIR", "LICENSEDESK_LOG_DIR"):
        monkeypatch.delenv(env, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert str(machine.data_dir()) == platformdirs.user_data_dir("licensedesk", appauthor=False)
    assert str(log_dir()) == platformdirs.user_log_dir("licensedesk", appauthor=False)


def test_a_replaced_file_keeps_its_permissions_and_a_private_one_is_the_owners(tmp_path):
    import os
    import stat

    from licensedesk.paths import PartFile, replace_file

    shared = tmp_path / "shared.csv"
    shared.write_text("old")
    shared.chmod(0o644)
    with PartFile(shared) as fh:
        fh.write("new")
    assert shared.read_text() == "new" and stat.S_IMODE(shared.stat().st_mode) == 0o644
    replace_file(shared, "secret")
    assert stat.S_IMODE(shared.stat().st_mode) == 0o600
    assert sorted(os.listdir(tmp_path)) == ["shared.csv"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX FIFOs")
def test_a_fifo_nobody_reads_is_enxio_when_not_waiting_and_a_folder_is_eisdir(tmp_path):
    import errno
    import os

    from licensedesk.paths import PartFile

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as raised, PartFile(fifo, binary=True, wait_for_reader=False):
        pass
    assert raised.value.errno == errno.ENXIO
    with pytest.raises(IsADirectoryError), PartFile(tmp_path):
        pass
    assert sorted(os.listdir(tmp_path)) == ["pipe"]
