"""The History settings show a connection error whole (the driver's words run to several
lines): the dialog grows for it, in English and German."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest

from ..helpers import click
from .test_team_store import settings_dialog


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_long_connection_error_is_shown_whole(request, qtbot, language):
    from tests.support.net import free_port

    if language == "de":
        request.getfixturevalue("german")  # before the window is built, as at a start
    desk = request.getfixturevalue("desk")
    d = settings_dialog(desk, qtbot)
    click(qtbot, d.team)
    QTest.keyClicks(d.url, f"postgresql://desk@127.0.0.1:{free_port()}/nowhere")
    click(qtbot, d.test_button)
    label = d.test_result
    qtbot.waitUntil(
        lambda: (
            d.test_button.isEnabled()
            and bool(label.text())
            and label.text() not in ("Connecting\u2026", "Verbinde\u2026")
        ),
        timeout=15000,
    )
    qtbot.waitUntil(lambda: label.heightForWidth(label.width()) <= label.height(), timeout=2000)
