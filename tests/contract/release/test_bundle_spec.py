"""``packaging/licensedesk.spec`` and the translations (issue #15): the bundle carries our
compiled catalogues and Qt's ``qtbase_<lang>.qm`` for the same languages, and no other
language of Qt's. PyInstaller is not in the test set (``packaging/build.sh`` installs it;
``packaging/smoke.sh`` checks a real bundle), so the spec runs here on a copy of the
files it reads, with PyInstaller's build steps standing in: what it hands to them is
what the bundle gets."""

from __future__ import annotations

import os
import plistlib
import shutil
import sys
import tomllib
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
APP_ID = "io.licensedesk.LicenseDesk"
#: what PySide6's QtCore hook collects (every language Qt has; a sample)
QT_TRANSLATIONS = [
    "qt_de.qm",
    "qtbase_de.qm",
    "qt_fr.qm",
    "qtbase_fr.qm",
    "qtbase_pt_BR.qm",
    "qt_help_de.qm",
]
OTHER_DATA = ("PySide6/Qt/plugins/imageformats/libqsvg.so", "licensedesk/ui/icons/x.svg")


class _Step:
    """A PyInstaller build step (PYZ, EXE, COLLECT): takes what it is given."""

    def __init__(self, *args, **kwargs) -> None:
        self.args, self.kwargs = args, kwargs


def _analysis(qt_files: list[str], qt_folder: str = "PySide6/Qt/translations"):
    class Analysis:
        """As PyInstaller's: the spec's datas (source, folder) as (name, source, kind), and
        what the hooks add (Qt's translations)."""

        def __init__(self, scripts, **kwargs) -> None:
            self.scripts, self.pure, self.binaries = scripts, [], []
            self.datas = [
                (f"{folder}/{Path(src).name}", src, "DATA") for src, folder in kwargs["datas"]
            ]
            self.datas += [(f"{qt_folder}/{f}", f"/qt/{f}", "DATA") for f in qt_files]
            self.datas += [(name, "/x", "DATA") for name in OTHER_DATA]

    return Analysis


def _collect_data_files(tree: Path):
    def collect(package: str) -> list[tuple[str, str]]:
        """Every non-Python file of the package, as PyInstaller's helper finds them."""
        base = tree / "app"
        return [
            (str(f), str(f.parent.relative_to(base)))
            for f in (base / package).rglob("*")
            if f.is_file() and f.suffix != ".py"
        ]

    return collect


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """The files the spec reads, laid out as in the repository, with a compiled German."""
    for rel in (
        "packaging/licensedesk.spec",
        "packaging/install-desktop.sh",
        "packaging/macos/Info.plist",
        "pyproject.toml",
        "LICENSE",
        f"resources/{APP_ID}.desktop",
        f"resources/{APP_ID}.metainfo.xml",
        f"app/licensedesk/ui/shell/{APP_ID}.svg",
        "resources/translations/de.po",
    ):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, tmp_path / rel)
    mo = tmp_path / "app/licensedesk/locale/de/LC_MESSAGES/licensedesk.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(b"compiled")
    return tmp_path


def run_spec(
    tree: Path,
    monkeypatch,
    qt_files: list[str] = QT_TRANSLATIONS,
    qt_folder: str = "PySide6/Qt/translations",
) -> dict:
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = _collect_data_files(tree)
    hooks.collect_submodules = lambda package: []
    hooks.copy_metadata = lambda package: []
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    spec = tree / "packaging" / "licensedesk.spec"
    names = {
        "SPECPATH": str(spec.parent),
        "DISTPATH": str(tree / "dist"),
        "Analysis": _analysis(qt_files, qt_folder),
        "PYZ": _Step,
        "EXE": _Step,
        "COLLECT": _Step,
        "BUNDLE": _Step,
        "__file__": str(spec),
    }
    exec(compile(spec.read_text(), str(spec), "exec"), names)
    return names


def test_the_bundle_has_our_catalogues_and_qts_for_our_languages_only(tree, monkeypatch):
    names = run_spec(tree, monkeypatch)
    collected = {entry[0] for entry in names["coll"].args[2]}  # COLLECT(exe, binaries, datas)
    assert "licensedesk/locale/de/LC_MESSAGES/licensedesk.mo" in collected
    qt = {
        name.rsplit("/", 1)[1] for name in collected if name.startswith("PySide6/Qt/translations/")
    }
    assert qt == {"qt_de.qm", "qtbase_de.qm"}
    assert set(OTHER_DATA) <= collected  # nothing else is filtered
    assert (tree / "dist/licensedesk" / "LICENSE").is_file()


def test_a_catalogue_older_than_its_po_stops_the_build(tree, monkeypatch):
    po = tree / "resources/translations/de.po"
    mo = tree / "app/licensedesk/locale/de/LC_MESSAGES/licensedesk.mo"
    os.utime(mo, (po.stat().st_mtime - 60, po.stat().st_mtime - 60))
    with pytest.raises(SystemExit, match="compile the catalogues"):
        run_spec(tree, monkeypatch)
    mo.unlink()
    with pytest.raises(SystemExit, match="compile the catalogues"):
        run_spec(tree, monkeypatch)


def test_a_language_qt_has_no_catalogue_for_stops_the_build(tree, monkeypatch):
    with pytest.raises(SystemExit, match=r"qtbase_de\.qm"):
        run_spec(tree, monkeypatch, qt_files=["qtbase_fr.qm"])


def test_on_linux_the_bundle_has_the_desktop_files_of_the_scheme(tree, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    names = run_spec(tree, monkeypatch)
    desktop = tree / "dist/licensedesk/share/applications" / f"{APP_ID}.desktop"
    assert "MimeType=x-scheme-handler/licensedesk;" in desktop.read_text()
    assert (tree / "dist/licensedesk/install-desktop.sh").is_file()
    assert "app" not in names  # no .app off macOS


def test_on_macos_the_app_registers_the_scheme_in_its_info_plist(tree, monkeypatch):
    """macOS's branch of the spec, run here: the .app's Info.plist is PyInstaller's plus
    packaging/macos/Info.plist (read here with plistlib) and the version of pyproject."""
    monkeypatch.setattr(sys, "platform", "darwin")
    (tree / "dist/licensedesk").mkdir(parents=True)  # made by COLLECT
    names = run_spec(tree, monkeypatch)
    with open(ROOT / "packaging/macos/Info.plist", "rb") as fh:
        fragment = plistlib.load(fh)
    assert fragment["CFBundleURLTypes"] == [
        {
            "CFBundleURLName": APP_ID,
            "CFBundleURLSchemes": ["licensedesk"],
            "CFBundleTypeRole": "Viewer",
        }
    ]
    bundle = names["app"]
    assert bundle.args == (names["coll"],)
    assert bundle.kwargs["name"] == "License Desk.app"
    assert bundle.kwargs["bundle_identifier"] == APP_ID
    plist = bundle.kwargs["info_plist"]
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert plist["CFBundleURLTypes"] == fragment["CFBundleURLTypes"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == version
    assert plist["CFBundleLocalizations"] == ["en", "de"]
    assert not (tree / "dist/licensedesk/share").exists()  # Linux's desktop files
    assert (tree / "dist/licensedesk/LICENSE").is_file()


def test_on_windows_qts_catalogues_are_kept_where_pyside6_has_them(tree, monkeypatch):
    """Windows' branch, run here: PySide6's Windows wheel keeps Qt's catalogues in
    PySide6/translations (no Qt/ folder); the same filter and check apply there."""
    monkeypatch.setattr(sys, "platform", "win32")
    (tree / "dist/licensedesk").mkdir(parents=True)  # made by COLLECT
    names = run_spec(tree, monkeypatch, qt_folder="PySide6/translations")
    collected = {entry[0] for entry in names["coll"].args[2]}
    qt = {name for name in collected if name.startswith("PySide6/translations/")}
    assert qt == {"PySide6/translations/qt_de.qm", "PySide6/translations/qtbase_de.qm"}
    assert not (tree / "dist/licensedesk/share").exists()
    assert "app" not in names
