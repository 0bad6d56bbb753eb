"""The release files agree with each other: one licence identifier, one version, the
same releases in CHANGELOG.md and the AppStream metainfo, a desktop file that names the
app id, its icon and the licensedesk:// scheme the app accepts. (The validators run in
tests/contract/release/test_desktop_validators.py.)"""

from __future__ import annotations

import configparser
import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from licensedesk.__main__ import LINK_PREFIX

ROOT = Path(__file__).resolve().parents[3]
APP_ID = "io.licensedesk.LicenseDesk"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
METAINFO = ET.parse(ROOT / "resources" / f"{APP_ID}.metainfo.xml").getroot()
# the main categories of the freedesktop menu specification (Appendix A)
MAIN_CATEGORIES = {
    "AudioVideo",
    "Audio",
    "Video",
    "Development",
    "Education",
    "Game",
    "Graphics",
    "Network",
    "Office",
    "Science",
    "Settings",
    "System",
    "Utility",
}


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive
    parser.read(ROOT / "resources" / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def changelog_releases() -> list[tuple[str, str]]:
    """(version, date) of every released section, in file order; Unreleased left out."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## \[(\d[^\]]*)\] - (\d{4}-\d{2}-\d{2})\s*$", text, re.MULTILINE)


def test_one_licence_identifier_everywhere():
    licence = PYPROJECT["license"]
    assert licence == METAINFO.findtext("project_license") == "LicenseRef-proprietary"
    assert "LICENSE" in PYPROJECT["license-files"]
    assert licence in (ROOT / "LICENSE").read_text(encoding="utf-8").splitlines()[0]
    about = (ROOT / "app/licensedesk/ui/shell/help.py").read_text(encoding="utf-8")
    assert f"({licence})" in about  # what Help → About says


def test_changelog_and_metainfo_name_the_same_releases():
    releases = changelog_releases()
    assert releases, "CHANGELOG.md has no released version"
    in_metainfo = [(r.get("version"), r.get("date")) for r in METAINFO.iter("release")]
    assert in_metainfo == releases
    dates = [date for _version, date in releases]
    assert dates == sorted(dates, reverse=True), "newest first"


def test_the_version_is_the_newest_release():
    """pyproject's version is the newest release of the changelog; work after it is
    under [Unreleased] until the version is raised for the next release."""
    assert PYPROJECT["version"] == changelog_releases()[0][0]


def test_metainfo_is_complete_and_its_screenshots_are_ours():
    assert METAINFO.get("type") == "desktop-application"
    assert METAINFO.findtext("id") == APP_ID
    assert METAINFO.find("launchable").text == f"{APP_ID}.desktop"
    assert METAINFO.findtext("url[@type='homepage']", "").startswith("https://")
    assert METAINFO.findtext("developer_name", "").strip()
    assert METAINFO.find("content_rating").get("type") == "oars-1.1"
    images = [urlsplit(i.text.strip()) for i in METAINFO.iter("image")]
    assert images and all(u.scheme == "https" for u in images)
    for url in images:  # a published copy of docs/screenshots/
        assert (ROOT / "docs" / "screenshots" / PurePosixPath(url.path).name).is_file(), url
    assert [s.get("type") for s in METAINFO.iter("screenshot")].count("default") == 1
    assert [c.text for c in METAINFO.iter("category")] == desktop_entry()["Categories"].split(";")[
        :-1
    ]


def test_desktop_file_names_the_app_its_icon_and_its_links():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Icon"] == APP_ID
    icon = ROOT / "app/licensedesk/ui/shell" / f"{APP_ID}.svg"  # package data and desktop icon
    assert icon.is_file()
    main = [c for c in entry["Categories"].split(";") if c in MAIN_CATEGORIES]
    assert len(main) == 1, f"one main category, not {main}"
    # %U: a link (or nothing) as the one optional argument licensedesk takes
    assert entry["Exec"].split() == ["licensedesk", "%U"]
    scheme = LINK_PREFIX.split(":", 1)[0]
    assert f"x-scheme-handler/{scheme}" in entry["MimeType"].split(";")
    assert any(m.text == f"x-scheme-handler/{scheme}" for m in METAINFO.iter("mediatype"))
    # the window tells the desktop which entry it belongs to (Wayland's app id)
    main_py = (ROOT / "app/licensedesk/__main__.py").read_text(encoding="utf-8")
    assert f'setDesktopFileName("{APP_ID}")' in main_py
