"""Writes to activations: toggle one, and bulk activate / deactivate / delete.

A bulk action is one named task (``activations.bulk``) working row by row so
it can show progress and be cancelled between rows. A row that fails is
reported (``rowFailed`` and the summary), never swallowed; the others go on.
Writes are never retried. Deleting asks for confirmation first through the
``confirm`` coroutine function the app passes in (a non-blocking dialog).

A device the table already shows in the wanted state is not sent (the service
would still bump its ``updated_at``) and is counted apart ("1 was already
off"). After activating or deactivating, the serial's list is read again
(task ``activations.reread``, :attr:`rowsReread`): the PUT answers carry only a
message, and the rows should show the service's new times.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Signal

from licensedesk.api.activation_rows import Devices
from licensedesk.history.recorder import Records, record
from licensedesk.i18n import N_, N_plural, _, ngettext

from ..shared.service_controller import ServiceController, read_devices
from ..shared.tasks import Failure, TaskRunner, failure_from
from ..shared.values import format_number

BULK = "activations.bulk"
REREAD = "activations.reread"
#: the progress bar's words per action (the actions there are); Qt fills in %v (devices
#: done) and %m (devices in all)
VERBS = {
    # TRANSLATORS: a progress bar; %v: devices done so far, %m: devices in all (keep both)
    "activate": N_("Activating %v of %m"),
    # TRANSLATORS: a progress bar; %v: devices done so far, %m: devices in all (keep both)
    "deactivate": N_("Deactivating %v of %m"),
    # TRANSLATORS: a progress bar; %v: devices done so far, %m: devices in all (keep both)
    "delete": N_("Deleting %v of %m"),
}
#: a summary's first clause per action ("2 of 3 deactivated")
DONE = {
    "activate": N_plural("{done} of {total} activated", "{done} of {total} activated"),
    "deactivate": N_plural("{done} of {total} deactivated", "{done} of {total} deactivated"),
    "delete": N_plural("{done} of {total} deleted", "{done} of {total} deleted"),
}
#: devices in the wanted state already, not sent: the summary's clause ("1 was already off")
ALREADY = {
    "activate": N_plural("{n} was already on", "{n} were already on"),
    "deactivate": N_plural("{n} was already off", "{n} were already off"),
}
#: the summary when every selected device was in the wanted state: nothing was sent
NOTHING_TO_DO = {
    "activate": N_plural(
        "Nothing to activate: {n} was already on.", "Nothing to activate: {n} were already on."
    ),
    "deactivate": N_plural(
        "Nothing to deactivate: {n} was already off.",
        "Nothing to deactivate: {n} were already off.",
    ),
}


@dataclass
class BulkResult:
    action: str
    total: int  # rows sent (or to be sent); ``skipped`` ones are not counted
    succeeded: list[int] = field(default_factory=list)
    failed: list[tuple[int, Failure]] = field(default_factory=list)
    cancelled: bool = False
    #: the row whose request was on its way when the bulk action was cancelled: sent, but
    #: its answer never read (the service may have done it)
    unanswered: int | None = None
    #: rows already in the wanted state: not sent
    skipped: list[int] = field(default_factory=list)

    def summary(self) -> str:
        """One sentence for the status bar: clauses that each stand alone (translated
        whole, with their own plural), joined by "; "."""
        done, total, skipped = len(self.succeeded), self.total, len(self.skipped)
        if skipped and not total:
            return ngettext(*NOTHING_TO_DO[self.action], skipped).format(n=format_number(skipped))
        clauses = [
            ngettext(*DONE[self.action], total).format(
                done=format_number(done), total=format_number(total)
            )
        ]
        if skipped:
            clauses.append(
                ngettext(*ALREADY[self.action], skipped).format(n=format_number(skipped))
            )
        if self.failed:
            n = len(self.failed)
            # TRANSLATORS: a clause of a bulk action's summary ("2 of 3 deactivated; 1 failed.")
            clauses.append(ngettext("{n} failed", "{n} failed", n).format(n=format_number(n)))
        if self.cancelled:
            left = total - done - len(self.failed)
            if self.unanswered is not None:
                left -= 1
                if left:
                    clauses.append(
                        ngettext(
                            "cancelled while #{id} was sent (its outcome is unknown), "
                            "{n} not attempted",
                            "cancelled while #{id} was sent (its outcome is unknown), "
                            "{n} not attempted",
                            left,
                        ).format(id=self.unanswered, n=format_number(left))
                    )
                else:
                    clauses.append(
                        _("cancelled while #{id} was sent (its outcome is unknown)").format(
                            id=self.unanswered
                        )
                    )
            else:
                clauses.append(
                    ngettext(
                        "cancelled, {n} not attempted", "cancelled, {n} not attempted", left
                    ).format(n=format_number(left))
                )
        return "; ".join(clauses) + "."


class ActivationsController(ServiceController):
    bulkStarted = Signal(str, int)  # action, total
    progress = Signal(int, int)  # done (attempted), total
    rowUpdated = Signal(int, bool)  # id, activated
    rowRemoved = Signal(int)  # id
    rowFailed = Signal(int, object)  # id, Failure
    bulkFinished = Signal(object)  # BulkResult
    rowsReread = Signal(str, object)  # serial, list: its activations as the service now holds
    rereadFailed = Signal(object)  # Failure

    def __init__(
        self,
        runner: TaskRunner,
        client: Callable[[], Any],
        confirm: Callable[[str, str], Awaitable[bool]],
        parent=None,
        *,
        shown: Callable[[int], Any] | None = None,
        serial: Callable[[], str | None] | None = None,
        history: Records | None = None,
    ) -> None:
        """``shown(id)``: the activation as the table shows it (None: not shown);
        ``serial()``: the serial on show, read again after a write; ``history``: records
        each request (one entry per device, with the row as it was shown)."""
        super().__init__(runner, client, parent, history=history)
        self._confirm = confirm
        self._shown = shown
        self._serial = serial

    def toggle(self, activation_id: int, activated: bool) -> asyncio.Task:
        """One checkbox: its own task per row, so toggling two rows quickly does both."""
        return self.run_bulk(
            "activate" if activated else "deactivate",
            [activation_id],
            name=f"activations.toggle.{activation_id}",
        )

    def activate(self, ids: list[int]) -> asyncio.Task:
        return self.run_bulk("activate", ids)

    def deactivate(self, ids: list[int]) -> asyncio.Task:
        return self.run_bulk("deactivate", ids)

    def delete(self, ids: list[int], descriptions: list[str]) -> asyncio.Task:
        """Ask, naming the devices; delete only after "Delete"."""
        return self._runner.run(
            "activations.confirm", lambda: self._confirm_delete(ids, descriptions)
        )

    def cancel(self) -> None:
        self._runner.cancel(BULK)

    def is_running(self) -> bool:
        return self._runner.is_running(BULK)

    async def _confirm_delete(self, ids: list[int], descriptions: list[str]) -> bool:
        n = len(ids)
        shown = descriptions[:15]
        if n > 15:
            more = n - 15
            shown.append(
                ngettext("\u2026 and {n} more", "\u2026 and {n} more", more).format(n=more)
            )
        if n == 1:
            title = _("Delete activation")
            question = _(
                "Delete this activation? The device loses its licence seat; this cannot be undone."
            )
        else:
            title = ngettext("Delete {n} activation", "Delete {n} activations", n).format(n=n)
            question = ngettext(
                "Delete this {n} activation? The device loses its licence seat; "
                "this cannot be undone.",
                "Delete these {n} activations? The devices lose their licence seats; "
                "this cannot be undone.",
                n,
            ).format(n=n)
        text = question + "\n\n" + "\n".join(shown)
        if not await self._confirm(title, text):
            return False
        self.run_bulk("delete", ids)
        return True

    def run_bulk(self, action: str, ids: list[int], name: str = BULK) -> asyncio.Task:
        if action not in VERBS:
            raise ValueError(action)
        return self._runner.run(name, lambda: self._bulk(action, list(ids)))

    def reread(self, serial: str) -> asyncio.Task:
        """Read ``serial``'s activations again (a newer reread supersedes this one)."""
        return self._runner.run(
            REREAD,
            lambda: self._read(serial),
            on_success=lambda rows: self.rowsReread.emit(serial, rows),
            on_error=self.rereadFailed.emit,
        )

    async def _read(self, serial: str) -> Devices:
        return await read_devices(self._client(), serial)

    def _record(self, action: str, activation_id: int):
        """The history's block for one device: the row as the table showed it."""
        if self._history is None:
            return record(None, action)
        row = self._shown(activation_id) if self._shown is not None else None
        serial = getattr(row, "serial", None) or (self._serial() if self._serial else None)
        product = getattr(row, "product_name", None) or None
        before = (
            None
            if row is None
            else {
                "activated": bool(row.activated),
                "host_id": getattr(row, "host_id", None),
                "device_tag": getattr(row, "device_tag", None),
                "product": product,
            }
        )
        return record(
            self._history,
            action,
            serial=serial,
            activation_ids=[activation_id],
            before=before,
            product=product,
        )

    def _already_so(self, action: str, activation_id: int) -> bool:
        """Whether the table shows this device in the state ``action`` asks for."""
        if action == "delete" or self._shown is None:
            return False
        shown = self._shown(activation_id)
        return shown is not None and bool(shown.activated) == (action == "activate")

    async def _bulk(self, action: str, ids: list[int]) -> BulkResult:
        already = {aid for aid in ids if self._already_so(action, aid)}
        skipped = [aid for aid in ids if aid in already]
        ids = [aid for aid in ids if aid not in already]
        serial = self._serial() if self._serial is not None and action != "delete" else None
        self._runner.cancel(REREAD)  # its answer could predate these writes
        result = BulkResult(action, len(ids), skipped=skipped)
        self.bulkStarted.emit(action, len(ids))
        try:
            client = self._client()
            for n, aid in enumerate(ids, start=1):
                try:
                    async with self._record(action, aid) as rec:  # intent first
                        result.unanswered = aid
                        if action == "delete":
                            answer = await client.delete_activation(aid)
                        else:
                            answer = await client.set_activation(aid, action == "activate")
                        rec.done(answer if isinstance(answer, str) else None)  # its message
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    result.unanswered = None
                    failure = failure_from(exc)
                    result.failed.append((aid, failure))
                    self.rowFailed.emit(aid, failure)
                    if failure.unexpected:
                        raise
                else:
                    result.unanswered = None
                    result.succeeded.append(aid)
                    if action == "delete":
                        self.rowRemoved.emit(aid)
                    else:
                        self.rowUpdated.emit(aid, action == "activate")
                self.progress.emit(n, len(ids))
        except asyncio.CancelledError:
            result.cancelled = True
            self.bulkFinished.emit(result)
            raise
        except Exception:
            self.bulkFinished.emit(result)
            raise
        self.bulkFinished.emit(result)
        if serial and ids:
            self.reread(serial)
        return result
