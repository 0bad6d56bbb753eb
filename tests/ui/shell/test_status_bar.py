"""The status bar says the profile, the server and when the last request ended, the time
written as the user's locale writes it."""

from __future__ import annotations

import re

import pytest

from licensedesk.ui.shell.main_window import MainWindow


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.build_welcome()
    return w


@pytest.mark.parametrize(
    ("name", "pattern"),
    [
        ("en_US", r"Last request: \d{1,2}:\d\d:\d\d\u202f(AM|PM)"),  # a 12-hour clock
        ("de_DE", r"Last request: \d\d:\d\d:\d\d"),
    ],
)
def test_last_request_time_in_the_locales_form(window, locale_named, name, pattern):
    locale_named(name)
    window.request_finished()
    assert re.fullmatch(pattern, window.status_last.text())


def test_profile_and_server(window):
    assert window.status_profile.text() == "No profile"
    window.set_status("Sandbox", "http://127.0.0.1:8080")
    assert window.status_profile.text() == "Profile: Sandbox"
    assert window.status_server.text() == "Server: http://127.0.0.1:8080"
    window.set_status("", "")
    assert (window.status_profile.text(), window.status_server.text()) == ("No profile", "")


def _message_right(window) -> int:
    """Where the bar's message ends as drawn: from its left margin, the text's width."""
    from licensedesk.ui.shell.status_bar import LEFT

    bar = window.statusBar()
    return LEFT + bar.fontMetrics().horizontalAdvance(bar.currentMessage())


@pytest.mark.parametrize("width", [1180, 760])
def test_a_long_message_ends_before_last_request(window, qtbot, width):
    window.resize(width, 500)
    window.show()
    qtbot.waitExposed(window)
    window.request_finished()
    long = "Deactivated 3 devices of LEWX-6XUC-N5G5-Q8F9-Q2R5; " * 6
    window.statusBar().showMessage(long, 10000)
    last = window.status_last
    qtbot.waitUntil(lambda: last.isVisible() and last.width() > 0)
    bar = window.statusBar()
    assert bar.currentMessage().endswith("\u2026")
    assert _message_right(window) <= last.x()
    assert bar.toolTip() == long  # the whole of it, on hover
    window.resize(width - 200, 500)  # less room: still clear of it
    qtbot.waitUntil(lambda: _message_right(window) <= last.x())
    assert bar.currentMessage() != ""


def test_a_short_message_is_shown_whole_and_goes_after_its_time(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    bar = window.statusBar()
    bar.showMessage("Saved.", 50)
    assert bar.currentMessage() == "Saved."
    qtbot.waitUntil(lambda: bar.currentMessage() == "", timeout=2000)
