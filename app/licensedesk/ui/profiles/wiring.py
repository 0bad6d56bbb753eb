"""Wires profiles: the selector in the workspace, the status bar, the profiles dialog and
its controller, the key prompt (no OS keyring), and the client made ahead.

Choosing a profile: the lookup in flight is cancelled and the results cleared
(the lookup listens to ``Connections.currentChanged``), the status bar names it,
a stored one is remembered as the last profile, missing keys are asked for, and
its client is made ahead in a worker thread (``Connections.warm``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QTimer

from licensedesk.i18n import _

from ..shared.confirm import ConfirmDialog
from .controller import ProfilesController

if TYPE_CHECKING:
    from ..shared.context import DeskContext
    from .dialog import ProfilesDialog


class ProfileSelector(Protocol):
    """The profile chooser that the window shows (the workspace's, above the serial box)."""

    profileSelected: Any  # Signal(str)
    manageProfilesRequested: Any  # Signal()

    def set_profiles(self, names: list[str], current: str | None) -> None: ...

    def set_demo(self, on: bool) -> None: ...


class ProfilesFeature(QObject):
    def __init__(
        self, ctx: DeskContext, selector: ProfileSelector, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._window = ctx.window
        self._selector = selector
        self.connections = ctx.connections
        self.dialog: ProfilesDialog | None = None
        self.controller = ProfilesController(ctx.runner, ctx.connections, self._confirm, self)
        self._key_prompt: tuple[str, asyncio.Future] | None = None  # profile, answer
        self._warming: set[asyncio.Task] = set()  # keeps the warm tasks alive
        selector.profileSelected.connect(self.select)
        selector.manageProfilesRequested.connect(self.open)
        ctx.window.registry["profiles"].triggered.connect(lambda _checked=False: self.open())
        ctx.window.welcome.addConnectionRequested.connect(self.open)
        self.connections.profilesChanged.connect(self.refresh)
        QTimer.singleShot(0, self.say_refused)  # once the window has started

    # -- choosing ------------------------------------------------------------------
    def refresh(self) -> None:
        """The selector lists the profiles; the current one stays chosen if it still exists."""
        names = self.connections.names()
        current = self.connections.current
        if current not in names:
            current = names[0] if names else None
        self.show_chosen(current)
        self.say_refused()

    def say_refused(self) -> None:
        """The profiles file's entries this version refuses are named in the status bar
        (the others are listed and usable); nothing is said when there are none."""
        refused = self.connections.refused()
        if refused:
            self._window.statusBar().showMessage(" ".join(refused))

    def show_chosen(self, name: str | None) -> None:
        """Choose ``name`` and show it in the selector."""
        self._selector.set_profiles(self.connections.names(), name)
        self.select(name)

    def select(self, name: str | None) -> None:
        self.connections.select(name)
        self._selector.set_demo(self.connections.is_memory_only(name) and self._ctx.demo_running())
        self._window.set_status(name or "", self.connections.server_of(name))
        if name and not self.connections.is_memory_only(name):
            self._ctx.settings.last_profile = name
        self._ask_missing_keys(name)
        if self._key_prompt is None:
            self.warm(name)

    def warm(self, name: str | None) -> None:
        """Make the profile's client ahead, off the UI thread (Connections.warm)."""
        if name:
            task = asyncio.get_event_loop().create_task(
                self.connections.warm(name, self._ctx.executor), name="connections.warm"
            )
            self._warming.add(task)
            task.add_done_callback(self._warming.discard)

    def is_warming(self) -> bool:
        """Whether a client is being made ahead (tests wait for it)."""
        return bool(self._warming)

    def _ask_missing_keys(self, name: str | None) -> None:
        """Without an OS keyring, ask for the profile's keys once per session."""
        from .key_prompt import KeyPromptDialog

        if self._key_prompt is not None:
            if self._key_prompt[0] == name:
                return  # already asking
            self._key_prompt[1].cancel()  # another profile was chosen meanwhile
            self._key_prompt = None
        app_ids = self.connections.keys_to_ask(name)
        if not app_ids:
            return
        why = self.connections.secrets.warning  # set whenever keys are memory-only
        note = _("{why}\n\nEnter the API key of \u201c{name}\u201d to use it now.").format(
            why=why, name=name
        )
        future = KeyPromptDialog.ask(self._window, name, app_ids, note)
        self._key_prompt = (name, future)

        def done(f: asyncio.Future) -> None:
            if self._key_prompt is not None and self._key_prompt[1] is f:
                self._key_prompt = None
            if not f.cancelled() and f.result():
                self.connections.set_session_keys(name, f.result())
                self.warm(name)

        future.add_done_callback(done)

    # -- the dialog --------------------------------------------------------------------
    def open(self) -> ProfilesDialog:
        if self.dialog is None:
            from .dialog import ProfilesDialog

            d = self.dialog = ProfilesDialog(self.connections, self._window)
            c = self.controller
            d.testRequested.connect(c.test)
            d.removeRequested.connect(c.remove)
            c.testBusy.connect(d.set_testing)
            c.tested.connect(d.show_test_result)
            c.removed.connect(d.profile_removed)
            d.finished.connect(self._closed)
        self.dialog.reload(self.connections.current)
        self.dialog.open()
        return self.dialog

    def _confirm(self, title: str, text: str):
        return ConfirmDialog.ask(self.dialog or self._window, title, text, accept=_("Remove"))

    def _closed(self, _code: int) -> None:
        if self.connections.names():
            self._window.show_workspace()
        self.warm(self.connections.current)  # an edited profile's client was closed


def install_profiles(
    ctx: DeskContext, selector: ProfileSelector, parent: QObject | None = None
) -> ProfilesFeature:
    return ProfilesFeature(ctx, selector, parent)
