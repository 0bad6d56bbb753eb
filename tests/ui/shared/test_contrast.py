"""Status colours read on any palette: every colour the code shows text in (OK, BAD, WARN,
muted) reaches WCAG AA, 4.5:1, against the window and the base colour of a light, a
dark and two high-contrast palettes, as the code resolves it at the time of use."""

from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from licensedesk.ui.shared import colours
from licensedesk.ui.shared.colours import AA_TEXT, contrast_ratio, text_style
from licensedesk.ui.shared.error_banner import ErrorBanner
from licensedesk.ui.shared.part_state import PartState
from licensedesk.ui.shared.support_dialog import hint_label

Role = QPalette.ColorRole


def palette(window: str, text: str, base: str, placeholder: QColor | str | None = None) -> QPalette:
    """A palette with these colours (every group), as a theme or the user would set it."""
    p = QPalette(QColor(window))
    for role, colour in (
        (Role.Window, window),
        (Role.Base, base),
        (Role.WindowText, text),
        (Role.Text, text),
        (Role.ButtonText, text),
    ):
        p.setColor(role, QColor(colour))
    if placeholder is not None:
        p.setColor(Role.PlaceholderText, QColor(placeholder))
    return p


def half(colour: str) -> QColor:
    """``colour`` at half opacity: how Qt's own palettes make their placeholder text."""
    c = QColor(colour)
    c.setAlpha(128)
    return c


PALETTES = {
    "light": palette("#efefef", "#000000", "#ffffff", half("#000000")),
    "dark": palette("#2b2b2b", "#ffffff", "#1e1e1e", half("#ffffff")),
    "high contrast, black on white": palette("#ffffff", "#000000", "#ffffff", "#000000"),
    "high contrast, white on black": palette("#000000", "#ffffff", "#000000", "#ffffff"),
    # a placeholder as faint as the old palette(mid) text: the muted colour must fix it
    "dark, faint placeholder": palette("#2b2b2b", "#ffffff", "#1e1e1e", "#3a3a3a"),
}


@pytest.fixture(params=list(PALETTES), ids=list(PALETTES))
def app_palette(request, qapp):
    """The application palette set to one of :data:`PALETTES`, restored afterwards."""
    old = QApplication.palette()
    QApplication.setPalette(PALETTES[request.param])
    yield PALETTES[request.param]
    QApplication.setPalette(old)


def style_colour(style: str) -> QColor:
    """The text colour a style sheet from ``text_style`` (or a label's sheet) sets."""
    found = re.search(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6})", style)
    assert found, f"no text colour in {style!r}"
    return QColor(found.group(1))


def assert_readable(colour: QColor, p: QPalette, what: str) -> None:
    for role in (Role.Window, Role.Base):
        ratio = contrast_ratio(colour, p.color(role))
        assert ratio >= AA_TEXT, (
            f"{what} {colour.name()} on {role.name} {p.color(role).name()}: {ratio:.2f}:1"
        )


@pytest.mark.parametrize("name", ["OK", "BAD", "WARN", "MUTED"])
def test_every_status_colour_reads_on_window_and_base(app_palette, name):
    # as the use sites read them: colours.BAD in a QColor or an HTML colour ...
    assert_readable(QColor(getattr(colours, name)), app_palette, f"colours.{name}")
    # ... and through text_style(), also with the colour given as the old fixed hue
    assert_readable(
        style_colour(text_style(getattr(colours, name))), app_palette, f"text_style(colours.{name})"
    )
    if name in colours.HUES:
        assert_readable(
            style_colour(text_style(colours.HUES[name], bold=True)),
            app_palette,
            f"text_style({colours.HUES[name]})",
        )


def test_the_shared_widgets_show_their_status_text_readably(app_palette, qtbot):
    """What the shared widgets set at the time they show text: a part's error line and
    empty message, a hint under a field, the error banner's border."""
    content = QLabel("content")
    state = PartState(content, "activations")
    qtbot.addWidget(state)
    state.show_message("Could not load the activations.", error=True)
    assert_readable(style_colour(state.message.styleSheet()), app_palette, "part error")
    state.show_message("No activations.")
    assert_readable(style_colour(state.message.styleSheet()), app_palette, "part message")
    hint = hint_label("someHint")
    qtbot.addWidget(hint)
    assert_readable(style_colour(hint.styleSheet()), app_palette, "hint")
    banner = ErrorBanner()
    qtbot.addWidget(banner)
    border = re.search(r"border-left: 4px solid (#[0-9a-fA-F]{6})", banner.styleSheet())
    assert (
        border and contrast_ratio(QColor(border.group(1)), app_palette.color(Role.Base)) >= 3.0
    )  # a UI part: 3:1


def test_the_old_fixed_red_failed_on_the_dark_palette(qapp):
    """What the test guards against: the fixed BAD of before read at ~2.6:1 on #2b2b2b."""
    assert contrast_ratio(QColor("#c0392b"), QColor("#2b2b2b")) < AA_TEXT


def test_the_banner_border_follows_a_palette_change(qtbot, qapp):
    old = QApplication.palette()
    banner = ErrorBanner()
    qtbot.addWidget(banner)
    light_sheet = banner.styleSheet()
    try:
        QApplication.setPalette(PALETTES["dark"])
        qtbot.waitUntil(lambda: banner.styleSheet() != light_sheet)
        border = re.search(r"border-left: 4px solid (#[0-9a-fA-F]{6})", banner.styleSheet())
        assert contrast_ratio(QColor(border.group(1)), QColor("#1e1e1e")) >= AA_TEXT
    finally:
        QApplication.setPalette(old)
