"""The service commands: one async function per call, all over one LicenseClient.

Each takes ``recorder=`` (the history, :mod:`.recording`): the writes record
their intent and outcome in it; reads ignore it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from licensedesk import machine
from licensedesk.api import (
    Activation,
    License,
    LicenseClient,
    NotFound,
    TransportError,
    normalize_serial,
)
from licensedesk.api.serials import check_activation_id, check_product_code
from licensedesk.display_text import visible

from .errors import NETWORK, OK, REFUSED, CliError, UsageError
from .output import Printer, fields_text, mask_product, table_text
from .recording import record

if TYPE_CHECKING:
    from licensedesk.history import Recorder

Command = Callable[..., Awaitable[int]]  # (client, args, printer, *, recorder=None) -> exit code


# ---------------------------------------------------------------- confirmation


def stdin_is_interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def ask(question: str) -> str:
    """Read one answer from the terminal (tests replace this)."""
    return input(question)


def confirm(args: argparse.Namespace, printer: Printer, what: str, question: str) -> None:
    """Ask before a destructive call; refuse (exit 2) without --yes and without a terminal."""
    if getattr(args, "yes", False):
        return
    if not stdin_is_interactive():
        raise UsageError(
            f"Refusing to {what} without confirmation: run it in a terminal, or add --yes."
        )
    printer.note(question)
    answer = ask("Type 'yes' to go on: ").strip().lower()
    if answer not in ("y", "yes"):
        raise CliError("Nothing was changed.", REFUSED)


# ---------------------------------------------------------------- formatting


def license_fields(lic: License) -> list[tuple[str, object]]:
    rows: list[tuple[str, object]] = [
        ("Serial", lic.serial),
        ("Type", lic.type),
        ("SKU", f"{lic.sku_name} ({lic.sku_number})" if lic.sku_number else lic.sku_name),
        ("Licensee", lic.name),
        ("E-mail", lic.email),
        ("Dealer", lic.dealer_name),
        ("Starts", lic.start_at),
        ("Ends", lic.end_at),
        ("Registered", lic.registered),
    ]
    if lic.sku_upgrade is not None:
        rows.append(("Upgrades from SKU", lic.sku_upgrade))
    if lic.definer is not None:
        rows.append(("Definer", lic.definer))
    rows += [("Created", lic.created_at), ("Updated", lic.updated_at), ("ID", lic.id)]
    return rows


def activations_table(items: list[Activation]) -> str:
    here = machine.host_id()
    rows = [
        (
            a.id,
            a.activated,
            a.host_id + (" (this computer)" if a.host_id == here else ""),
            a.device_tag,
            a.product_name,
            a.created_at,
        )
        for a in items
    ]
    headers = ("id", "active", "host id", "device", "product", "created")
    return table_text(headers, rows)


def message(printer: Printer, text: str) -> int:
    """The service's message of a change (its own words: one line, escapes visible)."""
    printer.result({"message": text}, visible(text))
    return OK


# ---------------------------------------------------------------- commands


async def cmd_show(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    lic = await client.show_license(args.serial)
    printer.result(lic, fields_text(license_fields(lic)))
    return OK


async def cmd_products(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    products = await client.license_products(args.serial)
    dumped = [mask_product(p.model_dump(mode="json"), args.reveal_secrets) for p in products]
    if printer.json_mode:
        printer.json(dumped)
        return OK
    if not products:
        printer.line("No products.")
        return OK
    blocks = []
    for p, shown in zip(products, dumped, strict=True):
        blocks.append(
            fields_text(
                [
                    ("Product", p.name),
                    ("Code", p.code),
                    ("Active", p.active),
                    ("Max hosts", p.max_host_count),
                    ("File name", p.filename),
                    ("Key", shown["key"]),
                    ("Signature", shown["signature"]),
                    ("Trial signature", shown["signature_trial"]),
                    ("ID", p.id),
                ]
            )
        )
    printer.line("\n\n".join(blocks))
    if not args.reveal_secrets:
        printer.line("\n(key and signatures masked: add --reveal-secrets to show them)")
    return OK


async def cmd_activations(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    items = await client.activations(args.serial)
    if printer.json_mode:
        printer.json(items)
    elif not items:
        printer.line("No devices activated.")
    else:
        printer.line(activations_table(items))
    return OK


async def cmd_activate(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    async with record(recorder, "activate", activation_ids=[args.id]) as rec:
        answer = await client.set_activation(args.id, True)
        rec.done(answer)
    return message(printer, answer)


async def cmd_deactivate(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    async with record(recorder, "deactivate", activation_ids=[args.id]) as rec:
        answer = await client.set_activation(args.id, False)
        rec.done(answer)
    return message(printer, answer)


async def cmd_delete_activation(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    aid = check_activation_id(args.id)
    what = f"Activation {aid}"
    serial = normalize_serial(args.serial) if args.serial else None
    before: dict[str, Any] | None = None
    if args.serial and not args.yes:
        serial = normalize_serial(args.serial)
        found = [a for a in await client.activations(serial) if a.id == aid]
        if not found:
            raise CliError(f"Activation {aid} is not one of the activations of {serial}.", REFUSED)
        a = found[0]
        before = {"activated": a.activated, "host_id": a.host_id, "device_tag": a.device_tag,
                  "product": a.product_name}  # fmt: skip
        what = (
            f"Activation {aid} of {serial} (device {a.host_id}, {a.device_tag}, {a.product_name})"
        )
    confirm(
        args,
        printer,
        f"delete activation {aid}",
        f"{what} will be deleted: that device loses its seat. This cannot be undone.",
    )
    async with record(recorder, "delete", serial=serial, activation_ids=[aid],
                      before=before) as rec:  # fmt: skip
        answer = await client.delete_activation(aid)
        rec.done(answer)
    return message(printer, answer)


async def cmd_validate(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    host_id, device_tag = args.host_id, args.device_tag
    if args.this_machine:
        if host_id or device_tag:
            raise UsageError("Give --this-machine or --host-id/--device-tag, not both.")
        host_id, device_tag = machine.host_id(), machine.device_tag()
    if host_id:  # the service records the host: a change, so it goes into the history
        async with record(recorder, "validate_record", serial=normalize_serial(args.serial),
                          product=args.product,
                          before={"host_id": host_id, "device_tag": device_tag}) as rec:
            result = await client.validate(args.serial, args.product, host_id, device_tag)
            if result.valid:
                rec.done(result.reason_sentence)
            else:
                rec.refused(result.message or result.reason_sentence)
    else:
        result = await client.validate(args.serial, args.product, host_id, device_tag)
    data = {"valid": result.valid, "reason": result.reason_sentence, **result.model_dump()}
    text = fields_text(
        [
            ("Valid", result.valid),
            ("Result", result.reason_sentence),
            ("Message", result.message),
            ("Licensee", result.licensee_name),
            ("E-mail", result.licensee_email),
            ("SKU", result.sku_number),
            ("Product code", result.product_code),
            ("Version", result.version_code),
        ]
        + ([("Host id", host_id), ("Device tag", device_tag)] if host_id else [])
    )
    printer.result(data, text)
    return OK if result.valid else REFUSED


async def cmd_upgrade(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    current = normalize_serial(args.current)
    target = normalize_serial(args.upgrade)
    before: dict[str, Any] = {"upgrade_serial": target}  # the history: what it became too
    if not args.yes:
        if not stdin_is_interactive():
            confirm(args, printer, f"upgrade {current}", "")
        cur, new = await client.show_license(current), await client.show_license(target)
        devices = await client.activations(current)
        before.update(sku=cur.sku_number, licensee=cur.name, activations=len(devices))
        side = table_text(
            ("", "current (will be deleted)", "upgrade"),
            [
                (label, a, b)
                for (label, a), (_, b) in zip(
                    license_fields(cur)[:6], license_fields(new)[:6], strict=True
                )
            ],
        )
        printer.note(side)
        confirm(
            args,
            printer,
            f"upgrade {current}",
            f"The licence {current} ({cur.sku_name}) and its {len(devices)} activation(s) "
            f"will be deleted; {target} takes its place. This cannot be undone.",
        )
    rec = record(recorder, "upgrade", serial=current, before=before)
    try:
        async with rec:
            answer = await client.upgrade(current, target)
            rec.done(answer)
        return message(printer, answer)
    except TransportError as exc:
        # Never retry blindly (DESIGN.md §2): find out what happened, say it, and complete
        # the history's "outcome unknown" entry with it.
        try:
            await client.show_license(current)
        except NotFound:
            printer.note(
                f"The connection broke ({exc.sentence}), but the upgrade went through: "
                f"{current} no longer exists and {target} is ready to use."
            )
            await _reconciled(recorder, rec, "done", f"The connection broke, but {current} "
                              f"no longer exists: the upgrade went through.")  # fmt: skip
            return message(printer, "Upgrade license is ready to use.")
        except Exception:
            raise CliError(
                f"{exc.sentence} Whether the upgrade happened is unknown: check with "
                f"'licensedesk-cli show {current}' before trying again.",
                NETWORK,
            ) from None
        await _reconciled(recorder, rec, "failed", f"The connection broke, and {current} "
                          "still exists: the upgrade did not happen.")  # fmt: skip
        raise CliError(
            f"{exc.sentence} The upgrade did not happen: {current} still exists. "
            "You can try again.",
            NETWORK,
        ) from None


async def _reconciled(recorder: Recorder | None, rec: Any, outcome: str, detail: str) -> None:
    """What re-reading found, written over the entry's "outcome unknown"."""
    if recorder is not None:
        await recorder.complete(rec.id, outcome, detail)


async def cmd_registration(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    licences = await client.registration_check(args.serial)
    suitable = bool(licences)
    if printer.json_mode:
        printer.json({"suitable": suitable, "licenses": licences})
    elif suitable:
        printer.line("Suitable for registration (offline distribution).\n")
        printer.line("\n\n".join(fields_text(license_fields(lic)) for lic in licences))
    else:
        printer.line("Not suitable for registration: the licence has no offline distribution.")
    return OK if suitable else REFUSED


async def cmd_register(client: LicenseClient, args: argparse.Namespace, printer: Printer,
                  *, recorder: Recorder | None = None) -> int:  # fmt: skip
    async with record(recorder, "register", serial=normalize_serial(args.serial)) as rec:
        answer = await client.register(args.serial, args.name, args.email, args.sku_number)
        rec.done(answer)
    return message(printer, answer)


COMMANDS: dict[str, Command] = {
    "show": cmd_show,
    "products": cmd_products,
    "activations": cmd_activations,
    "activate": cmd_activate,
    "deactivate": cmd_deactivate,
    "delete-activation": cmd_delete_activation,
    "validate": cmd_validate,
    "upgrade": cmd_upgrade,
    "registration": cmd_registration,
    "register": cmd_register,
}


def precheck(args: argparse.Namespace) -> None:
    """Input checks before connecting (malformed input → exit 2, nothing sent)."""
    for attr in ("serial", "current", "upgrade"):
        value = getattr(args, attr, None)
        if isinstance(value, str):
            normalize_serial(value)
    if getattr(args, "product", None):
        check_product_code(args.product)
    if getattr(args, "id", None) is not None:
        check_activation_id(args.id)
