"""``RenewalsNotice``: at start and once a day while the window is open, one desktop
notification for the licences of the book that entered the renewals window since the
last one (:mod:`licensedesk.book.announced` remembers which were told).

A person who is away from the window learns that renewals are due without opening it;
one who has the Renewals view open is not told the same licence twice. Nothing here
ever shows a dialog: a book that cannot be read or a desktop without a notification
service is one line in the log, and the next check tries again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from licensedesk.book import RenewalsQuery, Sighting
from licensedesk.book.announced import Announced
from licensedesk.book.announcement import announcement
from licensedesk.book.renewals import bounds
from licensedesk.history.store import StoreError
from licensedesk.licence_term import ENDING_DAYS

from .notifier import DesktopNotice

log = logging.getLogger(__name__)

DAY_MS = 24 * 60 * 60 * 1000

Ending = Callable[[RenewalsQuery], Awaitable[list[Sighting]]]


class RenewalsNotice(QObject):
    """``ending``: the book's renewals in a window (``DeskBook.ending``); ``notice``: the
    desktop's service; ``path``: the file of what was announced; ``enabled``: the
    person's setting, read at each check; ``paused``: no check now (the demo is on show:
    its made-up licences are nobody's renewals)."""

    announced = Signal(int)  # a notification told of that many licences

    def __init__(
        self,
        ending: Ending,
        notice: DesktopNotice,
        path: Path,
        *,
        enabled: Callable[[], bool],
        on_clicked: Callable[[], None],
        paused: Callable[[], bool],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._ending = ending
        self._notice = notice
        self._path = path
        self._enabled = enabled
        self._on_clicked = on_clicked
        self._paused = paused
        self._task: asyncio.Task[list[Sighting]] | None = None
        self._one_at_a_time = asyncio.Lock()  # two checks never tell the same licence
        self.timer = QTimer(self)
        self.timer.setObjectName("renewalsNoticeTimer")
        self.timer.setTimerType(Qt.TimerType.VeryCoarseTimer)  # a day, give or take a second
        self.timer.setInterval(DAY_MS)
        self.timer.timeout.connect(self.start_check)

    def start(self) -> asyncio.Task[list[Sighting]] | None:
        """Check now (the start) and then once a day."""
        self.timer.start()
        return self.start_check()

    def start_check(self) -> asyncio.Task[list[Sighting]] | None:
        """A check in the background (the one running, if one is); None when turned off."""
        if not self._enabled():
            return None
        if self._task is None or self._task.done():
            self._task = asyncio.get_event_loop().create_task(self._guarded())
        return self._task

    async def check(self, now: datetime | None = None) -> list[Sighting]:
        """Tell the desktop of the licences ending within the window that were not told
        before; returns them (empty when nothing was told)."""
        async with self._one_at_a_time:
            if not self._enabled() or self._paused():
                return []
            try:
                ending = await self._ending(RenewalsQuery(*bounds(ENDING_DAYS, now)))
            except StoreError as exc:
                log.warning("Renewals not checked: %s", exc.sentence)
                return []
            announced = Announced.load(self._path)
            fresh = announced.fresh(ending)
            if not fresh or not self._enabled():  # turned off while the book was read
                return []
            words = announcement(fresh, now)
            if not await self._notice.send(words.title, words.body, self._on_clicked):
                log.warning(
                    "Renewals not announced (licences: %d): no desktop notification "
                    "service took the notification",
                    len(fresh),
                )
                return []
            try:
                announced.add(fresh, now=now)
            except OSError as exc:
                log.warning("The announced renewals cannot be kept in %s: %s", self._path, exc)
            self.announced.emit(len(fresh))
            return fresh

    async def _guarded(self) -> list[Sighting]:
        try:
            return await self.check()
        except Exception as exc:  # a nicety in the background: never a dialog
            log.warning("Renewals check failed: %s: %s", type(exc).__name__, exc)
            return []

    async def aclose(self) -> None:
        """Stop the daily check and the one in flight (on quit)."""
        self.timer.stop()
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
