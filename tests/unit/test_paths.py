"""The config folder: one rule, platformdirs' on every system (without importing it on
Linux, where ``licensedesk-cli --help`` reads the language setting from there)."""

from __future__ import annotations

import sys

import platformdirs
import pytest

from licensedesk.paths import CONFIG_DIR_ENV, config_dir


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
