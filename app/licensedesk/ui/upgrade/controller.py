"""Upgrade one licence from another (POST licenses/upgrade), for the upgrade dialog.

Tasks: ``support.upgrade.preview`` reads both licences and their activations
in parallel before anything is written; ``support.upgrade.write`` sends the
upgrade once. The write is never retried: when its answer is lost (time-out,
dropped connection, unreadable answer, server error) both serials are read
again and :attr:`UpgradeController.reconciled` says what actually happened.
Either way the upgrade licence, as read after the upgrade, goes with the result
(the spec does not say what an upgrade does to its licensee).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Signal

from licensedesk.api.sentence import Sentence, english_of, say
from licensedesk.history.recorder import record
from licensedesk.i18n import N_

from ..shared.service_controller import ServiceController
from ..shared.tasks import Failure, failure_from
from .fit import upgrade_fit

PREVIEW_TASK = "support.upgrade.preview"
WRITE_TASK = "support.upgrade.write"
REGISTRABLE_TASK = "support.upgrade.registrable"

WENT_THROUGH = "went_through"
NOTHING_CHANGED = "nothing_changed"
NOT_YET = "not_yet"  # time-out, both still there: the service may still finish it
UNKNOWN = "unknown"

#: what a reconciliation writes over the history's "outcome unknown" (docs/history.md)
RECORDED_OUTCOME = {
    WENT_THROUGH: "done",
    NOTHING_CHANGED: "failed",
    NOT_YET: "unknown",
    UNKNOWN: "unknown",
}


@dataclass(frozen=True)
class Side:
    """One licence of the preview: the licence and its activations, or why not."""

    serial: str
    license: Any = None
    activations: list | None = None
    failure: Failure | None = None  # reading the licence failed
    activations_failure: Failure | None = None

    @property
    def exists(self) -> bool:
        return self.license is not None


@dataclass(frozen=True)
class Preview:
    current: Side
    upgrade: Side

    @property
    def sku_fit(self) -> str | None:
        """The preview's reading of the SKUs (:func:`.fit.upgrade_fit`), None without both
        licences. Never a reason to refuse: the service decides."""
        if not (self.current.exists and self.upgrade.exists):
            return None
        return upgrade_fit(self.upgrade.license.sku_upgrade, self.current.license.sku_number)

    @property
    def ready(self) -> bool:
        both = self.current.exists and self.upgrade.exists
        return both and self.current.serial != self.upgrade.serial


@dataclass(frozen=True)
class Reconciliation:
    outcome: str  # WENT_THROUGH | NOTHING_CHANGED | NOT_YET | UNKNOWN
    sentence: str
    failure: Failure  # the lost answer, for the details
    upgrade_license: Any = None  # the upgrade licence as read again, when it could be


class UpgradeController(ServiceController):
    """Its ``history`` records the upgrade (the current serial, what it becomes, the licence
    as the preview showed it); a reconciliation completes that entry."""

    previewBusy = Signal(bool)
    writeBusy = Signal(bool)
    previewReady = Signal(object)  # Preview
    previewFailed = Signal(object)  # Failure (e.g. no profile)
    upgraded = Signal(str, str, object)  # service message, upgrade serial, its License or None
    failed = Signal(object)  # Failure of the write (404 current/upgrade, 422, 401…)
    reconciled = Signal(object, str)  # Reconciliation, upgrade serial
    #: serial, whether it can be registered (None: not known), why not known
    registrableChecked = Signal(str, object, str)

    _previewed: Preview | None = None  # the last preview: the entry's "before"

    # -- preview -------------------------------------------------------------
    def preview(self, current: str, upgrade: str) -> asyncio.Task:
        return self._runner.run(
            PREVIEW_TASK,
            lambda: self._preview(current, upgrade),
            busy=self.previewBusy.emit,
            on_success=self.previewReady.emit,
            on_error=self.previewFailed.emit,
        )

    async def _preview(self, current: str, upgrade: str) -> Preview:
        client = self._client()
        results = await asyncio.gather(
            client.show_license(current),
            client.activations(current),
            client.show_license(upgrade),
            client.activations(upgrade),
            return_exceptions=True,
        )
        preview = Preview(_side(current, *results[0:2]), _side(upgrade, *results[2:4]))
        self._previewed = preview
        return preview

    # -- write ---------------------------------------------------------------
    def upgrade(self, current: str, upgrade: str) -> asyncio.Task | None:
        """Send the upgrade once; None (nothing sent) while one is already running."""
        if self._runner.is_running(WRITE_TASK):
            return None
        return self._runner.run(
            WRITE_TASK,
            lambda: self._upgrade(current, upgrade),
            busy=self.writeBusy.emit,
            on_error=self.failed.emit,
        )

    async def _upgrade(self, current: str, upgrade: str) -> None:
        from licensedesk.api.errors import BadResponse, ServiceError, TransportError

        client = self._client()
        block = record(
            self._history, "upgrade", serial=current, before=self._before(current, upgrade)
        )
        rec: Any = None
        try:
            async with block as rec:  # the intent is written before the request
                message = await client.upgrade(current, upgrade)
                rec.done(message)
        except (TransportError, BadResponse, ServiceError) as exc:
            # The answer was lost or unreadable: the change may or may not have been
            # made. A server error counts too: a 5xx can come after the commit (the
            # service, or a proxy in front of it, failing while it answers), and a 504
            # from a proxy says nothing about the service behind it. Never send it again;
            # read both serials and say what happened (and write it into the history).
            result = await self._reconcile(client, current, upgrade, failure_from(exc))
            entry = getattr(rec, "entry", None)
            never_sent = entry is not None and entry.outcome == "failed"  # certain: kept
            if not never_sent or result.outcome == WENT_THROUGH:
                await block.complete(RECORDED_OUTCOME[result.outcome], result.sentence)
            self.reconciled.emit(result, upgrade)
            return
        self.upgraded.emit(message, upgrade, await _read(client, upgrade))

    def check_registrable(self, serial: str) -> asyncio.Task:
        """Ask register-products whether ``serial`` can be registered (changes nothing)."""
        return self._runner.run(
            REGISTRABLE_TASK,
            lambda: self._client().registration_check(serial),
            on_success=lambda found: self.registrableChecked.emit(serial, bool(found), ""),
            on_error=lambda failure: self.registrableChecked.emit(serial, None, failure.sentence),
        )

    def _before(self, current: str, upgrade: str) -> dict[str, Any]:
        """What the history keeps of the licence before: what it becomes, and the current
        licence as the preview showed it (SKU, licensee, devices)."""
        before: dict[str, Any] = {"upgrade_serial": upgrade}
        shown = self._previewed
        if shown is None or shown.current.serial != current or not shown.current.exists:
            return before
        lic = shown.current.license
        before.update(sku=lic.sku_number or None, licensee=lic.name or None)
        if shown.current.activations is not None:
            before["activations"] = len(shown.current.activations)
        return before

    async def _reconcile(self, client, current: str, upgrade: str, lost: Failure):
        from licensedesk.api.errors import NotFound, TimedOut

        cur, up = await asyncio.gather(
            client.show_license(current), client.show_license(upgrade), return_exceptions=True
        )
        cur_gone = isinstance(cur, NotFound)
        cur_there = not isinstance(cur, BaseException)
        up_there = not isinstance(up, BaseException)
        if cur_gone and up_there:
            return Reconciliation(
                WENT_THROUGH,
                say(
                    N_(
                        "The answer of the service was lost, so both serials were read again: "
                        "the current licence {current} no longer exists, so the upgrade went "
                        "through. The upgrade licence {upgrade} is ready to use."
                    ),
                    current=current,
                    upgrade=upgrade,
                ),
                lost,
                up,
            )
        if cur_there and up_there and isinstance(lost.error, TimedOut):
            # The service had the request and had not answered: it may still finish it.
            return Reconciliation(
                NOT_YET,
                say(
                    N_(
                        "The answer of the service was lost, so both serials were read again: "
                        "both licences still exist, so the upgrade has not gone through so far. "
                        "The service did not answer in time and may still finish the request, "
                        "so it was not sent again: compare again before trying again."
                    )
                ),
                lost,
            )
        if cur_there and up_there:
            return Reconciliation(
                NOTHING_CHANGED,
                say(
                    N_(
                        "The answer of the service was lost, so both serials were read again: "
                        "both licences still exist, so nothing changed. You can try the upgrade "
                        "again."
                    )
                ),
                lost,
            )
        states = [_state(current, cur), _state(upgrade, up)]
        joined = Sentence("; ".join(states), "; ".join(str(english_of(s)) for s in states))
        return Reconciliation(
            UNKNOWN,
            say(
                N_(
                    "The answer of the service was lost, and reading both serials again could "
                    "not find out whether the upgrade went through ({states}). The upgrade was "
                    "not sent again and will not be retried: look both serials up before trying "
                    "again."
                ),
                states=joined,
            ),
            lost,
        )


async def _read(client, serial: str) -> Any:
    """The licence after the upgrade, or None: the upgrade went through either way."""
    from licensedesk.api.errors import ApiError

    try:
        return await client.show_license(serial)
    except ApiError:
        return None


def _state(serial: str, result: Any) -> Sentence:
    """What reading ``serial`` again found, in the language in use and in English (the
    history keeps the English)."""
    from licensedesk.api.errors import NotFound

    if isinstance(result, NotFound):
        return say(N_("{serial}: does not exist"), serial=serial)
    if isinstance(result, BaseException):
        why = getattr(result, "sentence", None) or type(result).__name__
        return Sentence(
            f"{serial}: {why.rstrip('.')}", f"{serial}: {str(english_of(why)).rstrip('.')}"
        )
    return say(N_("{serial}: still exists"), serial=serial)


def _side(serial: str, lic: Any, acts: Any) -> Side:
    failure = failure_from(lic) if isinstance(lic, BaseException) else None
    acts_failure = failure_from(acts) if isinstance(acts, BaseException) else None
    return Side(
        serial=serial,
        license=None if failure else lic,
        activations=None if acts_failure else list(acts),
        failure=failure,
        activations_failure=acts_failure,
    )
