"""``DeskBook``: the window's licence book, kept where the history is recorded.

It follows the :class:`~..history.desk_recorder.DeskRecorder`: the store the history
settings name, switched when they are saved, and while the built-in demo is on show
a book of the session only, in the demo's own history folder (its made-up licences
belong in nobody's book). Every client the desk makes tells it what it read
(:meth:`observer`), so each feature's answers are kept without the feature knowing;
:attr:`DeskBook.written` tells the views that read the book (the renewals) that a write
of those answers was committed, so a licence renewed meanwhile is read as it now is.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor, Future
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from licensedesk.book import BookKeeper, Note, RenewalsQuery, Sighting, open_book
from licensedesk.book.changes import Change
from licensedesk.book.erase import Forgotten
from licensedesk.book.observer import hand_over
from licensedesk.history import HistorySettings, load_settings

if TYPE_CHECKING:
    from ..history.desk_recorder import DeskRecorder

log = logging.getLogger(__name__)

CLOSE_TIMEOUT = 2.0  # seconds a closing book waits for its queued writes


class DeskBook(QObject):
    problemFound = Signal(str)  # "The licence book is not being kept: …" (once per store)
    written = Signal()  # a write of answers the desk read was committed (on the UI thread)

    def __init__(self, recorder: DeskRecorder, executor: Executor, parent=None) -> None:
        super().__init__(parent)
        self._recorder = recorder
        self._executor = executor
        self._closing: set[asyncio.Future] = set()
        self._watched: Future[None] | None = None  # the write whose end is told (written)
        self.keeper = self._make()
        recorder.switched.connect(self._switch)

    # -- what the desk and the features use -------------------------------------------
    def observer(self, profile: str, base_url: str | None) -> Callable[[str, str, Any], None]:
        """``LicenseClient.on_seen`` for a client of ``profile``: into the book in use."""

        def seen(part: str, serial: str, value: Any) -> None:  # on the UI thread
            future = hand_over(self.keeper, part, serial, value, profile=profile, service=base_url)
            self._watch(future)

        return seen

    async def changes(self, serial: str, since: datetime | None = None) -> list[Change]:
        """The changes the book saw on ``serial`` (those seen after ``since``), newest
        first, once the answers handed over before are written (not hurried: the window
        draws a lookup's answers first). Raises StoreError."""
        return await self.keeper.changes(serial, since=since)

    async def find(self, text: str) -> list[Sighting]:
        """Raises StoreError."""
        return await self.keeper.find(text)

    async def count(self) -> int:
        """How many licences the book holds. Raises StoreError."""
        return await self.keeper.count()

    async def copy(self, serial: str, service: str | None = None) -> Sighting | None:
        """Raises StoreError."""
        return await self.keeper.copy(serial, service)

    async def ending(self, query: RenewalsQuery) -> list[Sighting]:
        """The renewals, read on the book's worker thread. Raises StoreError."""
        return await self.keeper.ending(query)

    async def note(self, serial: str) -> Note | None:
        return await self.keeper.note(serial)

    async def set_note(self, serial: str, text: str, who: str, at: datetime) -> None:
        await self.keeper.set_note(serial, text, who, at)

    async def forget(self, who: str, *, dry_run: bool = False) -> Forgotten:
        """Erase ``who``'s name and e-mail from the book, its notes and the history of the
        store in use (:mod:`licensedesk.book.erase`); with ``dry_run``, only count.
        Opens the store on the desk's worker thread, once the answers the book was handed
        before are written (else one could bring back what is erased). Raises StoreError."""

        def job() -> Forgotten:
            settings, data_dir = self.where()
            book = open_book(settings, secrets=self._recorder.secrets, data_dir=data_dir)
            try:
                return book.forget(who, dry_run=dry_run)
            finally:
                book.close()

        await self.keeper.written()
        return await asyncio.get_running_loop().run_in_executor(self._executor, job)

    def on_team(self) -> bool:
        """Whether the book in use is the team's (what an erasure can reach differs)."""
        settings, _data_dir = self.where()
        return settings.store == "team"

    def where(self) -> tuple[HistorySettings, Path | None]:
        """The settings and data folder of the store in use (the demo's own, on show)."""
        recorder = self._recorder
        if recorder.session_only:
            return HistorySettings(), recorder.session_folder
        return recorder.settings or load_settings(), None

    async def aclose(self) -> None:
        """Write what is queued and close the book (on quit, before the demo's folder goes)."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            loop.run_in_executor(self._executor, self.keeper.close, CLOSE_TIMEOUT),
            *self._closing,
            return_exceptions=True,
        )

    # -- internals ----------------------------------------------------------------------
    def _make(self) -> BookKeeper:
        loop = asyncio.get_event_loop()
        recorder = self._recorder

        def problem(sentence: str) -> None:  # on the book's worker thread
            loop.call_soon_threadsafe(self._problem, keeper, sentence)

        session = recorder.session_only
        keeper = BookKeeper.from_settings(
            HistorySettings() if session else recorder.settings,
            secrets=recorder.secrets,
            data_dir=recorder.session_folder if session else None,
            on_problem=problem,
        )
        return keeper

    def _switch(self) -> None:
        old, self.keeper = self.keeper, self._make()
        future = asyncio.get_event_loop().run_in_executor(self._executor, old.close, CLOSE_TIMEOUT)
        self._closing.add(future)
        future.add_done_callback(self._closing.discard)

    def _watch(self, future: Future[None]) -> None:
        """Tell :attr:`written` when ``future``'s write is committed: once per write (a
        batch check hands a thousand answers to one write)."""
        if future is self._watched:
            return
        self._watched = future
        loop = asyncio.get_event_loop()

        def done(f: Future[None]) -> None:  # on the book's worker thread
            if not f.cancelled() and f.exception() is None and not loop.is_closed():
                loop.call_soon_threadsafe(self.written.emit)

        future.add_done_callback(done)

    def _problem(self, keeper: BookKeeper, sentence: str) -> None:
        if keeper is self.keeper:  # a book switched away from says nothing more
            self.problemFound.emit(sentence)

    async def at_limit(self) -> list[Sighting]:
        """The book's licences with a product at its host limit (the *Full seats* view),
        read on the book's worker. Raises StoreError."""
        return await self.keeper.at_limit()
