"""``show`` when the service cannot be reached: the licence book's copy, with its "as of"
(docs/book.md). The error is said first; the exit code stays 3, so a script knows
the answer did not come from the service. Nothing is ever changed from a copy."""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _

from .output import fields_text, human

if TYPE_CHECKING:
    from licensedesk.book import Sighting

    from .output import Printer


def _copy_of(
    args: argparse.Namespace, printer: Printer, serial: str, service: str | None
) -> Sighting | None:
    from .errors import CliError
    from .history_cmds import opened

    try:
        with opened(args, printer, book=True) as book:
            return book.copy(serial, service)
    except CliError:  # the store's own errors too (opened makes them the CLI's)
        return None  # no book to read: the service's error is all there is to say


async def show_copy(
    args: argparse.Namespace, printer: Printer, error: Any, service: str | None
) -> bool:
    """Say ``error``, then print the book's copy of the serial; False (nothing said)
    when the book has none."""
    from licensedesk.api.serials import normalize_serial
    from licensedesk.book.offline import COPY_SHOWN
    from licensedesk.history.scrub import service_origin

    serial = normalize_serial(args.serial)
    loop = asyncio.get_running_loop()
    copy = await loop.run_in_executor(
        None, _copy_of, args, printer, serial, service_origin(service)
    )
    if copy is None:
        return False
    printer.error(error.sentence)
    printer.note(_(COPY_SHOWN).format(time=human(copy.seen_at)))
    printer.result(_as_json(copy), fields_text(_fields(copy)))
    return True


def _fields(s: Sighting) -> list[tuple[str, object]]:
    sku = f"{s.sku_name} ({s.sku_number})" if s.sku_number and s.sku_name else s.sku_name
    return [
        (_("Serial"), s.serial),
        (_("Type"), s.type),
        (_("SKU"), sku or s.sku_number),
        (_("Licensee"), s.licensee),
        (_("E-mail"), s.email),
        (_("Dealer"), s.dealer),
        (_("Starts"), s.start_at),
        (_("Ends"), s.end_at),
        (_("Registered"), s.registered),
        (_("As of"), s.seen_at),
    ]


def _as_json(s: Sighting) -> dict[str, Any]:
    from .book_cmds import row_of

    return {**row_of(s), "start_at": s.start_at, "registered": s.registered, "from_book": True}
