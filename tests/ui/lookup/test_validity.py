"""The validity bar tells expired, not started, ending and healthy apart: by its words,
its own colours in light and dark palettes, and text that is never clipped. Days are
the user's calendar days (NOW is 14:00 in Berlin, the zone these tests set)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import combinations

import pytest
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from licensedesk.ui.lookup.validity import STATES, ValidityBar, look_for, validity
from licensedesk.ui.shared.colours import AA_TEXT, contrast_ratio

from ..helpers import look_up

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
LOOKS = ("ok", "ending", "expired", "not_started")  # the ones that must differ


def days(n: float) -> datetime:
    return NOW + timedelta(days=n)


def palette(window: str, base: str, text: str, accent: str) -> QPalette:
    role = QPalette.ColorRole
    pal = QPalette(QColor(window))
    for r, colour in (
        (role.Window, window),
        (role.Base, base),
        (role.Text, text),
        (role.WindowText, text),
        (role.Highlight, accent),
        (role.HighlightedText, base),
    ):
        pal.setColor(r, QColor(colour))
    return pal


def light_palette() -> QPalette:
    """Fusion's light colours."""
    return palette("#efefef", "#ffffff", "#000000", "#308cc6")


def dark_palette() -> QPalette:
    """A dark palette as KDE's Breeze Dark gives one."""
    return palette("#353535", "#232323", "#eff0f1", "#3daee9")


@pytest.mark.parametrize(
    "start, end, state, percent, text",
    [
        (days(-40), days(325), "ok", 89, "325 days left"),
        (days(-335), days(30), "ending", 8, "30 days left"),
        (days(-5), days(25), "ending", 83, "25 days left"),  # within 30 days, as in a batch
        (days(-23), days(7), "ending", 23, "7 days left"),
        (days(-400), days(-35), "expired", 0, "expired 35 days ago"),
        (days(-30), days(-0.2), "expired", 0, "expired today"),
        (days(7), days(372), "not_started", 0, "starts in 7 days"),
        (days(-10), None, "perpetual", 100, "No end date"),
        # one day: the singular (ngettext); the day after is one day, however near
        (days(-29), days(0.5), "ending", 2, "1 day left"),  # 02:00 tomorrow
        (days(-400), days(-1.5), "expired", 0, "expired 1 day ago"),
        (days(0.5), days(30), "not_started", 0, "starts in 1 day"),
        (days(-29), days(0.3), "ending", 1, "ends today"),  # 21:12 today
        (days(0.3), days(30), "not_started", 0, "starts today"),
    ],
)
def test_state_percent_left_and_words_from_the_dates(start, end, state, percent, text, zone):
    zone("Europe/Berlin")
    v = validity(start, end, now=NOW)
    assert (v.state, v.percent, v.text) == (state, percent, text)
    assert v.state in STATES


@pytest.mark.parametrize("make", [light_palette, dark_palette], ids=["light", "dark"])
def test_each_state_has_its_own_look_and_readable_text(qtbot, make):
    pal = make()
    looks = {state: look_for(state, pal) for state in STATES}
    for state, look in looks.items():
        for under in (look.groove, look.fill):
            ratio = contrast_ratio(look.text, under)
            assert ratio >= AA_TEXT, f"{state}: {look.text.name()} on {under.name()}: {ratio:.2f}"
    for a, b in combinations(LOOKS, 2):
        assert looks[a] != looks[b], (a, b)
        assert looks[a].text != looks[b].text or looks[a].groove != looks[b].groove, (a, b)
    # what is painted is that look, with the palette the widget has
    bar = ValidityBar()
    qtbot.addWidget(bar)
    bar.setPalette(pal)
    bar.resize(240, bar.sizeHint().height())
    for state, v in (
        ("ok", validity(days(-40), days(325), NOW)),
        ("expired", validity(days(-400), days(-35), NOW)),
        ("not_started", validity(days(7), days(372), NOW)),
    ):
        bar.show_validity(v)
        assert bar.state == state
        look = looks[state]
        assert_near(left_pixel(bar), look.fill if v.percent else look.groove)
        assert_near(right_pixel(bar), look.groove)


def test_setting_the_state_property_restyles_the_bar(qtbot):
    """The licence card sets ``state`` as a Qt property; that alone must change the look."""
    bar = ValidityBar()
    qtbot.addWidget(bar)
    bar.setPalette(light_palette())
    bar.setValue(0)
    bar.setFormat("expired 3 days ago")
    bar.setProperty("state", "ok")
    before = bar.look()
    bar.setProperty("state", "expired")
    assert bar.state == "expired" and bar.look() != before
    assert_near(left_pixel(bar), look_for("expired", light_palette()).groove)


@pytest.mark.parametrize("text", ["expired 365 days ago", "starts in 365 days", "1 day left"])
@pytest.mark.parametrize("size", [9, 18])
def test_the_text_always_fits(qtbot, text, size):
    holder = QWidget()
    qtbot.addWidget(holder)
    bar = ValidityBar()
    font = QFont(bar.font())
    font.setPointSize(size)
    bar.setFont(font)
    bar.setValue(50)
    bar.setFormat(text)
    QVBoxLayout(holder).addWidget(bar)
    holder.resize(10, 10)  # a layout may not squeeze the bar below its text
    holder.show()
    qtbot.waitExposed(holder)
    advance = bar.fontMetrics().horizontalAdvance(text)
    assert bar.minimumSizeHint().width() >= advance + 2 * ValidityBar.PAD_X
    assert bar.sizeHint().width() >= advance + 2 * ValidityBar.PAD_X
    assert bar.width() >= advance and bar.height() >= bar.fontMetrics().height()


# -- through the window ------------------------------------------------------------------


def test_expired_subscription_looks_expired_in_the_window(desk, qtbot):
    sandbox, card = desk.sandbox, desk.window.workspace.card
    look_up(desk, qtbot, sandbox.serial("subscription_expired"))
    bar = card.validity_bar
    assert isinstance(bar, ValidityBar), "license_card.py must build its bar with ValidityBar"
    assert bar.state == "expired"
    assert card.validity_text() == "expired 35 days ago"
    assert bar.value() == 0  # empty, not a full healthy bar
    expired = bar.look()
    assert_near(left_pixel(bar), expired.groove)
    assert bar.width() >= bar.fontMetrics().horizontalAdvance(card.validity_text())

    look_up(desk, qtbot, sandbox.serial("subscription_active"))
    assert bar.state == "ok" and "days left" in card.validity_text()
    assert bar.value() > 50
    active = bar.look()
    assert active.groove != expired.groove and active.text != expired.text
    assert_near(left_pixel(bar), active.fill)

    look_up(desk, qtbot, sandbox.serial("subscription_not_started"))
    assert bar.state == "not_started" and card.validity_text() == "starts in 7 days"
    assert bar.look() not in (active, expired)


def test_a_subscription_without_a_period_is_no_active_subscription_in_the_window(desk, qtbot):
    """What validate answers for it ("No Active Subscription!"), not a healthy full bar
    with "No end date" (that is a perpetual licence's)."""
    card = desk.window.workspace.card
    look_up(desk, qtbot, desk.sandbox.serial("subscription_none"))
    bar = card.validity_bar
    assert (bar.state, card.validity_text(), bar.value()) == (
        "no_subscription",
        "No active subscription",
        0,
    )
    assert bar.look() == look_for("expired", bar.palette())


def test_the_window_bar_follows_a_dark_application_palette(desk, qtbot):
    before = QPalette(QApplication.palette())
    QApplication.setPalette(dark_palette())
    try:
        look_up(desk, qtbot, desk.sandbox.serial("subscription_expired"))
        bar = desk.window.workspace.card.validity_bar
        assert isinstance(bar, ValidityBar), "license_card.py must build its bar with ValidityBar"
        look = bar.look()
        assert look == look_for("expired", dark_palette())
        assert contrast_ratio(look.text, look.groove) >= AA_TEXT
        assert_near(left_pixel(bar), look.groove)
    finally:
        QApplication.setPalette(before)


# -- helpers -------------------------------------------------------------------------------


def left_pixel(bar: ValidityBar) -> QColor:
    """Just inside the left end, where no text is drawn."""
    return bar.grab().toImage().pixelColor(4, bar.height() // 2)


def right_pixel(bar: ValidityBar) -> QColor:
    return bar.grab().toImage().pixelColor(bar.width() - 5, bar.height() // 2)


def assert_near(got: QColor, want: QColor, slack: int = 3) -> None:
    diff = max(
        abs(got.red() - want.red()), abs(got.green() - want.green()), abs(got.blue() - want.blue())
    )
    assert diff <= slack, f"painted {got.name()}, expected {want.name()}"
