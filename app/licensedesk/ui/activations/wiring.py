"""Wires the activations panel to its controller: a row's checkbox, Activate, Deactivate,
Delete (Del, after a confirmation that names the devices), Cancel, and the rows and
seats that change when the service agreed.

Delete on two selected devices: ``panel.request_delete`` → ``deleteRequested`` →
``ActivationsController.delete`` (asks through :class:`ConfirmDialog`, then one
``DELETE`` per device through the task runner) → ``rowRemoved`` →
``panel.row_removed`` and the products' seats; the summary goes to the status bar
(and the banner when a row failed).

The sentence a refused change shows: the client's ``NotAuthorized`` sentence, made once
in ``api/permissions.py`` (``Permissions.refused``: what was refused, and its
``Remedy``), is turned into the banner's ``Failure`` by ``ui/shared/tasks.failure_from``,
which adds where the window fixes it (``ui/shared/refusals.told``: its menu); the
command line adds its own command instead (``cli/remedies.py``).

How a change reaches the history: ``ActivationsController._record`` opens
``history/recorder.record`` around each request (``ctx.recorder``, the window's
``ui/history/desk_recorder.DeskRecorder``); ``Recorder.record`` writes the intent before
the request leaves and the outcome after it (``done``/``refused``/``unknown``), through the
store's worker thread (``history/store.py``) into the desk's database.

After Activate / Deactivate the controller reads the serial's list again
(``rowsReread``): the rows still on show take the service's state in place
(new ``updated_at`` included). *Export CSV…* is wired by ``export_flow``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from licensedesk.i18n import _

from ..shared.confirm import ConfirmDialog
from ..shared.refusals import read_only_reason
from ..shared.tasks import Failure
from .controller import VERBS, ActivationsController, BulkResult
from .export_flow import install_export
from .free_seat import FreeSeat

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from ..shared.context import DeskContext, LookupPort
    from .panel import ActivationsPanel


def install_activations(
    ctx: DeskContext, lookup: LookupPort, panel: ActivationsPanel, parent: QObject | None = None
) -> ActivationsController:
    """Connect ``panel`` (the lookup's devices of the serial on show); returns the controller."""
    panel.model.set_this_host(ctx.host_id)
    controller = _controller(ctx, lookup, panel, parent)
    _connect_requests(panel, controller)
    _connect_results(ctx, lookup, panel, controller)
    install_export(ctx, lookup, panel)
    _follow_write_access(ctx, lookup, panel)
    FreeSeat(ctx, lookup, panel, controller)  # a child of the controller
    return controller


def _controller(
    ctx: DeskContext, lookup: LookupPort, panel: ActivationsPanel, parent: QObject | None
) -> ActivationsController:
    """The controller, asking before a delete in a dialog over the main window."""
    window = ctx.window

    def confirm(title: str, text: str):
        # TRANSLATORS: the button that confirms deleting activations
        return ConfirmDialog.ask(window, title, text, accept=_("Delete"))

    return ActivationsController(
        ctx.runner,
        ctx.connections.client,
        confirm,
        parent,
        shown=panel.model.activation,
        serial=lambda: lookup.serial,
        history=ctx.recorder,
    )


def _connect_requests(panel: ActivationsPanel, controller: ActivationsController) -> None:
    """What the person asks for in the panel goes to the controller."""
    panel.model.toggleRequested.connect(controller.toggle)
    panel.activateRequested.connect(controller.activate)
    panel.deactivateRequested.connect(controller.deactivate)
    panel.deleteRequested.connect(lambda ids: controller.delete(ids, panel.describe(ids)))
    panel.cancelRequested.connect(controller.cancel)


def _connect_results(
    ctx: DeskContext, lookup: LookupPort, panel: ActivationsPanel, controller: ActivationsController
) -> None:
    """What the service agreed to: the panel's rows, the products' seats, the status bar
    and the banner."""
    window = ctx.window

    def row_updated(activation_id: int, activated: bool) -> None:
        panel.model.set_activated(activation_id, activated)
        lookup.update_seats()

    def row_removed(activation_id: int) -> None:
        panel.row_removed(activation_id)
        lookup.update_seats()

    summary = [""]  # the last bulk action's, kept when the reread after it fails

    def finished(result: BulkResult) -> None:
        panel.set_bulk_running(False)
        summary[0] = result.summary()
        window.statusBar().showMessage(summary[0], 10000)
        if result.failed:
            lines = [f"#{aid}: {f.sentence}\n{f.details}" for aid, f in result.failed]
            first = result.failed[0][1].sentence
            ctx.banner.show_error(f"{summary[0]} {first}", "\n\n".join(lines))

    def rows_reread(serial: str, activations: list) -> None:
        if serial == lookup.serial:  # not another serial looked up meanwhile
            panel.refresh_rows(activations)
            lookup.update_seats()

    def reread_failed(failure: Failure) -> None:
        why = _("The devices could not be read again ({reason}); press F5 to reload.").format(
            reason=failure.sentence
        )
        window.statusBar().showMessage(f"{summary[0]} {why}", 10000)  # two sentences

    controller.bulkStarted.connect(
        lambda action, total: panel.set_bulk_running(True, total, _(VERBS[action]))
    )
    controller.progress.connect(panel.set_progress)
    controller.rowUpdated.connect(row_updated)
    controller.rowRemoved.connect(row_removed)
    controller.bulkFinished.connect(finished)
    controller.rowsReread.connect(rows_reread)
    controller.rereadFailed.connect(reread_failed)


def _follow_write_access(ctx: DeskContext, lookup: LookupPort, panel: ActivationsPanel) -> None:
    """The panel turns read-only for a profile that may not write (and while the licence
    book's copy is on show, :mod:`..lookup.offline_copy`, until the next lookup)."""
    connections = ctx.connections

    def follow() -> None:
        """Read-only here: a profile without a write pair whose only key the service
        refused for a write (DESIGN §3: a reseller's key), or without any pair."""
        name = connections.current
        panel.set_read_only(read_only_reason(connections.can_write(name), name))

    connections.follow_write_access(follow)
    lookup.started.connect(lambda _serial: follow())
