"""A running check: answers fill their rows as they come, Cancel stops sending at once and
keeps what was answered, a second check cannot start over it, and Retry failed checks
again only the rows that could not be checked."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.ui.batch.model import COL_SERIAL, COL_STATUS

from ..helpers import click, wait_idle
from ..lookup.test_serial_box import paste_and_enter
from .steps import KINDS, WORDS, check, check_text, column, open_batch, paste, unknown

SHOW = "/v2/licenses/show-license"
N = 24


def test_cancel_half_way_keeps_the_answers_and_sends_no_more(desk, qtbot):
    sandbox = desk.sandbox
    sandbox.faults.add("slow", delay_ms=300)  # every request: 8 answers per 0.3 s
    serials = [unknown(i) for i in range(N)]
    window = open_batch(desk, qtbot)
    paste(window, qtbot, "\n".join(serials))
    check(window, qtbot)
    assert column(window, COL_SERIAL) == serials  # every row from the start, in input order
    assert set(column(window, COL_STATUS)) == {"waiting\u2026"}
    assert window.progress.isVisible() and window.cancel_button.isEnabled()

    qtbot.waitUntil(lambda: window.model.answered() >= 8, timeout=5000)
    assert window.progress.value() == window.model.answered()
    assert window.progress.format().startswith(f"{window.model.answered()} of {N}")
    click(qtbot, window.cancel_button)
    qtbot.waitUntil(lambda: not window.is_running(), timeout=3000)
    stopped_at = time.monotonic()

    words = column(window, COL_STATUS)
    answered = words.count("not found")
    assert 8 <= answered < N
    assert words.count("not checked (stopped)") == N - answered
    assert window.status_label.text() == (
        f"Stopped after {answered} serials: {answered} not found, "
        f"{N - answered} not checked (stopped)."
    )
    assert not window.progress.isVisible() and window.check_button.isEnabled()
    # what was in flight ends on the server; nothing new arrives after the stop
    qtbot.waitUntil(lambda: all(s.ended is not None for s in sandbox.served()), timeout=3000)
    assert all(s.arrived < stopped_at for s in sandbox.served())
    assert sandbox.request_count("GET", SHOW) < N


def test_a_second_check_cannot_start_over_a_running_one(desk, qtbot):
    sandbox = desk.sandbox
    sandbox.faults.add("slow", delay_ms=500)  # the run outlasts the steps below
    starts: list[int] = []
    desk.batch.controller.started.connect(starts.append)
    window = open_batch(desk, qtbot)
    paste(window, qtbot, "\n".join(unknown(i) for i in range(N)))
    check(window, qtbot)
    assert not window.check_button.isEnabled()
    assert window.input.isReadOnly()  # the serials under a running check stay as they are

    QTest.keyClick(window.input, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert desk.batch.check() is None
    # the serial box's "Check all" while it runs: the window says why nothing started
    first, second = sandbox.serial("perpetual"), sandbox.serial("trial")
    paste_and_enter(desk, qtbot, f"{first}\n{second}")
    click(qtbot, desk.window.workspace.check_all_button)
    assert window.status_label.text().startswith("A check is running")
    assert starts == [N]
    assert column(window, COL_SERIAL)[:2] == [unknown(0), unknown(1)]

    click(qtbot, window.cancel_button)
    qtbot.waitUntil(lambda: not window.is_running(), timeout=3000)
    wait_idle(desk, qtbot)


def test_retry_failed_checks_only_the_rows_that_failed(desk, qtbot):
    sandbox = desk.sandbox
    sandbox.faults.add("not_json", path=SHOW, times=3)  # the first run only
    serials = [sandbox.serial(k) for k in KINDS]
    window = check_text(desk, qtbot, "\n".join(serials))

    words = column(window, COL_STATUS)
    failed = [s for s, w in zip(serials, words, strict=True) if w.startswith("could not check")]
    assert len(failed) == 3
    assert window.retry_button.isEnabled()
    assert not window.banner.isVisible()
    assert desk.error_dialog is None or not desk.error_dialog.isVisible()
    sent = sandbox.request_count("GET", SHOW)

    click(qtbot, window.retry_button)
    qtbot.waitUntil(lambda: not window.is_running(), timeout=15000)

    assert sandbox.request_count("GET", SHOW) == sent + 3
    assert column(window, COL_SERIAL) == serials  # the answers went to their own rows
    assert column(window, COL_STATUS) == [WORDS.get(k, "active") for k in KINDS]
    assert not window.retry_button.isEnabled()


def test_choosing_another_profile_stops_the_check(desk, qtbot):
    sandbox = desk.sandbox
    sandbox.faults.add("slow", delay_ms=300)
    window = open_batch(desk, qtbot)
    paste(window, qtbot, "\n".join(unknown(i) for i in range(N)))
    check(window, qtbot)
    desk.connections.select(None)
    qtbot.waitUntil(lambda: not window.is_running(), timeout=3000)
    assert window.status_label.text() == (
        "The connection profile changed, so the check stopped. "
        "The rows checked with the other profile were cleared."
    )
    assert window.model.rowCount() == 0  # no answer of one service under another's title


def test_without_a_profile_the_check_says_so_in_a_sentence(desk, qtbot):
    window = open_batch(desk, qtbot)
    desk.connections.select(None)
    paste(window, qtbot, "\n".join(unknown(i) for i in range(3)))
    check(window, qtbot)
    qtbot.waitUntil(lambda: not window.is_running(), timeout=3000)
    assert window.banner.text() == "Choose a connection profile first."
    assert column(window, COL_STATUS) == ["not checked (stopped)"] * 3
    assert desk.error_dialog is None or not desk.error_dialog.isVisible()
    assert desk.sandbox.request_count() == 0


def test_an_empty_box_keeps_the_answers_on_show(desk, qtbot):
    window = check_text(desk, qtbot, unknown(1))
    window.input.clear()
    check(window, qtbot)
    assert window.status_label.text().startswith("There is no serial to check")
    assert column(window, COL_STATUS) == ["not found"]
