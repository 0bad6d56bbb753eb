"""``BookKeeper``: writes what the desk and the command line see into the book, off the
caller's thread, and reads it back for a find or an offline copy.

Keeping never slows a lookup (the store runs on its own worker thread) and never
stops one, nor takes the window's frames: an answer is handed over as it is and made
into a sighting on the worker (:meth:`BookKeeper.keep_answer`), which writes once the
answers stop coming (:data:`SETTLE`), after the window has drawn them. What was handed
over until then is written together, in one transaction (a batch check tells the book
of every answer: one write each cost more CPU than the request itself; docs/batch.md,
"Own CPU"). A book that cannot be written
is said once (:attr:`BookKeeper.problem`, ``on_problem``, called on the worker
thread) and the lookup goes on as if the book were not there. The built-in demo
keeps no book: its made-up licences belong in nobody's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from licensedesk.history.store import StoreError, StoreWorker
from licensedesk.i18n import N_, _
from licensedesk.storage.errors import problem_sentence

from .changes import Change
from .opening import open_book
from .sighting import Sighting
from .store import FIND_LIMIT, BookStore, Note, RenewalsQuery

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore
    from licensedesk.storage.settings import HistorySettings

__all__ = ["PROBLEM", "BookKeeper"]

log = logging.getLogger(__name__)
T = TypeVar("T")

# TRANSLATORS: {reason} is a clause in lower case: "the licence book in … cannot be written (…)"
PROBLEM = N_("The licence book is not being kept: {reason}.")
#: partial sightings held for a licence whose own answer has not come yet
WAITING = 256
#: seconds without a new answer before the book writes what it was handed: a lookup's
#: answers come within a few dozen milliseconds, and the window renders each as it comes;
#: written once they stop, they are one write, made after the window's turn with them
SETTLE = 0.05
#: the longest a write waits while answers keep coming (a batch check's, every few ms)
SETTLE_AT_MOST = 1.0
# TRANSLATORS: {problem} is a whole sentence: "The history settings … cannot be read (…)."
PROBLEM_SENTENCE = N_("The licence book is not being kept. {problem}")


class BookKeeper:
    """The book of one store. ``opener`` makes the store on the worker thread."""

    def __init__(
        self, opener: Callable[[], BookStore], *, on_problem: Callable[[str], None] | None = None
    ) -> None:
        self._worker: StoreWorker[BookStore] = StoreWorker(opener, name="licensedesk-book")
        self.on_problem = on_problem
        self.problem: str | None = None
        #: the problem is a server not reached (the command line's exit 3)
        self.network = False
        self._lock = threading.Lock()
        #: partial sightings of licences not in the book yet, by (service, serial): a
        #: lookup's devices may answer before its licence (the worker thread's only)
        self._waiting: dict[tuple[str, str], Sighting] = {}
        #: handed over (sightings, or what makes one: :meth:`keep_answer`), not yet taken
        #: by the worker; the job that will take them (the lock)
        self._queued: list[Sighting | Callable[[], Sighting | None]] = []
        self._drain: Future[None] | None = None
        #: when the last was handed over (time.monotonic, the lock); set: write at once
        #: (a read, a close: they wait for the writes handed over before them)
        self._given_at = 0.0
        self._hurry = threading.Event()
        #: licences whose own answer a committed write held, by (service, serial) (the lock)
        self._kept: set[tuple[str, str]] = set()
        self._gave_up = False

    @classmethod
    def from_settings(
        cls,
        settings: HistorySettings | None = None,
        *,
        secrets: SecretStore | None = None,
        data_dir: Path | None = None,
        **kwargs: Any,
    ) -> BookKeeper:
        """The book where the history settings keep the history (``history.json``)."""
        from licensedesk.storage.open import opener_from_settings

        _chosen, opener = opener_from_settings(
            settings, lambda chosen: open_book(chosen, secrets=secrets, data_dir=data_dir)
        )
        return cls(opener, **kwargs)

    # ------------------------------------------------------------ writing

    def keep(self, sightings: Iterable[Sighting | None]) -> Future[None]:
        """Store the sightings (None ones are skipped) without waiting for the store. A
        partial one of a licence the book does not have waits for that licence's own
        answer (at most :data:`WAITING` of them are held). Sightings handed over until
        the answers stop coming for :data:`SETTLE` seconds are written together; the
        future is that write's."""
        return self._hand([s for s in sightings if s is not None])

    def keep_answer(self, make: Callable[[], Sighting | None]) -> Future[None]:
        """:meth:`keep` the sighting ``make()`` returns, made on the book's worker when it
        writes: a lookup's answer (a licence's 1,000 devices) is handed over as it is and
        turned into a sighting there, never on the caller's thread (the window's). A
        ``make`` that fails is logged and skipped; the others are written."""
        return self._hand([make])

    def _hand(self, given: list[Sighting | Callable[[], Sighting | None]]) -> Future[None]:
        with self._lock:
            self._queued += given
            self._given_at = time.monotonic()
            if self._drain is not None:  # not begun yet: it takes these too
                return self._drain
            future = self._drain = self._worker.submit(self._writer())
        future.add_done_callback(self._written)
        return future

    def _writer(self) -> Callable[[BookStore], None]:
        """The job that writes what is queued when it begins (once more on a new
        connection, the worker's retry, with the same sightings)."""
        batch: list[Sighting] | None = None

        def job(store: BookStore) -> None:  # on the worker thread
            nonlocal batch
            if batch is None:
                self._settle()
                with self._lock:
                    given, self._queued, self._drain = self._queued, [], None
                    self._hurry.clear()
                batch = folded([self._with_waiting(s) for s in made(given)])
            for s in store.keep(batch):
                self._waiting[(s.service or "", s.serial)] = s
                while len(self._waiting) > WAITING:
                    del self._waiting[next(iter(self._waiting))]
            with self._lock:  # store.keep returned: its transaction is committed
                self._kept.update((s.service or "", s.serial) for s in batch if not s.partial)

        return job

    def _settle(self) -> None:
        """On the worker, before a write takes what was handed over: wait until no answer
        has come for :data:`SETTLE` seconds (at most :data:`SETTLE_AT_MOST`), unless a
        read or a close is waiting for the write."""
        until = time.monotonic() + SETTLE_AT_MOST
        while not self._hurry.is_set():
            with self._lock:
                quiet = self._given_at + SETTLE
            wait = min(quiet, until) - time.monotonic()
            if wait <= 0:
                return
            self._hurry.wait(wait)

    def _write_now(self) -> None:
        """A write waiting for answers to settle goes at once (what comes next waits for it)."""
        with self._lock:
            if self._drain is not None:
                self._hurry.set()

    @property
    def kept(self) -> int:
        """How many licences this keeper has written with their own answer, counted from
        the writes that were committed (what a command may say it kept)."""
        with self._lock:
            return len(self._kept)

    def _written(self, future: Future[None]) -> None:
        """A write ended; one that never began (a closed keeper, a store that did not
        open) drops what it was to take, as a failed write does."""
        with self._lock:
            if self._drain is future:
                self._queued, self._drain = [], None
                self._hurry.clear()  # it was for that write
        self._watch(future)

    def _with_waiting(self, s: Sighting) -> Sighting:
        waiting = self._waiting.pop((s.service or "", s.serial), None)
        return s if waiting is None else s.merged(waiting)

    async def set_note(self, serial: str, text: str, who: str, at: datetime) -> None:
        """Raises StoreError."""
        await self._run(lambda store: store.set_note(serial, text, who, at))

    # ------------------------------------------------------------ reading

    async def find(self, text: str, limit: int = FIND_LIMIT) -> list[Sighting]:
        """Raises StoreError."""
        return await self._run(lambda store: store.find(text, limit))

    async def copy(self, serial: str, service: str | None = None) -> Sighting | None:
        """Raises StoreError."""
        return await self._run(lambda store: store.copy(serial, service))

    async def changes(self, serial: str, *, since: datetime | None = None) -> list[Change]:
        """What the book saw change on ``serial``, newest first (:meth:`BookStore.changes`),
        once what was handed over before has been written: that write is not hurried
        (a lookup asks for its changes as its answers come; they are written once the
        window has drawn them, :data:`SETTLE`). Raises StoreError."""
        future = self._worker.submit(lambda store: store.changes(serial, since=since))
        return await asyncio.wrap_future(future)

    async def note(self, serial: str) -> Note | None:
        """Raises StoreError."""
        return await self._run(lambda store: store.note(serial))

    async def ending(self, query: RenewalsQuery) -> list[Sighting]:
        """The renewals ``query`` asks for, soonest first. Raises StoreError."""
        return await self._run(lambda store: store.ending(query))

    async def count(self) -> int:
        """How many licences the book holds (after the writes queued before): an empty
        book is said as such, not as "nothing matches". Raises StoreError."""
        return await self._run(lambda store: store.count())

    async def written(self) -> None:
        """Wait until what was handed over before has been written (or has failed: that
        is the book's problem, said as usual): for work on the book outside its worker."""
        with contextlib.suppress(StoreError):
            await self._run(lambda _store: None)

    async def _run(self, job: Callable[[BookStore], T]) -> T:
        self._write_now()
        return await asyncio.wrap_future(self._worker.submit(job))

    def call(self, job: Callable[[BookStore], T]) -> T:
        """Run ``job`` on the worker and wait for it (the command line). Raises StoreError."""
        self._write_now()
        return self._worker.submit(job).result()

    # ------------------------------------------------------------ closing

    def close(self, timeout: float | None = 5.0, *, tell: bool = False) -> bool:
        """Write what is queued and close the store (blocks up to ``timeout`` seconds).
        ``tell``: writes still not finished then are the problem (a command that says what
        it kept; the window's quit just goes)."""
        if self._gave_up:  # closed before and still writing: it was waited for once
            return False
        self._write_now()
        finished = self._worker.close(timeout)
        self._gave_up = not finished
        if not finished and tell:
            self._report(
                StoreError(
                    _("it did not finish writing within {seconds} s").format(seconds=timeout)
                )
            )
        return finished

    def _watch(self, future: Future[Any]) -> None:  # on the worker thread
        if future.cancelled() or future.exception() is None:
            return
        self._report(future.exception())

    def _report(self, exc: BaseException | None) -> None:
        """Say the first problem once (the history recorder's rule, ``Recorder._report``)."""
        with self._lock:
            if self.problem is not None:
                return
            self.network = isinstance(exc, StoreError) and exc.network
            # a failure other than the store's by its type only: its text may hold a
            # licensee's name from the answer being kept
            self.problem = problem_sentence(exc, PROBLEM, PROBLEM_SENTENCE, detail=False)
        log.warning("%s", self.problem)
        if self.on_problem is not None:
            self.on_problem(self.problem)

    async def at_limit(self) -> list[Sighting]:
        """Licences with a product at its host limit, last seen first. Raises StoreError."""
        return await self._run(lambda store: store.at_limit())


def made(given: Iterable[Sighting | Callable[[], Sighting | None]]) -> list[Sighting]:
    """The sightings handed over, each answer's made now (on the worker), in their order.
    An answer that makes none, or fails to, is left out: a failure is logged and, like
    one in the client's ``on_seen``, stops neither the others nor the lookup."""
    out: list[Sighting] = []
    for g in given:
        if isinstance(g, Sighting):
            out.append(g)
            continue
        try:
            s = g()
        except Exception:
            log.exception("Making the licence book's record of an answer failed")
            continue
        if s is not None:
            out.append(s)
    return out


def folded(sightings: list[Sighting]) -> list[Sighting]:
    """Sightings written together, one row each: a later sighting of the same licence
    is merged over the earlier one, in the later one's place. The row ends as it would
    after writing them one after the other (what a sighting did not read comes from the
    one before, then from the book), and a partial one need not wait for a licence
    written beside it (a lookup's devices may answer before its licence)."""
    at: dict[tuple[str, str], int] = {}
    out: dict[int, Sighting] = {}
    for n, s in enumerate(sightings):
        earlier = at.pop((key := (s.service or "", s.serial)), None)
        if earlier is not None:
            s = s.merged(out.pop(earlier))
        out[n], at[key] = s, n
    return list(out.values())
