"""The window's part of updates: *Help → Check for Updates*, the checks, the staged line.

The checks themselves are ``licensedesk.updates.check`` (no Qt), run in a worker thread at
start (a few seconds after the window has painted) and then once a day, only in a bundle
that can update itself. A staged version is said by a line in the status bar, never a
dialog ("Version 1.1 will be used from the next start."); what went wrong (a server that
is down, a refused update) goes to the log only. The menu item is the user's setting; an
administrator's switch greys it out and says why.
"""

from __future__ import annotations

import contextlib
import logging
import threading

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu

from licensedesk.i18n import _
from licensedesk.updates import policy
from licensedesk.updates.bundle import Bundle, running_bundle

log = logging.getLogger("licensedesk.updates")

#: the first check waits for the start-up to settle; then one a day
FIRST_CHECK_MS = 5_000
EVERY_MS = 24 * 60 * 60 * 1000


class UpdateChecks(QObject):
    """The menu item, the timer and the worker thread of the update checks."""

    #: a check ended (a ``licensedesk.updates.check.Outcome``), in the window's thread
    finished = Signal(object)

    def __init__(
        self,
        window: QMainWindow,
        help_menu: QMenu,
        bundle: Bundle | None,
        first_ms: int = FIRST_CHECK_MS,
        every_ms: int = EVERY_MS,
    ) -> None:
        super().__init__(window)
        self._window, self._bundle = window, bundle
        self._busy = False
        help_menu.addSeparator()
        self.action = help_menu.addAction(_("Check for &Updates"))
        self.action.setObjectName("checkUpdatesAction")
        self.action.setCheckable(True)
        self.action.setStatusTip(_("Look for a new version at start and once a day"))
        admin = policy.admin_decision()
        if admin.allowed:
            self.action.setChecked(policy.user_allows())
        else:
            self.action.setEnabled(False)
            self.action.setToolTip(admin.sentence())
            self.action.setStatusTip(admin.sentence())
        self.action.toggled.connect(self._toggled)
        self.line = QLabel()
        self.line.setObjectName("updateStagedLine")
        self.line.hide()
        window.statusBar().addPermanentWidget(self.line)
        self.finished.connect(self._show)
        self._first = QTimer(self, singleShot=True, interval=first_ms)
        self._daily = QTimer(self, interval=every_ms)
        self._first.timeout.connect(self.check_now)
        self._daily.timeout.connect(self.check_now)

    def start(self) -> None:
        """The first check soon, then daily; nothing at all outside a bundle."""
        if self._bundle is None:
            log.debug("not a bundle: no update checks")
            return
        self._first.start()
        self._daily.start()

    def check_now(self) -> bool:
        """One check in a worker thread (not when one runs, or checks are off: the decision
        is read anew each time, so the menu item takes effect at once). True if started."""
        if self._bundle is None or self._busy or not policy.decide().allowed:
            return False
        self._busy = True
        threading.Thread(target=self._work, name="update check", daemon=True).start()
        return True

    def _work(self) -> None:
        from licensedesk.updates.check import check_for_update

        outcome = check_for_update(self._bundle)  # logs what it found; never raises
        # the window may have gone meanwhile (quit during a check): then nothing to show
        with contextlib.suppress(RuntimeError):
            self.finished.emit(outcome)  # queued to the window's thread

    def _show(self, outcome) -> None:
        from licensedesk.updates.check import STAGED

        self._busy = False
        if outcome.kind == STAGED:
            self.line.setText(outcome.sentence())
            self.line.show()

    def _toggled(self, on: bool) -> None:
        try:
            policy.save_user_setting(on)
        except OSError as exc:
            log.warning("the update setting could not be saved: %s", exc.strerror)
            self.action.blockSignals(True)
            self.action.setChecked(not on)
            self.action.blockSignals(False)
            self._window.statusBar().showMessage(
                _("The setting could not be saved ({reason}). Nothing was changed.").format(
                    reason=exc.strerror or exc
                ),
                10_000,
            )


def install_update_checks(window) -> UpdateChecks:
    """After the first paint: the new version (if this start is one) has started, so the
    previous folder goes; then the checks begin."""
    from licensedesk.updates.start import confirm_started

    confirm_started()
    window.build_welcome()  # the menus (already built on every start path)
    checks = UpdateChecks(window, window.registry.menus["help"], running_bundle())
    checks.start()
    return checks
