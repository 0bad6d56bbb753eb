"""The service commands: one async function per call, all over one LicenseClient.

Each takes a :class:`ServiceRun`; its ``recorder`` (the history, :mod:`.recording`):
the writes record their intent and outcome in it; reads ignore it. ``upgrade`` has its own module
(:mod:`.upgrade_cmd`), ``check`` too (:mod:`.check`).
"""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from licensedesk.api import (
    Activation,
    ApiError,
    License,
    LicenseClient,
    normalize_serial,
)
from licensedesk.api.sentence import english_of
from licensedesk.api.serials import check_activation_id, check_host_id, check_product_code
from licensedesk.display_text import visible
from licensedesk.i18n import _

from .asking import confirm
from .errors import OK, REFUSED, CliError, UsageError
from .json_list import JsonListWriter
from .output import Printer, fields_text, mask_product, table_text
from .recording import record

if TYPE_CHECKING:
    from licensedesk.history import Recorder


@dataclass(frozen=True)
class ServiceRun:
    """What a service command works with: the client, the parsed arguments, where the
    output goes, and the history its writes are recorded in (None: not recorded)."""

    client: LicenseClient
    args: argparse.Namespace
    printer: Printer
    recorder: Recorder | None = None


Command = Callable[[ServiceRun], Awaitable[int]]  # -> the exit code


# ---------------------------------------------------------------- formatting


def license_fields(lic: License) -> list[tuple[str, object]]:
    """A licence's fields for people: labels in the language in use; the dates stay
    ``YYYY-MM-DD HH:MM:SS ZONE`` (:func:`.output.human`), unambiguous in every language."""
    rows: list[tuple[str, object]] = [
        (_("Serial"), lic.serial),
        # TRANSLATORS: the kind of licence, e.g. "perpetual" (a field label, not a verb)
        (_("Type"), lic.type),
        (_("SKU"), f"{lic.sku_name} ({lic.sku_number})" if lic.sku_number else lic.sku_name),
        (_("Licensee"), lic.name),
        (_("E-mail"), lic.email),
        (_("Dealer"), lic.dealer_name),
        # TRANSLATORS: the day a licence starts to be valid (a field label)
        (_("Starts"), lic.start_at),
        # TRANSLATORS: the day a licence stops being valid (a field label)
        (_("Ends"), lic.end_at),
        (_("Registered"), lic.registered),
    ]
    if lic.sku_upgrade is not None:
        rows.append((_("Upgrades from SKU"), lic.sku_upgrade))
    if lic.definer is not None:
        rows.append((_("Definer"), lic.definer))
    rows += [(_("Created"), lic.created_at), (_("Updated"), lic.updated_at), (_("ID"), lic.id)]
    return rows


def activations_table(items: list[Activation]) -> str:
    from licensedesk import machine  # hashlib, secrets, platform: not for every command

    here = machine.host_id()
    rows = [
        (
            a.id,
            a.activated,
            _("{host_id} (this computer)").format(host_id=a.host_id)
            if a.host_id == here
            else a.host_id,
            a.device_tag,
            a.product_name,
            a.created_at,
        )
        for a in items
    ]
    # TRANSLATORS: column headers of the activations; "active": is the activation switched on
    headers = (_("id"), _("active"), _("host id"), _("device"), _("product"), _("created"))
    return table_text(headers, rows)


def message(printer: Printer, text: str) -> int:
    """The service's message of a change (its own words: one line, escapes visible)."""
    printer.result({"message": text}, visible(text))
    return OK


# ---------------------------------------------------------------- commands


async def cmd_show(run: ServiceRun) -> int:
    client, args, printer = run.client, run.args, run.printer
    try:
        lic = await client.show_license(args.serial)
    except ApiError as exc:
        from licensedesk.book.offline import unreachable

        if not unreachable(exc):
            raise
        from .errors import NETWORK
        from .offline_copy import show_copy

        if not await show_copy(args, printer, exc, client.config.base_url):
            raise
        return NETWORK
    printer.result(lic, fields_text(license_fields(lic)))
    return OK


async def cmd_products(run: ServiceRun) -> int:
    client, args, printer = run.client, run.args, run.printer
    products = await client.license_products(args.serial)
    dumped = [mask_product(p.to_json(), args.reveal_secrets) for p in products]
    if printer.json_mode:
        printer.json(dumped)
        return OK
    if not products:
        printer.line(_("No products."))
        return OK
    blocks = []
    for p, shown in zip(products, dumped, strict=True):
        blocks.append(
            fields_text(
                [
                    (_("Product"), p.name),
                    (_("Code"), p.code),
                    # TRANSLATORS: whether the product is switched on (a field label)
                    (_("Active"), p.active),
                    (_("Max hosts"), p.max_host_count),
                    (_("File name"), p.filename),
                    # TRANSLATORS: the product key (a licence key), not a keyboard key
                    (_("Key"), shown["key"]),
                    (_("Signature"), shown["signature"]),
                    (_("Trial signature"), shown["signature_trial"]),
                    (_("ID"), p.id),
                ]
            )
        )
    printer.line("\n\n".join(blocks))
    if not args.reveal_secrets:
        printer.line("\n" + _("(key and signatures masked: add --reveal-secrets to show them)"))
    return OK


async def cmd_activations(run: ServiceRun) -> int:
    client, args, printer = run.client, run.args, run.printer
    if printer.json_mode:  # written while the answer arrives: a site licence's are many
        writer = JsonListWriter(printer)
        await client.activation_rows(args.serial, writer.add_rows)
        writer.end()
        return OK
    items = await client.activations(args.serial)
    if not items:
        printer.line(_("No devices activated."))
    else:
        printer.line(activations_table(items))
    return OK


def switch_command(on: bool) -> Command:
    """``activate`` and ``deactivate``: one call that sets the switch, recorded under the
    command's name."""
    action = "activate" if on else "deactivate"

    async def cmd_switch(run: ServiceRun) -> int:
        client, args, printer, recorder = run.client, run.args, run.printer, run.recorder
        async with record(recorder, action, activation_ids=[args.id]) as rec:
            answer = await client.set_activation(args.id, on)
            rec.done(answer)
        return message(printer, answer)

    return cmd_switch


async def cmd_delete_activation(run: ServiceRun) -> int:
    client, args, printer, recorder = run.client, run.args, run.printer, run.recorder
    aid = check_activation_id(args.id)
    question = _(
        "Activation {id} will be deleted: that device loses its seat. This cannot be undone."
    ).format(id=aid)
    serial = normalize_serial(args.serial) if args.serial else None
    before: dict[str, Any] | None = None
    if serial and not args.yes:
        found = [a for a in await client.activations(serial) if a.id == aid]
        if not found:
            raise CliError(
                _("Activation {id} is not one of the activations of {serial}.").format(
                    id=aid, serial=serial
                ),
                REFUSED,
            )
        a = found[0]
        before = {
            "activated": a.activated,
            "host_id": a.host_id,
            "device_tag": a.device_tag,
            "product": a.product_name,
        }
        question = _(
            "Activation {id} of {serial} (device {host_id}, {device_tag}, {product}) will be "
            "deleted: that device loses its seat. This cannot be undone."
        ).format(id=aid, serial=serial, **before)
    confirm(args, printer, question)
    async with record(
        recorder, "delete", serial=serial, activation_ids=[aid], before=before
    ) as rec:
        answer = await client.delete_activation(aid)
        rec.done(answer)
    return message(printer, answer)


async def cmd_validate(run: ServiceRun) -> int:
    client, args, printer, recorder = run.client, run.args, run.printer, run.recorder
    host_id, device_tag = args.host_id, args.device_tag
    if args.this_machine:
        if host_id is not None or device_tag:
            raise UsageError(_("Give --this-machine or --host-id/--device-tag, not both."))
        from licensedesk import machine

        host_id, device_tag = machine.host_id(), machine.device_tag()
    elif host_id is not None:  # refused before the history is told of a change
        host_id = check_host_id(host_id)
    if host_id:  # the service records the host: a change, so it goes into the history
        async with record(
            recorder,
            "validate_record",
            serial=normalize_serial(args.serial),
            product=args.product,
            before={"host_id": host_id, "device_tag": device_tag},
        ) as rec:
            result = await client.validate(args.serial, args.product, host_id, device_tag)
            if result.valid:
                rec.done(result.reason_sentence)
            else:
                rec.refused(result.refusal)
    else:
        result = await client.validate(args.serial, args.product, host_id, device_tag)
    # --json is for scripts: the reason in English whatever the language (docs/cli.md)
    data = {
        "valid": result.valid,
        "cause": result.verdict.value,
        "reason": english_of(result.reason_sentence),
        **result.to_json(),
    }
    text = fields_text(
        [
            (_("Valid"), result.valid),
            (_("Result"), result.reason_sentence),
            (_("Message"), result.message),
            (_("Licensee"), result.licensee_name),
            (_("E-mail"), result.licensee_email),
            (_("SKU"), result.sku_number),
            (_("Product code"), result.product_code),
            (_("Version"), result.version_code),
        ]
        + ([(_("Host id"), host_id), (_("Device tag"), device_tag)] if host_id else [])
    )
    printer.result(data, text)
    return OK if result.valid else REFUSED


async def cmd_registration(run: ServiceRun) -> int:
    client, args, printer = run.client, run.args, run.printer
    licences = await client.registration_check(args.serial)
    suitable = bool(licences)
    if printer.json_mode:
        printer.json({"suitable": suitable, "licenses": licences})
    elif suitable:
        printer.line(_("Suitable for registration (offline distribution).") + "\n")
        printer.line("\n\n".join(fields_text(license_fields(lic)) for lic in licences))
    else:
        printer.line(_("Not suitable for registration: the licence has no offline distribution."))
    return OK if suitable else REFUSED


async def cmd_register(run: ServiceRun) -> int:
    client, args, printer, recorder = run.client, run.args, run.printer, run.recorder
    async with record(recorder, "register", serial=normalize_serial(args.serial)) as rec:
        answer = await client.register(args.serial, args.name, args.email, args.sku_number)
        rec.done(answer)
    return message(printer, answer)


COMMANDS: dict[str, Command] = {
    "show": cmd_show,
    "products": cmd_products,
    "activations": cmd_activations,
    "activate": switch_command(True),
    "deactivate": switch_command(False),
    "delete-activation": cmd_delete_activation,
    "validate": cmd_validate,
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
