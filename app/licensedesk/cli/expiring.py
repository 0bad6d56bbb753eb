"""``licensedesk-cli expiring``: the renewals of the licence book (docs/book.md).

The same rows as the window's *View → Renewals…*, soonest first: the book's
subscriptions and trials that end within ``--within`` days, counted in calendar days of
the user's zone with the licence card's rule (:mod:`licensedesk.book.renewals`). It reads
the book only, directly, as ``find`` does; exit 0 whether or not a licence ends.
"""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import TYPE_CHECKING

from licensedesk import clock
from licensedesk.i18n import _

from .errors import OK, one_output_format
from .history_cmds import opened

if TYPE_CHECKING:
    from licensedesk.book import Sighting

    from .output import Printer


def cmd_expiring(args: argparse.Namespace, printer: Printer) -> int:
    from licensedesk.book.renewals import csv_text, ending, ending_sentence, row_dict

    one_output_format(args)
    now = clock.now()
    with opened(args, printer, book=True) as book:
        found = ending(book, args.within, dealer=args.dealer, now=now)
    if args.csv:  # the window's CSV, with a terminal's line ends
        printer.raw(printer.scrub(csv_text(found, now, line_end="\n")).rstrip("\n"))
    elif printer.json_mode:
        printer.json([row_dict(s, now) for s in found])
    elif found:
        printer.line(_table(found, now, args.within))
    else:
        printer.line(ending_sentence(0, args.within))
    return OK


def _table(found: list[Sighting], now: datetime, within: int) -> str:
    """The rows for people, then how many end within the window."""
    from licensedesk.book.renewals import ending_sentence
    from licensedesk.licence_term import days_left

    from .output import table_text

    # TRANSLATORS: column headers of the expiring table
    headers = [
        _("serial"),
        _("days left"),
        _("ends"),
        _("dealer"),
        _("licensee"),
        _("e-mail"),
        _("SKU"),
        _("as of"),
    ]
    rows = [
        [
            s.serial,
            days_left(s.end_at, now),
            s.end_at,
            s.dealer,
            s.licensee,
            s.email,
            s.sku_name or s.sku_number,
            s.seen_at,
        ]
        for s in found
    ]
    if any(s.note for s in found):
        headers.append(_("note"))
        for row, s in zip(rows, found, strict=True):
            row.append(s.note)
    return table_text(headers, rows) + "\n" + ending_sentence(len(found), within)
