"""The serial box reads a paste by the batch check's rule (licensedesk/batch/parse.py):
a six-group token is "not a serial", never its first five groups (another customer's
licence), and "holds N serials" is the batch window's count of the same text."""

from __future__ import annotations

import pytest

from ..batch.steps import unknown, wait_checked
from ..helpers import click, serial_box, type_serial_and_enter
from .test_serial_box import paste_and_enter


def spaced(serial: str) -> str:
    """``lewx 6xuc n5g5 q8f9 q2r5``: as a serial is read out or copied from a PDF."""
    return serial.lower().replace("-", " ")


@pytest.mark.parametrize("how", ["typed", "pasted"])
def test_a_six_group_token_is_not_a_serial_and_nothing_is_sent(desk, qtbot, how):
    six = desk.sandbox.serial("perpetual") + "-9999"  # its first five: a real licence
    desk.sandbox.clear_requests()
    if how == "typed":
        type_serial_and_enter(desk, qtbot, six)
    else:
        paste_and_enter(desk, qtbot, six)
    ws = desk.window.workspace
    qtbot.waitUntil(ws.hint.isVisible, timeout=2000)
    assert ws.hint.text().startswith(f"\u201c{six}"[:20]) and "is not a serial" in ws.hint.text()
    assert desk.lookup.serial is None and ws.card.license is None
    assert not desk.runner.running() and desk.sandbox.served() == []
    assert serial_box(desk).text() == six


def test_the_paste_hint_counts_what_the_batch_window_counts(desk, qtbot):
    sandbox = desk.sandbox
    first = sandbox.serial("perpetual")
    text = "\n".join(
        [
            "Serial",
            first,
            spaced(sandbox.serial("trial")),
            sandbox.serial("subscription_active") + "-9999",
            unknown(5),
            spaced(sandbox.serial("no_activations")),
            first,
        ]
    )
    paste_and_enter(desk, qtbot, text)
    ws = desk.window.workspace
    qtbot.waitUntil(lambda: desk.lookup.serial == first, timeout=3000)
    assert ws.hint.text() == f"The pasted text holds 4 serials; looking up the first, {first}."
    assert ws.check_all_button.text() == "Check all 4"

    click(qtbot, ws.check_all_button)

    window = desk.batch.window
    qtbot.waitUntil(lambda: window is not None and window.isVisible(), timeout=2000)
    wait_checked(desk, qtbot)
    assert window.count_label.text() == "4 serials, 1 duplicate dropped, 1 not a serial"
