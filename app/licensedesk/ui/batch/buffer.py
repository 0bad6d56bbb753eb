"""Answers gathered and handed on in chunks, so 10,000 answers are ~hundreds of UI updates.

The engine reports each serial on its own (``on_result``); one model update,
repaint and progress line per answer would stall the window at a few hundred
answers a second. :class:`ResultBuffer` keeps them and emits ``flushed`` with
the list at most every :data:`FLUSH_MS` (the timer runs only while answers wait).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from ..shared.timers import one_shot

#: how long an answer may wait before it is shown: under a human's notice,
#: long enough that each flush carries many answers at full speed
FLUSH_MS = 40


class ResultBuffer(QObject):
    flushed = Signal(object)  # list: the answers gathered since the last flush, in order

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: list[Any] = []
        self._timer = one_shot(self, FLUSH_MS, self.flush)

    def add(self, item: Any) -> None:
        self._items.append(item)
        if not self._timer.isActive():
            self._timer.start()

    def flush(self) -> None:
        """Hand on what waits now (also at the end of a check, not to wait for the timer)."""
        self._timer.stop()
        if self._items:
            items, self._items = self._items, []
            self.flushed.emit(items)

    def clear(self) -> None:
        self._timer.stop()
        self._items = []

    def __len__(self) -> int:
        return len(self._items)
