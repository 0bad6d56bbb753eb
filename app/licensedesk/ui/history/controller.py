"""Reads the history off the UI thread: a serial's entries (the workspace's tab) and a
filtered list (the History window).

Named tasks on the feature's own :class:`~..shared.tasks.TaskRunner`
(``history.serial``; the window's ``history.query`` for a list's first page, then
``history.count`` for how many match, and ``history.page`` for each page the table's
window of pages asks for as it scrolls, :mod:`.page_window`; ``history.index`` for
building the search index of a history that lacks one; ``history.export`` for the
window's export, :mod:`.export_flow`): a newer read supersedes the one in flight, and
after a change the reads wait a moment (:data:`AFTER_CHANGE_MS`), so a burst of changes
(a bulk action) is read and painted once. Its own runner because these are not calls
to the service: they must not set the status bar's "Last request". The store's error
is a sentence (:class:`~licensedesk.history.StoreError`), shown in the part, never a
dialog.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Signal

from licensedesk.history import Entry, HistoryQuery, HistoryReads, StoreError
from licensedesk.history.paging import PAGE, Sort

from ..shared.tasks import TaskRunner, wait_for_tasks
from ..shared.timers import one_shot
from .page_window import Backward, PageRead

log = logging.getLogger(__name__)

SERIAL_TASK = "history.serial"
QUERY_TASK = "history.query"
PAGE_TASK = "history.page"
COUNT_TASK = "history.count"
INDEX_TASK = "history.index"
EXPORT_TASK = "history.export"  # run by export_flow, on the same runner: quit stops it
#: after a change, the lists read again this much later: a bulk action of 40 devices
#: (40 changes in a second or two) is read and painted once, not 40 times
AFTER_CHANGE_MS = 150


class HistoryController(QObject):
    serialBusy = Signal(bool)
    serialLoaded = Signal(str, object)  # serial, Sequence[Entry] newest first
    serialFailed = Signal(str, str)  # serial, sentence
    queryBusy = Signal(bool)
    queried = Signal(object, object, bool)  # HistoryQuery, its first page, more after it
    queryFailed = Signal(str)  # sentence
    paged = Signal(object, object, object)  # HistoryQuery, PageRead, its entries in order
    pageFailed = Signal(str)  # sentence
    counted = Signal(object, int)  # HistoryQuery, how many entries match it
    indexProgress = Signal(object)  # IndexProgress of the search index being built
    indexBuilt = Signal(bool)  # the build ended: built or not

    def __init__(
        self,
        runner: TaskRunner,
        history: HistoryReads,
        parent=None,
        *,
        after: Callable[[], list[asyncio.Task]] = list,
    ) -> None:
        """``history``: the desk's :class:`.desk_recorder.DeskRecorder`; ``after()``: the
        lookup's tasks in flight, which a serial's history waits for. Why: the lookup's
        requests go out first (nothing of ours on the UI thread meanwhile), and the
        workspace clears its parts, this one too, when the first answer comes."""
        super().__init__(parent)
        self._runner = runner
        self._history = history
        self._after = after
        self._soon = one_shot(self, AFTER_CHANGE_MS, self._changed)
        self._changed_serial: str | None = None
        self._changed_query: HistoryQuery | None = None
        self._closed = False
        self.sort = Sort()  # the window's order: the store sorts

    def after_change(self, serial: str | None, query: HistoryQuery | None) -> None:
        """A change was recorded: read ``serial``'s history and run ``query`` again a moment
        later (one read for a burst of changes). After :meth:`aclose` nothing: the
        recorder, closed after us, still reports the outcomes it writes on quit, and a
        read started then would reach widgets already gone."""
        if self._closed:
            return
        self._changed_serial = serial or self._changed_serial
        self._changed_query = query or self._changed_query
        if not self._soon.isActive():
            self._soon.start()

    def _changed(self) -> None:
        serial, query = self._changed_serial, self._changed_query
        self._changed_serial = self._changed_query = None
        if serial:
            self.load_serial(serial)
        if query is not None:
            self.query(query)

    def load_serial(self, serial: str) -> asyncio.Task:
        return self._runner.run(
            SERIAL_TASK, lambda: self._serial(serial), busy=self.serialBusy.emit
        )

    def query(self, query: HistoryQuery) -> asyncio.Task:
        """Read the first page of ``query`` in :attr:`sort`'s order, then count it."""
        self._runner.cancel(PAGE_TASK)
        self._runner.cancel(COUNT_TASK)
        return self._runner.run(QUERY_TASK, lambda: self._query(query), busy=self.queryBusy.emit)

    def read(self, query: HistoryQuery, read: PageRead) -> asyncio.Task | None:
        """Read the page the table's window asks for. None while the list itself is read
        again: the read's keyset is an entry of the list being replaced, and the new
        list starts the window again."""
        if self._closed or self._runner.is_running(QUERY_TASK):
            return None
        return self._runner.run(PAGE_TASK, lambda: self._page(query, read))

    def build_index(self) -> asyncio.Task | None:
        """Build the store's search index when it lacks entries (the store's own work is
        off the worker: the desk goes on recording meanwhile)."""
        if self._closed or self._runner.is_running(INDEX_TASK):
            return None
        return self._runner.run(INDEX_TASK, self._build_index)

    async def aclose(self) -> None:
        """Read nothing more (on quit); returns once the reads in flight have ended."""
        self._closed = True
        self._soon.stop()
        tasks = list(map(self._runner.task, self._runner.running()))
        self._runner.cancel_all()
        await wait_for_tasks(tasks)

    def cancel_serial(self) -> None:
        self._changed_serial = None
        self._runner.cancel(SERIAL_TASK)

    def is_running(self) -> bool:
        """A read of the list is running or due (tests and benchmarks wait for the list on
        show; not for the index's build or an export)."""
        return (
            bool(set(self._runner.running()) - {INDEX_TASK, EXPORT_TASK}) or self._soon.isActive()
        )

    async def _serial(self, serial: str) -> Sequence[Entry] | None:
        await wait_for_tasks(self._after())
        try:
            entries = await self._history.history(serial)
        except StoreError as exc:
            if not self._closed:
                self.serialFailed.emit(serial, exc.sentence)
            return None
        if not self._closed:  # a read started as the desk closed: its widgets are gone
            self.serialLoaded.emit(serial, entries)
        return entries

    async def _query(self, query: HistoryQuery) -> Sequence[Entry] | None:
        try:
            entries = await self._history.page(query, self.sort, None, PAGE)
        except StoreError as exc:
            if not self._closed:
                self.queryFailed.emit(exc.sentence)
            return None
        if self._closed:
            return None
        more = len(entries) >= PAGE
        self.queried.emit(query, entries, more)
        if more:  # else the page is the count
            self._runner.run(COUNT_TASK, lambda: self._count(query))
        else:
            self.counted.emit(query, len(entries))
        return entries

    async def _page(self, query: HistoryQuery, read: PageRead) -> None:
        """Backward: the other order after the keyset, handed over in the list's order."""
        sort = self.sort if read.forward else self.sort.reversed()
        try:
            entries = await self._history.page(query, sort, read.after, read.limit, read.offset)
        except StoreError as exc:
            if not self._closed:
                self.pageFailed.emit(exc.sentence)
            return
        if not self._closed:
            self.paged.emit(query, read, entries if read.forward else Backward(entries))

    async def _count(self, query: HistoryQuery) -> None:
        try:
            n = await self._history.count_matching(query)
        except StoreError:
            return  # the list shows without its count
        if not self._closed:
            self.counted.emit(query, n)

    async def _build_index(self) -> None:
        try:
            built = await self._history.build_search_index(self.indexProgress.emit)
        except StoreError as exc:
            log.info("The history's search index was not built: %s", exc.reason)
            built = False
        if not self._closed:
            self.indexBuilt.emit(built)
