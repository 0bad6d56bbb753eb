"""The app's own SVG icons (ui/partials/icons.py): present for every name the code asks
for, shipped as package data, drawn in the palette's colour at paint time."""

from __future__ import annotations

import logging
import re
import tomllib
from fnmatch import fnmatch
from importlib import resources
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QIcon, QImage, QPalette, QPixmap
from PySide6.QtWidgets import QApplication, QToolButton

from licensedesk.ui.shared import icons
from licensedesk.ui.shared.icons import icon

ROOT = Path(__file__).resolve().parents[3]
APP = ROOT / "app" / "licensedesk"
# names the app served before it had its own icons (QIcon.fromTheme + fallbacks)
SERVED = {
    "edit-find",
    "view-refresh",
    "edit-delete",
    "dialog-error",
    "dialog-warning",
    "dialog-information",
    "window-close",
    "document-save",
    "edit-copy",
    "media-playback-start",
    "media-playback-stop",
    "preferences-system",
    "computer",
    "view-reveal",
    "network-server",
}
SEMANTIC = {"dialog-error", "dialog-warning"}  # keep their red / amber
CALL = re.compile(r"""\bicon\(\s*["']([^"']+)["']""")

LIGHT_TEXT, DARK_TEXT = QColor("#1d2b3a"), QColor("#e8e4dc")
DISABLED_TEXT, SELECTED_TEXT = QColor("#8a7f70"), QColor("#fefe01")


def used_names() -> set[str]:
    found = set()
    for path in APP.rglob("*.py"):
        if path.name != "icons.py":
            found.update(CALL.findall(path.read_text(encoding="utf-8")))
    return found


def palette(text: QColor, window: str = "#ffffff") -> QPalette:
    pal = QPalette(QColor(window))
    pal.setColor(QPalette.ColorRole.WindowText, text)
    pal.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, DISABLED_TEXT)
    pal.setColor(QPalette.ColorRole.HighlightedText, SELECTED_TEXT)
    return pal


@pytest.fixture
def app_palette(qapp):
    """Set the application palette for one test; the old one comes back afterwards."""
    before = QPalette(qapp.palette())

    def _set(pal: QPalette) -> None:
        QApplication.setPalette(pal)

    yield _set
    QApplication.setPalette(before)


def opaque_colours(image: QImage) -> dict[str, int]:
    """``#rrggbb`` -> count of the fully opaque pixels of that colour."""
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    counts: dict[str, int] = {}
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            if c.alpha() == 255:
                counts[c.name()] = counts.get(c.name(), 0) + 1
    return counts


def ink(image: QImage) -> int:
    """How many pixels are drawn at all (antialiased curves may have no opaque pixel)."""
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    return sum(
        image.pixelColor(x, y).alpha() > 0
        for y in range(image.height())
        for x in range(image.width())
    )


def only_colour(pixmap: QPixmap) -> str:
    counts = opaque_colours(pixmap.toImage())
    assert counts, "no opaque pixel"
    assert len(counts) == 1, counts
    return next(iter(counts))


def test_the_code_asks_for_icons_and_every_one_has_an_svg(qapp):
    used = used_names()
    assert {"edit-find", "dialog-error", "edit-copy"} <= used  # the scan still finds calls
    missing = sorted((used | SERVED) - set(icons.names()))
    assert not missing, f"no SVG in licensedesk/ui/icons/ for {missing}"


@pytest.mark.parametrize("name", sorted(SERVED | used_names()))
def test_every_icon_renders_a_non_empty_pixmap(qapp, name):
    ic = icon(name)
    assert not ic.isNull()
    assert ic.name() == name
    for size in (16, 20, 24, 48):
        pixmap = ic.pixmap(size, size)
        assert pixmap.size() == QSize(size, size)
        assert ink(pixmap.toImage()) >= size, f"{name} at {size}px is (nearly) blank"


@pytest.mark.parametrize("name", sorted(set(icons.names()) - SEMANTIC))
def test_opaque_pixels_take_the_palettes_window_text_colour(app_palette, name):
    app_palette(palette(LIGHT_TEXT))
    assert only_colour(icon(name).pixmap(24, 24)) == LIGHT_TEXT.name()


def test_the_same_icon_follows_a_palette_change_to_dark(app_palette):
    app_palette(palette(LIGHT_TEXT))
    ic = icon("edit-find")
    assert only_colour(ic.pixmap(16, 16)) == LIGHT_TEXT.name()
    app_palette(palette(DARK_TEXT, window="#202020"))
    assert only_colour(ic.pixmap(16, 16)) == DARK_TEXT.name()


def test_a_shown_button_repaints_its_icon_in_the_new_colour(app_palette, qtbot):
    app_palette(palette(LIGHT_TEXT))
    button = QToolButton()
    button.setIcon(icon("window-close"))
    qtbot.addWidget(button)
    button.show()
    qtbot.waitExposed(button)
    assert opaque_colours(button.grab().toImage()).get(LIGHT_TEXT.name(), 0) > 10
    app_palette(palette(DARK_TEXT, window="#202020"))  # the widget is not touched
    after = opaque_colours(button.grab().toImage())
    assert after.get(DARK_TEXT.name(), 0) > 10
    assert LIGHT_TEXT.name() not in after


def test_disabled_and_selected_modes_use_their_palette_colours(app_palette):
    app_palette(palette(LIGHT_TEXT))
    ic = icon("edit-delete")
    size = QSize(24, 24)
    assert only_colour(ic.pixmap(size, QIcon.Mode.Disabled)) == DISABLED_TEXT.name()
    assert only_colour(ic.pixmap(size, QIcon.Mode.Selected)) == SELECTED_TEXT.name()
    assert only_colour(ic.pixmap(size, QIcon.Mode.Active)) == LIGHT_TEXT.name()
    assert only_colour(ic.pixmap(size, QIcon.Mode.Normal)) == LIGHT_TEXT.name()


def test_error_and_warning_keep_their_colour_in_any_palette(app_palette):
    for text in (LIGHT_TEXT, DARK_TEXT):
        app_palette(palette(text))
        error = opaque_colours(icon("dialog-error").pixmap(24, 24).toImage())
        warning = opaque_colours(icon("dialog-warning").pixmap(24, 24).toImage())
        assert max(error, key=error.get) == "#c0392b"
        assert max(warning, key=warning.get) == "#e5a50a"
        assert text.name() not in error and text.name() not in warning


def test_pixmaps_are_sharp_at_a_device_pixel_ratio(qapp):
    pixmap = icon("computer").pixmap(QSize(16, 16), 2.0)
    assert pixmap.devicePixelRatio() == 2.0
    assert pixmap.size() == QSize(32, 32)
    assert pixmap.deviceIndependentSize().toSize() == QSize(16, 16)


def test_a_detached_copy_of_an_icon_still_renders(app_palette):
    """QIcon copy-on-write calls the engine's clone(); the clone must outlive clone()."""
    app_palette(palette(LIGHT_TEXT))
    original = icon("edit-copy")
    copy = QIcon(original)
    copy.addPixmap(QPixmap(8, 8))  # detaches: clone()
    del original
    assert only_colour(copy.pixmap(24, 24)) == LIGHT_TEXT.name()


def test_an_unknown_name_gives_an_empty_icon_and_a_warning(qapp, caplog):
    with caplog.at_level(logging.WARNING, logger=icons.__name__):
        ic = icon("no-such-icon")
    assert ic.isNull()
    assert "no-such-icon" in caplog.text
    assert icon("../partials/icons").isNull()


def test_the_svgs_are_package_data(qapp):
    folder = resources.files("licensedesk.ui.icons")
    for name in SERVED | used_names():
        data = folder.joinpath(f"{name}.svg").read_bytes()
        assert data.lstrip().startswith(b"<svg"), name
        if name not in SEMANTIC:
            assert b"currentColor" in data, f"{name}.svg has a fixed colour"
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["licensedesk.ui.icons"]
    for name in icons.names():
        assert any(fnmatch(f"{name}.svg", g) for g in globs), f"{name}.svg not in the wheel"
