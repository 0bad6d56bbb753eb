"""A long list of devices announced to the views a part at a time, and an old one freed
off the UI thread (docs/ui.md, "Keeping a frame").

The filter proxy asks its Python ``filterAcceptsRow`` once per row it is told of: the
200,000 devices of a site licence in one reset held the UI thread for a few hundred
milliseconds. :class:`Filling` tells the views of :data:`PART` rows at a time, one part
per turn of the event loop (a zero-time QTimer), so frames and input go on between
parts. Anything that changes or finds rows (a sort, a toggle, a removal) first
announces the rest at once (:meth:`Filling.finish`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QTimer

from licensedesk.api.offload import submit

#: rows announced per turn of the event loop
PART = 2500
#: items freed at a time in the worker (between two, the UI thread may take the GIL)
_DROP = 4096


class Filling:
    """How many of ``model``'s rows the views know of (:attr:`shown`), and the timer that
    announces the others."""

    def __init__(self, model: QAbstractItemModel) -> None:
        self.model = model
        self.shown = 0
        self.total = 0
        self._timer = QTimer(model)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._part)

    def reset(self, total: int) -> None:
        """Inside the model's reset: the first part of ``total`` rows is known."""
        self._timer.stop()
        self.total = total
        self.shown = min(total, PART)

    def go_on(self) -> None:
        """After the reset: the next parts, one per turn."""
        if self.shown < self.total:
            self._timer.start()

    def finish(self) -> None:
        """Every row announced now."""
        self._timer.stop()
        self._announce(self.total - self.shown)

    def removed(self) -> None:
        """One announced row went (inside the model's row removal)."""
        self.total -= 1
        self.shown -= 1

    def _part(self) -> None:
        self._announce(min(PART, self.total - self.shown))
        self.go_on()

    def _announce(self, n: int) -> None:
        if n > 0:
            self.model.beginInsertRows(QModelIndex(), self.shown, self.shown + n - 1)
            self.shown += n
            self.model.endInsertRows()


def release(*parts: Any) -> None:
    """Free big lists and dicts (None: nothing) in the decode worker, a slice at a time;
    small ones here."""
    given = [p for p in parts if p]
    if sum(map(len, given)) > _DROP:
        submit(_drop, *given)


def _drop(*parts: Any) -> None:
    for part in parts:
        if isinstance(part, list):
            while part:
                del part[-_DROP:]
        else:
            part.clear()
