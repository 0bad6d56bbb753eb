"""Wires controllers to the window. The one place that knows both sides.

``DeskApp`` is built after the first paint (it imports the api, profiles,
keyring). Widgets never see it: it connects their signals to controllers and
controllers' signals back to widget methods.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor

from PySide6.QtCore import QEventLoop, QObject, QTimer

from .controllers.activations import ActivationsController, BulkResult
from .controllers.lookup import LookupController
from .demo import DEMO_PROFILE, DemoService
from .dialogs.confirm import ConfirmDialog
from .dialogs.error_dialog import ErrorDialog
from .session import Connections
from .settings import WindowSettings
from .tasks import Failure, TaskRunner

log = logging.getLogger(__name__)

#: How long the previous serial's results stay after Enter. Painting the
#: cleared window costs ~5 ms; done before the three requests are written it
#: delays them all (lookup benchmark: ratio 1.20 -> 1.15). One frame later the
#: requests are on the wire; the first answer clears at once if it is sooner.
CLEAR_DELAY_MS = 16


class DeskApp(QObject):
    def __init__(
        self,
        window,
        connections: Connections,
        settings: WindowSettings,
        *,
        host_id: str | None = None,
        log_path: str | None = None,
        demo_factory=DemoService,
        parent=None,
    ) -> None:
        super().__init__(parent)
        self.window = window
        self.connections = connections
        self.settings = settings
        self.log_path = log_path
        self.demo_factory = demo_factory
        self.demo: DemoService | None = None
        # Plain threads for blocking work (qasync's default executor uses QThreads,
        # which abort the process if still alive when Qt shuts down).
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="licensedesk")
        self.runner = TaskRunner(self)
        self.lookup = LookupController(self.runner, connections.client, self)
        self.activations = ActivationsController(
            self.runner, connections.client, self._confirm, self
        )
        self.error_dialog: ErrorDialog | None = None
        self.profiles_dialog = None
        self._key_prompt: tuple[str, asyncio.Future] | None = None  # profile, answer
        self._warming: set[asyncio.Task] = set()
        self._banner_part: str | None = None
        self._clear_timer = QTimer(self)
        self._clear_timer.setSingleShot(True)
        self._clear_timer.setInterval(CLEAR_DELAY_MS)
        self._clear_timer.timeout.connect(window.workspace.clear_results)
        ws = window.workspace
        ws.activations.model.set_this_host(host_id)
        self._wire()
        self.refresh_profiles()
        from .support_actions import install_support_actions  # validate/upgrade/register

        self.support = install_support_actions(self)
        from .controllers.license_image import install_license_image  # card image

        self.license_image = install_license_image(self)

    # -- wiring ------------------------------------------------------------------
    def _wire(self) -> None:
        w, ws = self.window, self.window.workspace
        parts = {"license": ws.card, "products": ws.products, "activations": ws.activations}
        self._parts = parts
        ws.lookupRequested.connect(self.lookup.lookup)
        ws.profileSelected.connect(self.select_profile)
        ws.manageProfilesRequested.connect(self.open_profiles)
        w.profilesRequested.connect(self.open_profiles)
        w.refreshRequested.connect(self.refresh)
        w.welcome.demoRequested.connect(self.start_demo)
        w.welcome.addConnectionRequested.connect(self.open_profiles)

        self.lookup.started.connect(self._lookup_started)
        self.lookup.partBusy.connect(lambda part, busy: parts[part].set_busy(busy))
        self.lookup.partFailed.connect(self._part_failed)
        self.lookup.licenseLoaded.connect(self._license_loaded)
        self.lookup.productsLoaded.connect(self._products_loaded)
        self.lookup.activationsLoaded.connect(self._activations_loaded)

        panel = ws.activations
        panel.model.toggleRequested.connect(self.activations.toggle)
        panel.activateRequested.connect(self.activations.activate)
        panel.deactivateRequested.connect(self.activations.deactivate)
        panel.deleteRequested.connect(lambda ids: self.activations.delete(ids, panel.describe(ids)))
        panel.cancelRequested.connect(self.activations.cancel)
        self.activations.bulkStarted.connect(self._bulk_started)
        self.activations.progress.connect(panel.set_progress)
        self.activations.rowUpdated.connect(self._row_updated)
        self.activations.rowRemoved.connect(self._row_removed)
        self.activations.bulkFinished.connect(self._bulk_finished)

        self.runner.finished.connect(self._request_finished)
        self.runner.failed.connect(lambda _name, f: ws.banner.show_failure(f))
        self.runner.unexpected.connect(lambda _name, f: self.show_unexpected(f))
        self.connections.profilesChanged.connect(self.refresh_profiles)

    # -- profiles ----------------------------------------------------------------
    def refresh_profiles(self) -> None:
        names = self.connections.names()
        current = self.connections.current
        if current not in names:
            current = names[0] if names else None
        self.window.workspace.set_profiles(names, current)
        self.select_profile(current)

    def select_profile(self, name: str | None) -> None:
        if name != self.connections.current:
            self.lookup.cancel()
            self.window.workspace.clear_results()
        self.connections.select(name)
        self.window.workspace.set_demo(self.connections.is_memory_only(name) and bool(self.demo))
        self.window.set_status(name or "", self.connections.server_of(name))
        if name and not self.connections.is_memory_only(name):
            self.settings.last_profile = name
        self._ask_missing_keys(name)
        if self._key_prompt is None:
            self._warm(name)

    def _warm(self, name: str | None) -> None:
        """Make the profile's client ahead, off the UI thread (Connections.warm)."""
        if name:
            task = asyncio.get_event_loop().create_task(
                self.connections.warm(name, self._executor), name="connections.warm")
            self._warming.add(task)
            task.add_done_callback(self._warming.discard)

    def _ask_missing_keys(self, name: str | None) -> None:
        """Without an OS keyring, ask for the profile's keys once per session."""
        from .dialogs.key_prompt import KeyPromptDialog

        if self._key_prompt is not None:
            if self._key_prompt[0] == name:
                return  # already asking
            self._key_prompt[1].cancel()  # another profile was chosen meanwhile
            self._key_prompt = None
        app_ids = self.connections.keys_to_ask(name)
        if not app_ids:
            return
        why = self.connections.secrets.warning  # set whenever keys are memory-only
        note = f"{why}\n\nEnter the API key of \u201c{name}\u201d to use it now."
        future = KeyPromptDialog.ask(self.window, name, app_ids, note)
        self._key_prompt = (name, future)

        def done(f: asyncio.Future) -> None:
            if self._key_prompt is not None and self._key_prompt[1] is f:
                self._key_prompt = None
            if not f.cancelled() and f.result():
                self.connections.set_session_keys(name, f.result())
                self._warm(name)

        future.add_done_callback(done)

    def choose_start_page(self, profile: str | None = None) -> None:
        names = self.connections.names()
        if profile and profile in names:
            self.window.workspace.set_profiles(names, profile)
            self.select_profile(profile)
        elif profile:
            self.window.show_workspace()
            self.window.workspace.banner.show_error(
                f"There is no profile named \u201c{profile}\u201d."
            )
        elif self.settings.last_profile in names:
            self.window.workspace.set_profiles(names, self.settings.last_profile)
            self.select_profile(self.settings.last_profile)
        if names:
            self.window.show_workspace()
            self.window.workspace.focus_serial()
        elif not profile:
            self.window.show_welcome()

    def open_profiles(self) -> None:
        from .dialogs.profiles import ProfilesDialog

        if self.profiles_dialog is None:
            self.profiles_dialog = ProfilesDialog(self.connections, self.runner, self.window)
            self.profiles_dialog.finished.connect(self._profiles_closed)
        self.profiles_dialog.reload(self.connections.current)
        self.profiles_dialog.open()

    def _profiles_closed(self, _code: int) -> None:
        if self.connections.names():
            self.window.show_workspace()
        self._warm(self.connections.current)  # an edited profile's client was closed

    # -- demo ------------------------------------------------------------------
    def start_demo(self) -> asyncio.Task:
        return self.runner.run("demo.start", self._start_demo,
                               busy=self.window.welcome.demo_button,
                               on_error=self._demo_failed)

    async def _start_demo(self) -> None:
        if self.demo is None:
            demo = self.demo_factory()
            self.window.statusBar().showMessage("Starting the demo service\u2026")
            await asyncio.get_event_loop().run_in_executor(self._executor, demo.start)
            self.demo = demo
        profile, keys = self.demo.profile()
        self.connections.add_memory_profile(profile, keys)
        self.window.workspace.set_profiles(self.connections.names(), DEMO_PROFILE)
        self.select_profile(DEMO_PROFILE)
        self.window.show_workspace()
        self.window.statusBar().showMessage(
            "Demo service running. Try the serial "
            + self.demo.serials().get("subscription_active", ""),
            15000,
        )
        self.window.workspace.focus_serial()

    def _demo_failed(self, failure: Failure) -> None:
        self.window.statusBar().clearMessage()
        self.show_unexpected(failure)

    # -- lookup --------------------------------------------------------------------
    def refresh(self) -> None:
        if not self.window.is_welcome():
            self.lookup.refresh()

    def _lookup_started(self, _serial: str) -> None:
        self._banner_part = None
        self._clear_timer.start()

    def _clear_results(self) -> None:
        """An answer came within CLEAR_DELAY_MS: the previous results go first."""
        if self._clear_timer.isActive():
            self._clear_timer.stop()
            self.window.workspace.clear_results()

    def _license_loaded(self, license_) -> None:
        self._clear_results()
        self.window.workspace.card.show_license(license_)

    def _part_failed(self, part: str, failure: Failure) -> None:
        self._clear_results()
        self._parts[part].show_error(failure.sentence)
        banner = self.window.workspace.banner
        # One banner per lookup: the licence's error wins, others only if first.
        if self._banner_part is None or part == "license":
            self._banner_part = part
            banner.show_failure(failure)

    def _products_loaded(self, products: list) -> None:
        self._clear_results()
        ws = self.window.workspace
        ws.products.show_products(products)
        ws.products.set_seats_used(ws.activations.model.activated_count_by_product())

    def _activations_loaded(self, activations: list) -> None:
        self._clear_results()
        ws = self.window.workspace
        ws.activations.show_activations(activations)
        ws.products.set_seats_used(ws.activations.model.activated_count_by_product())

    def _request_finished(self, _name: str) -> None:
        self.window.set_last_request("Last request: " + time.strftime("%H:%M:%S"))

    # -- activations ---------------------------------------------------------------
    async def _confirm(self, title: str, text: str) -> bool:
        return await ConfirmDialog.ask(self.window, title, text, accept="Delete")

    def _bulk_started(self, action: str, total: int) -> None:
        verbs = {"activate": "Activating", "deactivate": "Deactivating", "delete": "Deleting"}
        self.window.workspace.activations.set_bulk_running(True, total, verbs[action])

    def _row_updated(self, aid: int, activated: bool) -> None:
        ws = self.window.workspace
        ws.activations.model.set_activated(aid, activated)
        ws.products.set_seats_used(ws.activations.model.activated_count_by_product())

    def _row_removed(self, aid: int) -> None:
        ws = self.window.workspace
        ws.activations.row_removed(aid)
        ws.products.set_seats_used(ws.activations.model.activated_count_by_product())

    def _bulk_finished(self, result: BulkResult) -> None:
        ws = self.window.workspace
        ws.activations.set_bulk_running(False)
        self.window.statusBar().showMessage(result.summary(), 10000)
        if result.failed:
            lines = [f"#{aid}: {f.sentence}\n{f.details}" for aid, f in result.failed]
            first = result.failed[0][1].sentence
            ws.banner.show_error(f"{result.summary()} {first}", "\n\n".join(lines))

    # -- errors --------------------------------------------------------------------
    def show_unexpected(self, failure: Failure) -> None:
        if self.error_dialog is None:
            self.error_dialog = ErrorDialog(self.window)
        self.error_dialog.show_error(failure.sentence, failure.details,
                                     str(self.log_path) if self.log_path else None)

    # -- quit ----------------------------------------------------------------------
    def save_state(self) -> None:
        self.settings.save_window(self.window)

    async def aclose(self) -> None:
        """Cancel work, close every client, stop the demo service."""
        self.runner.cancel_all()
        await self.license_image.aclose()
        await self.connections.aclose()
        if self.demo is not None:
            demo, self.demo = self.demo, None
            await asyncio.get_event_loop().run_in_executor(self._executor, demo.stop)

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
        self._executor.shutdown(wait=False, cancel_futures=True)
