"""``packaging/install-desktop.sh`` (``make install-desktop``, and the copy in the bundle):
the desktop file, metainfo and icon land where the desktop looks, Exec= starts the
command asked for however its path is spelled, links find the app, and --uninstall
takes it all back."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from .validators import need

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "packaging" / "install-desktop.sh"
APP_ID = "io.licensedesk.LicenseDesk"
FILES = (
    f"share/applications/{APP_ID}.desktop",
    f"share/metainfo/{APP_ID}.metainfo.xml",
    f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
)


def install(script: Path, *args: str, home: Path | None = None) -> str:
    env = {**os.environ, "HOME": str(home)} if home else None
    done = subprocess.run(
        ["sh", str(script), *args], capture_output=True, text=True, timeout=60, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def exec_line(prefix: Path) -> str:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read(prefix / FILES[0], encoding="utf-8")
    return parser["Desktop Entry"]["Exec"]


def exec_argv(value: str) -> list[str]:
    """An Exec= value as a launcher reads it (Desktop Entry spec: the string escapes
    first, then the quoting of arguments)."""
    text = value.replace("\\\\", "\x00").replace("\\s", " ").replace("\x00", "\\")
    argv, arg, quoted, i = [], "", False, 0
    while i < len(text):
        c = text[i]
        if quoted and c == "\\" and i + 1 < len(text) and text[i + 1] in '"`$\\':
            arg, i = arg + text[i + 1], i + 2
            continue
        if c == '"':
            quoted = not quoted
        elif c == " " and not quoted:
            argv, arg = ([*argv, arg] if arg else argv), ""
        else:
            arg += c
        i += 1
    return [*argv, arg] if arg else argv


def test_default_is_the_users_own_folders(tmp_path):
    home = tmp_path / "home"
    install(SCRIPT, "--no-refresh", home=home)
    for f in FILES:
        assert (home / ".local" / f).is_file(), f
    assert (home / ".local" / FILES[2]).read_bytes() == (
        ROOT / "app/licensedesk/ui/shell" / f"{APP_ID}.svg"
    ).read_bytes()
    assert exec_line(home / ".local") == "licensedesk %U"


@pytest.mark.parametrize(
    "command", ["/opt/License Desk/licensedesk", '/srv/o"dd $HOME `x` \\ & |/licensedesk']
)
def test_exec_starts_the_command_given_however_it_is_spelled(tmp_path, command):
    install(SCRIPT, "--prefix", str(tmp_path), "--exec", command, "--no-refresh")
    assert exec_argv(exec_line(tmp_path)) == [command, "%U"]
    done = subprocess.run(
        [need("desktop-file-validate"), str(tmp_path / FILES[0])],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


def test_links_find_the_app_and_uninstall_removes_everything(tmp_path):
    need("update-desktop-database")
    install(SCRIPT, "--prefix", str(tmp_path))
    cache = (tmp_path / "share/applications/mimeinfo.cache").read_text(encoding="utf-8")
    assert f"x-scheme-handler/licensedesk={APP_ID}.desktop;" in cache.splitlines()
    install(SCRIPT, "--prefix", str(tmp_path), "--uninstall")
    assert not any((tmp_path / f).exists() for f in FILES)
    cache = (tmp_path / "share/applications/mimeinfo.cache").read_text(encoding="utf-8")
    assert "licensedesk" not in cache


def test_from_a_bundle_exec_is_the_bundles_licensedesk(tmp_path):
    """What packaging/licensedesk.spec lays out: share/ and the script at the top of
    dist/licensedesk/, next to the executable."""
    bundle = tmp_path / "dist" / "licensedesk"
    install(SCRIPT, "--prefix", str(bundle), "--exec", "licensedesk", "--no-refresh")
    shutil.copy2(SCRIPT, bundle / "install-desktop.sh")
    home = tmp_path / "home"
    install(bundle / "install-desktop.sh", "--no-refresh", home=home)
    assert exec_argv(exec_line(home / ".local")) == [str(bundle / "licensedesk"), "%U"]
    for f in FILES[1:]:
        assert (home / ".local" / f).read_bytes() == (bundle / f).read_bytes()


def test_unknown_argument_is_refused(tmp_path):
    done = subprocess.run(
        ["sh", str(SCRIPT), "--prefx", str(tmp_path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "unknown argument: --prefx" in done.stderr
    assert not (tmp_path / "share").exists()
