"""``licensedesk-cli timeline SERIAL``: what changed on a licence since the desk looked
(docs/book.md, *Since you last looked*).

The service keeps no events: the book compares each sighting of a licence with the one
before and keeps the differences (:mod:`licensedesk.book.changes`); the history says
which of them were made from License Desk, by whom (:mod:`licensedesk.book.timeline`).
This reads both where the history settings say (``--store`` picks the other), as
``find`` and ``history`` do, and asks the service nothing.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from licensedesk.i18n import _

from .errors import OK, REFUSED, CliError, one_output_format
from .history_cmds import chosen_store, opened
from .when import parse_when

if TYPE_CHECKING:
    from licensedesk.book.timeline import Item

    from .output import Printer


def cmd_timeline(args: argparse.Namespace, printer: Printer) -> int:
    from licensedesk.api.serials import normalize_serial
    from licensedesk.book.timeline import build, devices_since
    from licensedesk.history.explaining import explaining

    one_output_format(args)
    serial = normalize_serial(args.serial)
    since = parse_when(args.since) if args.since else None
    with opened(args, printer, book=True) as book:
        seen = book.copy(serial)
        if seen is None:
            raise CliError(
                _(
                    "The licence book does not hold {serial}: look it up first "
                    "(licensedesk-cli show {serial})."
                ).format(serial=serial),
                REFUSED,
            )
        changes = book.changes(serial, since=since)
    settings, _secrets, _kind = chosen_store(args, printer)
    with opened(args, printer) as history:
        entries, history_from = explaining(
            history, serial, devices_since(changes), settings.keep_months
        )
    made = build(changes, entries, history_from=history_from, serial=serial)
    items = [i for i in made if since is None or i.change is not None or i.at >= since]
    if args.csv:
        printer.raw(printer.scrub(_csv_text(items)).rstrip("\n"))
    elif printer.json_mode:
        printer.json([item.to_dict() for item in items])
    elif items:
        printer.line(_table(items))
    else:
        printer.line(_nothing_since(serial, since, seen.seen_at))
    return OK


def _table(items: list[Item]) -> str:
    """When (the reader's zone), what, who: newest first, as :func:`build` gives them."""
    from .output import table_text

    # TRANSLATORS: column headers of the timeline table
    headers = [_("when"), _("what"), _("who")]
    return table_text(headers, [[item.at, item.what(), item.who()] for item in items])


def _nothing_since(serial: str, since: datetime | None, seen_at: datetime) -> str:
    from .output import human

    if since is None:
        return _(
            "No change seen on {serial} since the book first saw it (last seen {seen})."
        ).format(serial=serial, seen=human(seen_at))
    return _("No change seen on {serial} since {since} (last seen {seen}).").format(
        serial=serial, since=human(since), seen=human(seen_at)
    )


def _csv_text(items: list[Item]) -> str:
    """A header and one line per item (:meth:`Item.to_dict`), through the one CSV writer
    of every export, text guarded against formulas; a terminal's line ends."""
    from licensedesk.export_cells import csv_cell
    from licensedesk.export_csv import CsvText

    columns = _columns()
    rows = ([csv_cell(item.to_dict().get(c)) for c in columns] for item in items)
    return CsvText(line_end="\n").text([columns, *rows])


def _columns() -> list[str]:
    """The keys :meth:`Item.to_dict` writes, in its order: the header also of a timeline
    with no item (read off an empty item: to_dict is the one place that names them)."""
    from licensedesk.book.timeline import Item

    return list(Item(datetime.now(UTC), None, None, None).to_dict())
