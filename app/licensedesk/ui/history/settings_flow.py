"""The History settings dialog's work: Test connection (off the UI thread) and Save.

Test connection (:func:`licensedesk.history.team_check.test_connection`) blocks for
up to its connect time-out, so it runs in the desk's worker thread as the task
``history.test``; its sentence goes back to the dialog. Save writes the password
to the OS keyring (entry ``history-team``; one typed into the address is taken
from there), the rest to ``history.json``, and switches the desk's recorder to
the store chosen: the next change is recorded there. Switching to a team database
other than the one in use first offers to copy this computer's entries into it
(:mod:`.copy_flow`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from licensedesk.history import KEYRING_ENTRY, HistorySettings, SettingsError, save_settings
from licensedesk.i18n import N_, _
from licensedesk.storage.settings import check_team_url, split_password

from ..shared.tasks import TaskRunner
from .copy_flow import COPY_TASK, offer_copy
from .settings_dialog import HistorySettingsDialog, SettingsChoice

if TYPE_CHECKING:
    from .desk_recorder import DeskRecorder

TEST_TASK = "history.test"
NO_KEYRING = N_(
    "No OS keyring: the password is kept in memory for this session only "
    "({reason}) and asked for again next time."
)


class HistorySettingsFlow(QObject):
    saved = Signal(object)  # HistorySettings, now in use

    def __init__(
        self, runner: TaskRunner, recorder: DeskRecorder, executor: Any, window: Any, parent=None
    ) -> None:
        super().__init__(parent)
        self._runner = runner
        self._recorder = recorder
        self._executor = executor
        self._window = window
        #: made by the first open(); its signals are what call test, save and prune
        self.dialog: HistorySettingsDialog | None = None

    @property
    def _secrets(self) -> Any:
        return self._recorder.secrets

    def open(self, parent: Any = None) -> HistorySettingsDialog:
        """Show the settings in use (re-read from ``history.json``); returns the dialog."""
        from licensedesk.history import load_settings, local_history_path

        if self.dialog is None:
            d = self.dialog = HistorySettingsDialog(parent or self._window)
            d.testRequested.connect(self.test)
            d.saveRequested.connect(self.save)
            d.pruneRequested.connect(self.prune)
            d.finished.connect(lambda _code: self._runner.cancel(TEST_TASK))
            d.rejected.connect(lambda: self._runner.cancel(COPY_TASK))
        d = self.dialog
        try:
            settings = load_settings()
        except SettingsError as exc:
            settings = HistorySettings()
            d.show_error(exc.sentence)
        secrets = self._secrets
        stored = secrets is not None and secrets.get_named(KEYRING_ENTRY) is not None
        warning = None
        if secrets is None or not secrets.persistent:
            reason = getattr(secrets, "reason", None) or _("no OS keyring is available")
            warning = _(NO_KEYRING).format(reason=reason)
        d.load(settings, str(local_history_path()), password_stored=stored, keyring_warning=warning)
        if parent is not None and d.parentWidget() is not parent:
            d.setParent(parent, d.windowFlags())
        d.open()
        return d

    # -- Export and remove older entries (prune_flow.py) ----------------------------------
    def prune(self, months: int) -> asyncio.Task:
        import os

        from .prune_flow import PRUNE_TASK, prune_older

        d = self.dialog
        return self._runner.run(
            PRUNE_TASK,
            lambda: prune_older(d, self._executor, self._secrets, months, os.path.expanduser("~")),
        )

    # -- Test connection ---------------------------------------------------------------
    def test(self, url: str, typed_password: str) -> asyncio.Task:
        d = self.dialog
        return self._runner.run(
            TEST_TASK,
            lambda: self._test(url, typed_password),
            busy=d.set_testing,
            on_success=lambda check: d.show_test_result(check.ok, check.sentence),
        )

    async def _test(self, url: str, typed_password: str):
        from licensedesk.history.team_check import TeamCheck, test_connection

        if not url:
            return TeamCheck(False, _("Type the address of the team database first."))
        clean, in_url = split_password(url)

        def check() -> TeamCheck:
            return test_connection(clean, self._password(typed_password or in_url))

        return await asyncio.get_running_loop().run_in_executor(self._executor, check)

    def _password(self, typed: str | None) -> str | None:
        """The password typed (in its field or the address), else the keyring's. Call it
        in the worker thread: the keyring may block."""
        if typed or self._secrets is None:
            return typed
        return self._secrets.get_named(KEYRING_ENTRY)

    # -- Save ----------------------------------------------------------------------------
    def save(self, choice: SettingsChoice) -> HistorySettings | asyncio.Task | None:
        """Write the settings and switch the recorder; None (the dialog says why) when
        they cannot be used or written. Switching to a team database first offers to copy
        this computer's entries there (a task: the question and the copy are awaited)."""
        if not self._offers_copy(choice):
            return self._save_now(choice)
        url, in_url = split_password(choice.team_url)
        try:
            url = check_team_url(url)  # said at once, before anything is asked or read
        except SettingsError as exc:
            self.dialog.show_error(exc.sentence)
            return None
        return self._runner.run(COPY_TASK, lambda: self._copy_then_save(choice, url, in_url))

    def _offers_copy(self, choice: SettingsChoice) -> bool:
        """A team database other than the one in use, outside the demo's session store."""
        from licensedesk.history import load_settings

        if choice.store != "team" or not choice.team_url or self._recorder.session_only:
            return False
        try:
            current = load_settings()
        except SettingsError:
            return True
        url = split_password(choice.team_url)[0]
        return current.store != "team" or current.team_url != url

    async def _copy_then_save(
        self, choice: SettingsChoice, url: str, in_url: str | None
    ) -> HistorySettings | None:
        def password() -> str | None:  # in the worker thread
            return self._password(choice.password or in_url)

        if not await offer_copy(self.dialog, self._executor, url, password):
            return None
        return self._save_now(choice)

    def _save_now(self, choice: SettingsChoice) -> HistorySettings | None:
        try:
            settings = self._write(choice)
        except SettingsError as exc:
            self.dialog.show_error(exc.sentence)
            return None
        self._recorder.switch(settings)
        self.dialog.accept()
        self.saved.emit(settings)
        return settings

    def _write(self, choice: SettingsChoice) -> HistorySettings:
        url, in_url = split_password(choice.team_url) if choice.team_url else (None, None)
        settings = HistorySettings(
            store=choice.store,
            team_url=url or None,
            display_name=choice.display_name,
            book_days=choice.book_days,
            keep_months=choice.keep_months,
        )
        password = choice.password or in_url
        if password:
            if self._secrets is None:
                raise SettingsError(
                    _("The team database password can only be kept in the OS keyring.")
                )
            self._secrets.set_named(KEYRING_ENTRY, password)
        save_settings(settings)
        return settings
