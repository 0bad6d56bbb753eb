"""Let go of a big list a slice per pass of the event loop, not all at once.

Freeing a serial's thousands of activations (each with its strings and times) in one
go lands in a frame already busy with the clearing and its paint. Freed a thousand at
a time, each pass of the loop does a small share. Freeing them in a worker thread was
tried and only moved the wait: the worker holds the GIL while it frees.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer

#: items freed per pass of the event loop
SLICE = 1000


class SliceRelease(QObject):
    """Holds lists given up by their owner and frees them, :data:`SLICE` items a pass."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._held: list[list[Any]] = []
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._free_some)

    def release(self, items: list[Any]) -> None:
        """Take ``items`` (the caller keeps no other reference to the list)."""
        if items:
            self._held.append(items)
            self._timer.start()

    def pending(self) -> int:
        """How many items are still held (tests)."""
        return sum(map(len, self._held))

    def _free_some(self) -> None:
        budget = SLICE
        while self._held and budget > 0:
            items = self._held[-1]
            n = min(budget, len(items))
            del items[len(items) - n:]
            budget -= n
            if not items:
                self._held.pop()
        if not self._held:
            self._timer.stop()
