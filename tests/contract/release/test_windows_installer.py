"""The Windows installer's script (packaging/windows/licensedesk.nsi), compiled here by
Debian's makensis (the same NSIS 3 the Windows job uses) around a stand-in payload laid
out as the Windows bundle is (``licensedesk.exe``, ``_internal/``, ``LICENSE``). What it
installs and registers is read from makensis's own account of every instruction it
compiled (``-V4``): the payload's files, the ``licensedesk://`` scheme under
``HKCU\\Software\\Classes``, the Apps entry with its uninstaller; and the uninstaller
takes back each of them. Warnings fail the build (``-WX``). The installer itself has
not been run here (no Windows): packaging/README.md."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from licensedesk import APP_NAME

from .validators import need

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "packaging" / "windows" / "licensedesk.nsi"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
SCHEME = r"HKCU\Software\Classes\licensedesk"
UNINSTALL = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\LicenseDesk"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> dict[str, object]:
    """The installer compiled around a stand-in bundle; makensis's account, split into
    the install and the uninstall section."""
    makensis = need("makensis", "test")
    root = tmp_path_factory.mktemp("nsis")
    payload = root / "licensedesk"
    (payload / "_internal" / "licensedesk").mkdir(parents=True)
    (payload / "licensedesk.exe").write_bytes(b"MZ stand-in for the PyInstaller executable")
    (payload / "_internal" / "licensedesk" / "__init__.pyc").write_bytes(b"stand-in")
    (payload / "LICENSE").write_text("stand-in licence\n")
    out = root / f"LicenseDesk-{VERSION}-setup.exe"
    done = subprocess.run(
        [
            makensis,
            "-V4",
            "-WX",
            "-NOCD",
            f"-DVERSION={VERSION}",
            f"-DSOURCE_DIR={payload}",
            f"-DOUTFILE={out}",
            str(SCRIPT),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    lines = done.stdout.splitlines()
    start = lines.index('Section: "Uninstall"')
    return {
        "exe": out,
        "payload": payload,
        "install": lines[:start],
        "uninstall": lines[start:],
    }


def test_it_compiles_to_a_windows_program(compiled):
    exe = compiled["exe"]
    data = exe.read_bytes()
    assert data[:2] == b"MZ"
    assert b"NullsoftInst" in data  # the signature of an NSIS installer's data


def test_it_installs_the_whole_bundle(compiled):
    files = {
        line.split('"')[1] for line in compiled["install"] if re.match(r'File: "[^"]+" \d', line)
    }
    assert files == {"licensedesk.exe", "LICENSE", "__init__.pyc"}
    assert any(
        line.startswith("File: Descending to:")
        and line.rstrip('/"').endswith("_internal/licensedesk")
        for line in compiled["install"]
    )
    assert 'WriteUninstaller: "$INSTDIR\\uninstall.exe"' in compiled["install"]
    assert (
        'CreateShortcut: "$SMPROGRAMS\\License Desk.lnk"->"$INSTDIR\\licensedesk.exe"'
        in "\n".join(compiled["install"])
    )


def test_it_registers_the_licensedesk_scheme_for_the_user(compiled):
    install = compiled["install"]
    assert f"WriteRegStr: {SCHEME}\\=URL:License Desk" in install
    assert f"WriteRegStr: {SCHEME}\\URL Protocol=" in install  # what makes it a scheme
    # the link is the program's one argument, as on Linux (%U) and in the single instance
    assert f'WriteRegStr: {SCHEME}\\shell\\open\\command\\="$INSTDIR\\licensedesk.exe" "%1"' in (
        install
    )
    assert not [line for line in install if "HKLM" in line]  # no administrator rights


def test_it_has_an_entry_in_apps_with_its_uninstaller(compiled):
    install = compiled["install"]
    assert f"WriteRegStr: {UNINSTALL}\\DisplayName=License Desk" in install
    assert f"WriteRegStr: {UNINSTALL}\\DisplayVersion={VERSION}" in install
    assert f'WriteRegStr: {UNINSTALL}\\UninstallString="$INSTDIR\\uninstall.exe"' in install


def test_the_uninstaller_takes_back_everything_it_installed(compiled):
    uninstall = compiled["uninstall"]
    assert f"DeleteRegKey: {SCHEME}" in uninstall
    assert f"DeleteRegKey: {UNINSTALL}" in uninstall
    # what desktop-notifier's Windows backend registers for the app's notifications
    assert f"DeleteRegKey: HKCU\\Software\\Classes\\AppUserModelId\\{APP_NAME}" in uninstall
    assert 'Delete: "$SMPROGRAMS\\License Desk.lnk"' in uninstall
    removed = set()
    for line in uninstall:
        found = re.match(r'(?:Delete|RMDir): (?:/r )?"\$INSTDIR\\([^"]+)"', line)
        if found:
            removed.add(found.group(1))
    top = {path.name for path in compiled["payload"].iterdir()}
    assert top | {"uninstall.exe"} <= removed, "the uninstaller leaves files of the bundle"
    assert 'RMDir: "$INSTDIR"' in uninstall  # not /r: never what the user put there
