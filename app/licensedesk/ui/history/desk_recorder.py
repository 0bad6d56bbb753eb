"""``DeskRecorder``: the window's one history :class:`~licensedesk.history.Recorder`, switched
when the history settings change, and the signals the window needs from it.

Controllers record through it (:func:`licensedesk.history.record`): ``record`` gives
the current recorder's block, which writes the intent before the request and the
outcome after, on the store's worker thread (never the UI thread). When a block ends,
:attr:`DeskRecorder.recorded` names its serial, so what shows that serial's
history reads it again. A store that cannot be written never stops a change:
:attr:`DeskRecorder.problemFound` says so once per store.

Switching stores (the settings dialog saved): the new recorder is used at once;
the old one is closed off the UI thread once the blocks still running on it
have written their outcome, so no entry loses its ending on the way. While the
built-in demo is on show, changes go to a history of the session only (its
made-up licences belong in nobody's history, least of all a team's).
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from licensedesk.history import HistoryReads, HistorySettings, Recorder

if TYPE_CHECKING:
    from licensedesk.history import Recording

log = logging.getLogger(__name__)

CLOSE_TIMEOUT = 2.0  # seconds the closing thread waits for queued writes (quit waits 3 s)
IDLE_WAIT = 0.5  # seconds quit waits for cancelled blocks to queue their outcome
#: what :class:`DeskRecorder` hands to the recorder in use: every read of the protocol
READS = frozenset(name for name in vars(HistoryReads) if not name.startswith("_"))


class DeskRecorder(QObject):
    recorded = Signal(str)  # serial ("" for a batch check): an entry was written or completed
    problemFound = Signal(str)  # "The history is not being recorded: …" (once per store)
    switched = Signal()  # another store is in use (settings saved, the demo chosen or left)

    def __init__(
        self,
        secrets: Any = None,
        executor: Executor | None = None,
        settings: HistorySettings | None = None,
        parent=None,
    ) -> None:
        """``secrets``: the SecretStore holding the team password; ``executor``: plain
        threads for closing a recorder (it blocks until its queue is written)."""
        super().__init__(parent)
        self.secrets = secrets
        self._executor = executor
        self._connection: tuple[str | None, str | None] = (None, None)
        self._retired: set[Recorder] = set()  # switched away from, closed when idle
        self._closing: set[asyncio.Future] = set()
        self._settings = settings  # None: what history.json says
        #: the demo's history (an OwnedFolder: locked while this desk lives, removed on quit)
        self._session_folder: Any = None
        self.session_only = False
        self.recorder = self._make(settings)

    # -- what controllers and the window use -------------------------------------------
    def record(self, action: str, **fields: Any) -> Recording:
        """The current recorder's block (see ``history/recorder.py``)."""
        return self.recorder.record(action, **fields)

    @property
    def problem(self) -> str | None:
        """The current store's problem sentence, or None."""
        return self.recorder.problem

    @property
    def display_name(self) -> str | None:
        return self.recorder.display_name

    @property
    def settings(self) -> HistorySettings | None:
        """The settings the desk records by (None: what history.json says)."""
        return self._settings

    @property
    def session_folder(self) -> Path | None:
        """The folder of the demo's session-only history (None: none made)."""
        return self._session_folder.path if self._session_folder is not None else None

    def use_connection(self, profile: str | None, base_url: str | None) -> None:
        """The profile and service every entry names from now on."""
        self._connection = (profile or None, base_url or None)
        self.recorder.use_connection(*self._connection)

    def __getattr__(self, name: str) -> Any:
        """The reads (:class:`~licensedesk.history.HistoryReads`) of the recorder in use
        when they are called: a store switched away from is never read again."""
        if name in READS:
            return getattr(self.recorder, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def switch(self, settings: HistorySettings) -> None:
        """Record into the store ``settings`` name from now on (after the demo, when it is
        on show: see :meth:`use_session_store`)."""
        self._settings = settings
        if not self.session_only:
            self._swap(self._make(settings))

    def use_session_store(self, on: bool) -> None:
        """On: the changes go to a history of this session only, in a temporary folder
        removed on quit. For the built-in demo: what is done to made-up licences belongs in
        nobody's history, least of all a team's. Off: the store the settings name again."""
        if on == self.session_only:
            return
        self.session_only = on
        if on:
            if self._session_folder is None:
                from licensedesk.temp_folders import OwnedFolder

                self._session_folder = OwnedFolder("licensedesk-demo-history-")
            self._swap(self._make(HistorySettings(), data_dir=self._session_folder.path))
        else:
            self._swap(self._make(self._settings))

    def _swap(self, recorder: Recorder) -> None:
        old, self.recorder = self.recorder, recorder
        self._retired.add(old)
        self._close_if_idle(old)
        self.switched.emit()

    async def aclose(self) -> None:
        """Write what is queued and close every recorder (on quit). Blocks whose task was
        just cancelled end first: their outcome ("unknown") is queued as they end."""
        recorders = [self.recorder, *self._retired]
        try:
            async with asyncio.timeout(IDLE_WAIT):
                await asyncio.gather(*(r.until_idle() for r in recorders))
        except TimeoutError:
            log.warning(
                "closing the history while %d change(s) are still being recorded",
                sum(r.open_blocks for r in recorders),
            )
        self._retired.clear()
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self._executor, r.close, CLOSE_TIMEOUT) for r in recorders),
            *self._closing,
            return_exceptions=True,
        )
        if self._session_folder is not None:
            self._session_folder.remove()
            self._session_folder = None

    # -- internals -----------------------------------------------------------------------
    def _make(self, settings: HistorySettings | None, data_dir: Path | None = None) -> Recorder:
        recorder = Recorder.from_settings(settings, secrets=self.secrets, data_dir=data_dir)
        recorder.on_problem = lambda sentence: self._problem(recorder, sentence)
        recorder.on_recorded = lambda serial: self._recorded(recorder, serial)
        recorder.use_connection(*self._connection)
        return recorder

    def _problem(self, recorder: Recorder, sentence: str) -> None:
        if recorder is self.recorder:  # a store switched away from says nothing more
            self.problemFound.emit(sentence)

    def _recorded(self, recorder: Recorder, serial: str) -> None:
        self._close_if_idle(recorder)
        self.recorded.emit(serial)

    def _close_if_idle(self, recorder: Recorder) -> None:
        if recorder not in self._retired or recorder.open_blocks:
            return
        self._retired.discard(recorder)
        future = asyncio.get_event_loop().run_in_executor(
            self._executor, recorder.close, CLOSE_TIMEOUT
        )
        self._closing.add(future)
        future.add_done_callback(self._closing.discard)
