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


@pytest.mark.parametrize(("name", "pattern"), [
    ("en_US", r"Last request: \d{1,2}:\d\d:\d\d\u202f(AM|PM)"),  # a 12-hour clock
    ("de_DE", r"Last request: \d\d:\d\d:\d\d"),
])
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
