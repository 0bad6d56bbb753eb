"""``Recorder``: writes what is about to be sent, then how it ended. Used by the window and the CLI.

    async with record(recorder, "deactivate", serial=s, activation_ids=[9], before=row) as rec:
        rec.done(await client.set_activation(9, False))  # leaving normally means done too

:func:`record` with no recorder gives a block that records nothing (a controller
tested alone). Leaving the block with an exception completes the entry from it
(refused with the service's message, unknown after a time-out, a dropped
connection or cancellation, not sent when the request never left) and lets the
exception go on: the recorder never changes what the action does.

The store is used on one worker thread (:class:`~.store.StoreWorker`): the event loop only
queues writes and awaits them, at most ``wait`` seconds. The intent is committed
before the request is sent, so a crash on the way leaves "sent, outcome unknown";
docs/history.md says when that cannot hold (a store slower than ``wait``, a power
cut with the local file's WAL).

A store that cannot be written never stops the change: the error is said once, as
:attr:`Recorder.problem` and through ``on_problem`` (on the event loop's thread).
A detail given as a :class:`~licensedesk.api.sentence.Sentence` is stored in English.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from licensedesk import clock
from licensedesk.api.sentence import english_of
from licensedesk.i18n import N_
from licensedesk.storage.errors import problem_sentence

from .index_build import start_build
from .model import OUTCOMES, Entry, HistoryQuery, new_entry_id
from .opening import open_store
from .outcome import classify
from .paging import PAGE, Sort
from .search_index import IndexProgress
from .store import HistoryStore, StoreWorker
from .who import machine_name, os_user

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore
    from licensedesk.storage.settings import HistorySettings

__all__ = ["PROBLEM", "HistoryReads", "NotRecorded", "Recorder", "Recording", "Records", "record"]

log = logging.getLogger(__name__)
T = TypeVar("T")

# TRANSLATORS: {reason} is a clause in lower case: "the history file … cannot be written (…)"
PROBLEM = N_("The history is not being recorded: {reason}.")
# TRANSLATORS: {problem} is a whole sentence: "The history settings … cannot be read (…)."
PROBLEM_SENTENCE = N_("The history is not being recorded. {problem}")
#: stored in English (marked: shown translated, model.outcome_text)
CANCELLED_UNSENT = N_("Cancelled before it was sent.")
_UNSET: Any = object()


def _retrieve(future: asyncio.Future[Any]) -> None:
    """Mark a finished future's exception as seen (it is reported elsewhere)."""
    if not future.cancelled():
        future.exception()


def _kept(detail: str | None) -> str | None:
    """The detail as the history keeps it: a Sentence's English, any other text as is."""
    return None if detail is None else str(english_of(detail))


class Recording:
    """One recorded action, from :meth:`Recorder.record`. ``id`` is the entry's id (for
    :meth:`Recorder.complete` later); ``entry`` is the entry as last written."""

    def __init__(self, recorder: Recorder, entry: Entry) -> None:
        self._recorder = recorder
        self.entry = entry
        self._outcome: tuple[str, str | None] | None = None
        self._counts: dict[str, int] | None = None

    @property
    def id(self) -> str:
        return self.entry.id

    # The block may say how it ended; otherwise leaving it decides (see classify).

    def done(self, detail: str | None = None, *, counts: dict[str, int] | None = None) -> None:
        """Done; ``detail``: the service's message; ``counts``: a batch check's counts."""
        self._outcome, self._counts = ("done", _kept(detail)), counts

    def refused(self, message: str | None) -> None:
        self._outcome = ("refused", _kept(message))

    def unknown(self, detail: str | None = None) -> None:
        self._outcome = ("unknown", _kept(detail))

    def failed(self, detail: str | None = None) -> None:
        """Never sent."""
        self._outcome = ("failed", _kept(detail))

    async def complete(self, outcome: str, detail: str | None = None) -> bool:
        """What a reconciliation found, written over this entry's outcome (in the store the
        entry went to, even after the desk switched stores)."""
        done = await self._recorder.complete(self.id, outcome, detail)
        self._recorder._told(self.entry.serial)
        return done

    async def __aenter__(self) -> Recording:
        self._recorder._opened()
        try:
            await self._recorder._wait(self._recorder._submit(self.entry))
        except BaseException as exc:
            if isinstance(exc, asyncio.CancelledError):
                self._finish(("failed", CANCELLED_UNSENT))
            self._recorder._ended(self.entry.serial)
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool:
        try:
            written = self._finish(self._outcome or classify(exc))
            if not isinstance(exc, asyncio.CancelledError):
                await self._recorder._wait(written)
        finally:
            self._recorder._ended(self.entry.serial)
        return False

    def _finish(self, outcome: tuple[str, str | None]) -> Future[None]:
        state, detail = outcome
        self.entry = self.entry.replace(
            outcome=state, detail=detail, counts=self._counts, finished=clock.now()
        )
        return self._recorder._submit(self.entry)


class Recorder:
    """Records actions into one history store, off the event loop's thread.

    ``opener``: makes the store (called on the worker thread, on first use);
    ``display_name``: the person's chosen name; ``wait``: seconds the event loop
    waits for a write before going on without it; ``on_problem(sentence)``: told
    once when the history cannot be written; ``on_recorded(serial)``: told when a
    block ended or a completion was written ("" without a serial), so a window can
    read that history again. ``open_blocks``: blocks entered and not yet ended."""

    def __init__(
        self,
        opener: Callable[[], HistoryStore],
        *,
        display_name: str | None = None,
        on_problem: Callable[[str], None] | None = None,
        wait: float = 2.0,
    ) -> None:
        self._worker = StoreWorker(opener)
        # counts on a connection of their own: a long count (a search the index cannot
        # answer) never holds up a page or a write queued behind it
        self._counter = StoreWorker(opener, name="licensedesk-history-count")
        self._opener = opener
        self._stop_build = threading.Event()
        self.display_name = display_name
        self.on_problem = on_problem
        self.wait = wait
        self.problem: str | None = None
        self._profile: str | None = None
        self._service: str | None = None
        self.on_recorded: Callable[[str], None] | None = None
        self.open_blocks = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def until_idle(self) -> None:
        """Return once no block is open (quit waits for that, within a time-out)."""
        await self._idle.wait()

    @classmethod
    def from_settings(
        cls,
        settings: HistorySettings | None = None,
        *,
        secrets: SecretStore | None = None,
        config_dir: Path | None = None,
        data_dir: Path | None = None,
        **kwargs: Any,
    ) -> Recorder:
        """The recorder of the store the history settings name (``history.json``; local by
        default). A settings file that cannot be read becomes the problem sentence."""
        from licensedesk.storage.open import opener_from_settings

        chosen, opener = opener_from_settings(
            settings,
            lambda chosen: open_store(chosen, secrets=secrets, data_dir=data_dir),
            config_dir,
        )
        if chosen is not None:
            kwargs.setdefault("display_name", chosen.display_name)
        return cls(opener, **kwargs)

    # ------------------------------------------------------------ recording

    def use_connection(self, profile: str | None, base_url: str | None) -> None:
        """The profile and service that :meth:`record` names unless told otherwise (only
        the service's scheme, host and port are kept)."""
        self._profile, self._service = profile, base_url

    def record(
        self,
        action: str,
        *,
        serial: str | None = None,
        activation_ids: Iterable[int] = (),
        before: dict[str, Any] | None = None,
        product: str | None = None,
        profile: str | None = _UNSET,
        service: str | None = _UNSET,
    ) -> Recording:
        """An ``async with`` block around one request (see the module's docstring)."""
        entry = Entry(
            id=new_entry_id(),
            time=clock.now(),
            user=os_user(),
            machine=machine_name(),
            action=action,
            display_name=self.display_name,
            profile=self._profile if profile is _UNSET else profile,
            service=self._service if service is _UNSET else service,
            serial=serial,
            activation_ids=tuple(int(i) for i in activation_ids),
            product=product,
            before=dict(before) if before is not None else None,  # the caller's row may change
        )
        return Recording(self, entry)

    async def complete(
        self,
        entry_id: str,
        outcome: str,
        detail: str | None = None,
        *,
        counts: dict[str, int] | None = None,
    ) -> bool:
        """Set the outcome of an entry written earlier (the upgrade's reconciliation).
        False when the store has no such entry or could not be written (see ``problem``)."""
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r} (known: {', '.join(OUTCOMES)})")
        finished, kept = clock.now(), _kept(detail)
        future = self._worker.submit(
            lambda store: store.complete(entry_id, outcome, kept, counts, finished)
        )
        future.add_done_callback(self._watch(asyncio.get_running_loop()))
        try:
            return bool(await asyncio.shield(asyncio.wrap_future(future)))
        except Exception:
            return False

    # ------------------------------------------------------------ reading

    async def history(self, serial: str, limit: int | None = None) -> Sequence[Entry]:
        """Entries of one serial, newest first (after every write submitted before).
        Raises StoreError."""
        return await self._read(lambda store: store.history(serial, limit))

    async def explaining(
        self, serial: str, devices_since: datetime | None, keep_months: int | None = None
    ) -> tuple[list[Entry], datetime | None]:
        """The entries that may explain what the book saw change on ``serial``, and from
        when the history vouches (:func:`.explaining.explaining`). Raises StoreError."""
        from .explaining import explaining  # a timeline's read: not loaded at start

        return await self._read(lambda store: explaining(store, serial, devices_since, keep_months))

    async def query(self, query: HistoryQuery) -> Sequence[Entry]:
        """Raises StoreError."""
        return await self._read(lambda store: store.query(query))

    async def page(
        self,
        query: HistoryQuery,
        sort: Sort,
        after: Entry | None,
        limit: int = PAGE,
        offset: int = 0,
    ) -> Sequence[Entry]:
        """One page of a list (:mod:`.paging`), ``offset`` entries past ``after``; raises
        StoreError."""
        return await self._read(lambda store: store.page(query, sort, after, limit, offset))

    async def count_matching(self, query: HistoryQuery) -> int:
        """How many entries match (what is committed; a count no longer awaited is
        dropped before it runs); raises StoreError."""
        return await asyncio.wrap_future(
            self._counter.submit(lambda store: store.count_matching(query))
        )

    async def build_search_index(self, told: Callable[[IndexProgress], None]) -> bool:
        """Build the search index when the store holds entries it lacks (off the worker:
        :mod:`.index_build`); ``told`` hears the progress on the event loop's thread.
        Returns whether it is built; raises StoreError."""
        now = await self._read(lambda s: s.search_progress())
        if now.built:
            return True
        loop = asyncio.get_running_loop()
        told(now)
        building = start_build(
            self._opener, lambda p: loop.call_soon_threadsafe(told, p), self._stop_build
        )
        return await asyncio.wrap_future(building)

    async def _read(self, job: Callable[[HistoryStore], T]) -> T:
        """``job`` on the worker, after every write submitted before."""
        return await asyncio.wrap_future(self._worker.submit(job))

    # ------------------------------------------------------------ closing

    def close(self, timeout: float | None = 5.0) -> bool:
        """Write what is queued and close the store (blocks up to ``timeout`` seconds)."""
        self._stop_build.set()
        self._counter.close(0.5)  # a count is only read: never worth waiting long for
        return self._worker.close(timeout)

    async def aclose(self, timeout: float | None = 5.0) -> bool:
        return await asyncio.get_running_loop().run_in_executor(None, self.close, timeout)

    # ------------------------------------------------------------ internals

    def _opened(self) -> None:
        self.open_blocks += 1
        self._idle.clear()

    def _ended(self, serial: str | None) -> None:
        self.open_blocks -= 1
        if not self.open_blocks:
            self._idle.set()
        self._told(serial)

    def _told(self, serial: str | None) -> None:
        if self.on_recorded is not None:
            self.on_recorded(serial or "")

    def _submit(self, entry: Entry) -> Future[None]:
        future = self._worker.submit(lambda store: store.write(entry))
        future.add_done_callback(self._watch(asyncio.get_running_loop()))
        return future

    async def _wait(self, future: Future[Any]) -> None:
        """Await a write for at most ``wait`` seconds; never raises its error (the done
        callback reports it) and never cancels it (shield)."""
        waited = asyncio.wrap_future(future)
        # the done callback reports the error; fetching it here keeps asyncio from printing
        # "Future exception was never retrieved" when the write ends after the timeout
        waited.add_done_callback(_retrieve)
        try:
            async with asyncio.timeout(self.wait):
                await asyncio.shield(waited)
        except TimeoutError:
            log.info(
                "The history store took more than %.1f s; going on without waiting.", self.wait
            )
        except Exception:
            pass

    def _watch(self, loop: asyncio.AbstractEventLoop) -> Callable[[Future[Any]], None]:
        def done(future: Future[Any]) -> None:  # on the worker thread
            if future.cancelled() or future.exception() is None:
                return
            exc = future.exception()
            try:
                loop.call_soon_threadsafe(self._report, exc)
            except RuntimeError:  # the loop is closed (the CLI has finished)
                self._report(exc)

        return done

    def _report(self, exc: BaseException | None) -> None:
        if self.problem is not None or exc is None:
            return
        self.problem = problem_sentence(exc, PROBLEM, PROBLEM_SENTENCE)
        log.warning("%s", self.problem)
        if self.on_problem is not None:
            self.on_problem(self.problem)


class Records(Protocol):
    """What a controller records through: a :class:`Recorder`, or the desk's adapter."""

    def record(self, action: str, **fields: Any) -> Recording: ...


class HistoryReads(Protocol):
    """What the window reads a history through: a :class:`Recorder` (its docstrings say
    what each gives), or the desk's adapter, which hands each to the recorder in use."""

    async def history(self, serial: str, limit: int | None = ...) -> Sequence[Entry]: ...
    async def query(self, query: HistoryQuery) -> Sequence[Entry]: ...
    async def explaining(
        self, serial: str, devices_since: datetime | None, keep_months: int | None = ...
    ) -> tuple[list[Entry], datetime | None]: ...
    async def page(
        self,
        query: HistoryQuery,
        sort: Sort,
        after: Entry | None,
        limit: int = ...,
        offset: int = ...,
    ) -> Sequence[Entry]: ...
    async def count_matching(self, query: HistoryQuery) -> int: ...
    async def build_search_index(self, told: Callable[[IndexProgress], None]) -> bool: ...


class NotRecorded:
    """What :func:`record` gives without a recorder: the same calls, with no effect."""

    id = None

    def done(self, *_a: Any, **_k: Any) -> None: ...
    def refused(self, *_a: Any) -> None: ...
    def unknown(self, *_a: Any) -> None: ...
    def failed(self, *_a: Any) -> None: ...

    async def complete(self, *_a: Any, **_k: Any) -> bool:
        return False

    async def __aenter__(self) -> NotRecorded:
        return self

    async def __aexit__(self, *_exc: object) -> bool:
        return False


def record(history: Records | None, action: str, **fields: Any) -> Recording | NotRecorded:
    """``history.record(action, **fields)``, or a block that records nothing."""
    return NotRecorded() if history is None else history.record(action, **fields)
