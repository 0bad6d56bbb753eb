"""A timer that waits a moment before it acts: typing that settles, a read after a
change, a busy page that shows only when a call takes long."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


def one_shot(parent: QObject, ms: int, slot: Callable[[], object]) -> QTimer:
    """A timer, not started, that calls ``slot`` once ``ms`` after its last ``start()``
    (started again while it waits, the wait begins anew)."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(ms)
    timer.timeout.connect(slot)
    return timer
