"""*View → Notify of renewals* and the notification it turns on: ``install_renewals_notice``
makes the check, starts it (at start, then daily) and makes a click on the notification
bring the window up on the Renewals view.

The check box itself is a window setting (``ActionSpec.setting``): the shell saves it,
this feature reads it at each check and checks at once when it is turned on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from licensedesk.book.announced import FILE_NAME
from licensedesk.machine import data_dir

from ..shared.context import DeskContext
from ..shell.app_icon import app_icon_file
from .controller import RenewalsNotice
from .notifier import DesktopNotice

if TYPE_CHECKING:
    from ..shell.main_window import MainWindow

#: the action of the Renewals view (ui/renewals/), triggered by a click on the notification
RENEWALS_ACTION = "renewals"
TOGGLE_ACTION = "notifyRenewals"


def install_renewals_notice(ctx: DeskContext, parent: QObject | None = None) -> RenewalsNotice:
    """The check on the desk's book, started now."""
    window = ctx.window
    feature = RenewalsNotice(
        ctx.book.ending,
        DesktopNotice(icon=app_icon_file()),
        data_dir() / FILE_NAME,
        enabled=lambda: ctx.settings.notify_renewals,
        on_clicked=lambda: open_renewals(window),
        paused=ctx.demo_running,
        parent=parent,
    )
    window.registry[TOGGLE_ACTION].toggled.connect(lambda on: feature.start_check() if on else None)
    feature.start()
    return feature


def open_renewals(window: MainWindow) -> None:
    """The notification was clicked: the window to the front, on the Renewals view (when
    this build has one: its action is ``renewals``)."""
    if window.isMinimized():
        window.showNormal()
    window.raise_()
    window.activateWindow()
    action = window.registry.get(RENEWALS_ACTION)
    if action is not None:
        action.trigger()
