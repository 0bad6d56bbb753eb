"""``DeskApp``: builds the features on the window, owns the task runner and the history's
recorder, starts the demo, chooses the start page, shows the unexpected, and quits cleanly.

It holds no feature's handlers: each feature folder has one wiring function
(``install_lookup``, ``install_activations``…) that connects its widgets,
controller and actions. A feature is given a :class:`DeskContext` (the desk's shared
services), the lookup's :class:`LookupPort` and the widgets of its own that the
window hosts, never the desk itself. Built after the first paint (it imports the api,
profiles, keyring) by :func:`licensedesk.ui.shell.start.start_desk`.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from PySide6.QtCore import QEventLoop, QObject, QTimer

from licensedesk.i18n import _
from licensedesk.profiles.store import NO_PROFILE

from ..activations.wiring import install_activations
from ..batch.wiring import install_batch
from ..book.desk_book import DeskBook
from ..book.wiring import install_book
from ..history.desk_recorder import DeskRecorder
from ..history.wiring import install_history
from ..lookup.wiring import install_lookup
from ..profiles.connections import Connections
from ..profiles.wiring import install_profiles
from ..registration.wiring import install_registration
from ..renewals.wiring import install_renewals
from ..renewals_notice.wiring import install_renewals_notice
from ..seats.wiring import install_seats
from ..shared.context import DeskContext
from ..shared.error_dialog import ErrorDialog
from ..shared.tasks import Failure, TaskRunner
from ..timeline.wiring import install_timeline
from ..upgrade.wiring import install_upgrade
from ..validate.wiring import install_validate
from .demo import DEMO_PROFILE, DemoService
from .help import install_help
from .settings import WindowSettings

log = logging.getLogger(__name__)


class DeskApp(QObject):
    def __init__(
        self,
        window,
        connections: Connections,
        settings: WindowSettings,
        *,
        host_id: str | None = None,
        log_path: str | None = None,
        parent=None,
    ) -> None:
        super().__init__(parent)
        self.window = window
        self.connections = connections
        self.settings = settings
        self.log_path = log_path
        self.demo: DemoService | None = None
        self.error_dialog: ErrorDialog | None = None
        # Plain threads for blocking work (qasync's default executor uses QThreads,
        # which abort the process if still alive when Qt shuts down).
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="licensedesk")
        self.runner = TaskRunner(self)
        self.runner.failed.connect(lambda _name, f: window.workspace.banner.show_failure(f))
        self.runner.unexpected.connect(lambda _name, f: self.show_unexpected(f))
        self.runner.finished.connect(lambda _name: window.request_finished())
        window.welcome.demoRequested.connect(self.start_demo)
        # The history of changes (history.json's store); every feature that writes records
        # through it, and it is closed (its queue written) on quit.
        self.recorder = DeskRecorder(connections.secrets, self.executor, parent=self)
        # The licence book, kept where the history is: every client tells it what it read.
        self.book = DeskBook(self.recorder, self.executor, parent=self)
        connections.seen_by = self.book.observer
        self.context = DeskContext(
            window=window,
            runner=self.runner,
            connections=connections,
            recorder=self.recorder,
            book=self.book,
            host_id=host_id,
            banner=window.workspace.banner,
            show_unexpected=self.show_unexpected,
            settings=settings,
            executor=self.executor,
            demo_running=lambda: self.demo is not None,
        )
        self._install_features()
        window.workspace.set_profiles(connections.names(), None)  # chosen by the start page

    def _install_features(self) -> None:
        """Each feature with the context, the lookup's port and its own hosted widgets."""
        ctx, ws = self.context, self.window.workspace
        self.lookup = lookup = install_lookup(ctx, self)
        self.history = install_history(ctx, lookup, ws.history, self)
        self.activations = install_activations(ctx, lookup, ws.activations, self)
        self.validate = install_validate(ctx, lookup, self)
        self.upgrade = install_upgrade(
            ctx, lookup, lambda serial: self.registration.open(serial), self
        )
        self.registration = install_registration(ctx, lookup, self)
        self.batch = install_batch(ctx, lookup, self)
        self.book_find = install_book(ctx, lookup, self)
        self.timeline = install_timeline(ctx, lookup, self)
        self.renewals = install_renewals(ctx, lookup, self)
        self.seats = install_seats(ctx, lookup, self)
        ws.checkAllRequested.connect(self.batch.check_text)
        self.profiles = install_profiles(ctx, ws, self)
        self.help = install_help(ctx, self.log_path)
        self.renewals_notice = install_renewals_notice(ctx, self)

    # -- start -----------------------------------------------------------------------
    def choose_start_page(self, profile: str | None = None) -> None:
        """Open ``profile`` (``--profile``), else the last one used, else the first; the
        welcome page when there is none. Nothing is chosen before this, so no other
        profile's key is asked for and the remembered one is not overwritten."""
        names = self.connections.names()
        last = self.settings.last_profile
        chosen = next((n for n in (profile, last) if n in names), names[0] if names else None)
        if chosen is not None:
            self.profiles.show_chosen(chosen)
        if profile and profile not in names:
            self.window.show_workspace()
            self.window.workspace.banner.show_error(_(NO_PROFILE).format(name=repr(profile)))
        elif names:
            self.window.show_workspace()
            self.window.workspace.focus_serial()
        else:
            self.window.show_welcome()

    def start_demo(self) -> asyncio.Task:
        return self.runner.run(
            "demo.start",
            self._start_demo,
            busy=self.window.welcome.demo_button,
            on_error=self._demo_failed,
        )

    async def _start_demo(self) -> None:
        if self.demo is None:
            demo = DemoService()
            self.window.statusBar().showMessage(_("Starting the demo service\u2026"))
            await asyncio.get_event_loop().run_in_executor(self.executor, demo.start)
            self.demo = demo
        profile, keys = self.demo.profile()
        self.connections.add_memory_profile(profile, keys)
        self.profiles.show_chosen(DEMO_PROFILE)
        self.window.workspace.offer_demo_serials(
            [(offer.serial, offer.description) for offer in self.demo.offers()]
        )
        self.window.show_workspace()
        self.window.statusBar().showMessage(
            _("Demo service running. Try the serial {serial}").format(
                serial=self.demo.serials().get("subscription_active", "")
            ),
            15000,
        )
        self.window.workspace.focus_serial()

    def _demo_failed(self, failure: Failure) -> None:
        self.window.statusBar().clearMessage()
        self.show_unexpected(failure)

    # -- errors --------------------------------------------------------------------
    def show_unexpected(self, failure: Failure) -> None:
        if self.error_dialog is None:
            self.error_dialog = ErrorDialog(self.window)
        self.error_dialog.show_error(
            failure.sentence, failure.details, str(self.log_path) if self.log_path else None
        )

    # -- quit ----------------------------------------------------------------------
    def save_state(self) -> None:
        self.settings.save_window(self.window)

    async def aclose(self) -> None:
        """Cancel work, close every client, stop the demo service."""
        self.runner.cancel_all()
        await self.renewals_notice.aclose()
        await self.history.aclose()
        await self.book.aclose()  # before the recorder removes the demo's folder
        await self.recorder.aclose()  # after cancelling: the outcomes they queued are written
        await self.lookup.image.aclose()
        await self.connections.aclose()
        if self.demo is not None:
            demo, self.demo = self.demo, None
            await asyncio.get_event_loop().run_in_executor(self.executor, demo.stop)

    def close_blocking(self, timeout_ms: int = 3000) -> None:
        """For ``aboutToQuit``: run :meth:`aclose` to the end in a local event loop
        (the application loop has stopped; qasync still dispatches through Qt)."""
        self.save_state()
        task = asyncio.get_event_loop().create_task(self.aclose())
        local = QEventLoop()
        task.add_done_callback(lambda _t: local.quit())
        QTimer.singleShot(timeout_ms, local.quit)
        if not task.done():
            local.exec()
        if not task.done():
            log.warning("closing connections timed out")
            task.cancel()
        if self.demo is not None:  # the executor did not get to it
            self.demo.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)
