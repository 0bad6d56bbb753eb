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
