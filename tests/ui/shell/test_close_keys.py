"""Esc and Ctrl+W close the windows of their own, History (Ctrl+H) and Check many
serials (Ctrl+B), as a secondary window does; in the batch window Esc first cancels a
check that is running, and the window stays."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ..batch.steps import check, open_batch, paste, wait_checked
from ..history.test_history_window import open_window as open_history

KEYS = {
    "Esc": (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
    "Ctrl+W": (Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier),
}


def press(qtbot, window, keys: str) -> None:
    """The key where the focus is, once the window is the active one."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    key, modifier = KEYS[keys]
    QTest.keyClick(window.focusWidget() or window, key, modifier)


@pytest.mark.parametrize("keys", list(KEYS))
@pytest.mark.parametrize(
    "open_window, focused",
    [(open_history, lambda w: w.table), (open_batch, lambda w: w.input)],
    ids=["history", "batch"],
)
def test_the_window_closes(desk, qtbot, keys, open_window, focused):
    window = open_window(desk, qtbot)
    focused(window).setFocus()

    press(qtbot, window, keys)

    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)
    assert desk.window.isVisible()


def test_esc_in_a_running_batch_cancels_first_then_closes(desk, qtbot):
    desk.sandbox.set_latency(300)  # answers slow enough to press Esc while they come
    window = open_batch(desk, qtbot)
    paste(window, qtbot, "\n".join(desk.sandbox.serial(k) for k in ("perpetual", "trial")))
    check(window, qtbot)
    qtbot.waitUntil(window.is_running, timeout=2000)

    press(qtbot, window, "Esc")

    wait_checked(desk, qtbot)
    assert window.isVisible()
    assert "not checked (stopped)" in [
        window.proxy.index(r, 1).data() for r in range(window.proxy.rowCount())
    ]
    press(qtbot, window, "Esc")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)
