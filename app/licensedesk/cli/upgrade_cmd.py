"""``licensedesk-cli upgrade CURRENT UPGRADE``: the one command that deletes a licence.

It asks first (the two licences side by side), and when the connection breaks
after sending, it re-reads the current licence to say whether the upgrade
happened: it never retries blindly (DESIGN.md §2).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from licensedesk.api import LicenseClient, NotFound, TransportError, normalize_serial
from licensedesk.i18n import _, ngettext

from . import asking
from .asking import confirm
from .errors import NETWORK, CliError
from .output import Printer, table_text
from .recording import record
from .service import ServiceRun, license_fields, message

if TYPE_CHECKING:
    from licensedesk.history import Recorder


async def cmd_upgrade(run: ServiceRun) -> int:
    client, args, printer, recorder = run.client, run.args, run.printer, run.recorder
    current = normalize_serial(args.current)
    target = normalize_serial(args.upgrade)
    before: dict[str, Any] = {"upgrade_serial": target}  # the history: what it became too
    if not args.yes:
        before.update(await _confirm_upgrade(client, args, printer, current, target))
    rec = record(recorder, "upgrade", serial=current, before=before)
    try:
        async with rec:
            answer = await client.upgrade(current, target)
            rec.done(answer)
        return message(printer, answer)
    except TransportError as exc:
        return await _after_lost_answer(client, printer, recorder, rec, exc, current, target)


async def _confirm_upgrade(
    client: LicenseClient, args: argparse.Namespace, printer: Printer, current: str, target: str
) -> dict[str, Any]:
    """Shows both licences and asks; returns what the history keeps of the current one."""
    if not asking.stdin_is_interactive():  # refuse before reading anything
        confirm(
            args,
            printer,
            _(
                "The licence {serial} and its activations will be deleted; {target} takes its "
                "place. This cannot be undone."
            ).format(serial=current, target=target),
        )
    cur, new = await client.show_license(current), await client.show_license(target)
    devices = await client.activations(current)
    side = table_text(
        # TRANSLATORS: column headers: the licence to be deleted, the one replacing it
        ("", _("current (will be deleted)"), _("upgrade")),
        [
            (label, a, b)
            for (label, a), (_label, b) in zip(
                license_fields(cur)[:6], license_fields(new)[:6], strict=True
            )
        ],
    )
    printer.note(side)
    confirm(
        args,
        printer,
        ngettext(
            "The licence {serial} ({sku}) and its {n} activation will be deleted; {target} "
            "takes its place. This cannot be undone.",
            "The licence {serial} ({sku}) and its {n} activations will be deleted; "
            "{target} takes its place. This cannot be undone.",
            len(devices),
        ).format(serial=current, sku=cur.sku_name, n=len(devices), target=target),
    )
    return {"sku": cur.sku_number, "licensee": cur.name, "activations": len(devices)}


async def _after_lost_answer(
    client: LicenseClient,
    printer: Printer,
    recorder: Recorder | None,
    rec: Any,
    exc: TransportError,
    current: str,
    target: str,
) -> int:
    """Never retry blindly (DESIGN.md §2): find out what happened, say it, and complete
    the history's "outcome unknown" entry with it."""
    try:
        await client.show_license(current)
    except NotFound:
        printer.note(
            _(
                "The connection broke ({reason}), but the upgrade went through: {serial} "
                "no longer exists and {target} is ready to use."
            ).format(reason=exc.sentence, serial=current, target=target)
        )
        # the history's detail stays English: a team's store is read in every language
        await _reconciled(
            recorder,
            rec,
            "done",
            f"The connection broke, but {current} no longer exists: the upgrade went through.",
        )
        # the service's own words for this outcome (its answer stays as it sends it)
        return message(printer, "Upgrade license is ready to use.")
    except Exception:
        raise CliError(
            _(
                "{reason} Whether the upgrade happened is unknown: check with "
                "'licensedesk-cli show {serial}' before trying again."
            ).format(reason=exc.sentence, serial=current),
            NETWORK,
        ) from None
    await _reconciled(
        recorder,
        rec,
        "failed",
        f"The connection broke, and {current} still exists: the upgrade did not happen.",
    )
    raise CliError(
        _("{reason} The upgrade did not happen: {serial} still exists. You can try again.").format(
            reason=exc.sentence, serial=current
        ),
        NETWORK,
    ) from None


async def _reconciled(recorder: Recorder | None, rec: Any, outcome: str, detail: str) -> None:
    """What re-reading found, written over the entry's "outcome unknown"."""
    if recorder is not None:
        await recorder.complete(rec.id, outcome, detail)
