"""Renewals: the subscriptions and trials of the book that end within a window of days,
soonest first, as rows for the window, the command line and the exports. No Qt.

The window is counted in calendar days of the user's zone with the licence card's rule
(:func:`licensedesk.licence_term.days_left`): "within 30 days" holds every licence that
has not ended yet and has 0 to 30 days left, so a licence listed here is one the card
shows as ending. The store answers the query (:meth:`~.store.BookStore.ending`); this
module says which instants bound it and what each row holds.

Exports follow the batch check's (:mod:`licensedesk.batch.export`): English column names
and values in every language, text cells guarded against formulas, times ISO 8601 with
their offset in CSV and JSON and UTC date cells in XLSX (the header says so).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from typing import Any, TextIO

from licensedesk import clock
from licensedesk.export_cells import csv_cell, times_as_text
from licensedesk.export_csv import write_rows
from licensedesk.export_xlsx import xlsx_bytes as sheet_bytes
from licensedesk.i18n import _, ngettext
from licensedesk.licence_term import days_left

from .sighting import Sighting
from .store import BookStore, RenewalsQuery

#: the windows the desk offers, in days, and the one it starts with
WINDOWS = (7, 30, 90)
DEFAULT_WINDOW = 30

COLUMNS: tuple[str, ...] = (
    "serial",
    "days_left",
    "end",
    "dealer",
    "licensee",
    "email",
    "sku",
    "sku_name",
    "type",
    "as_of",
    "profile",
    "note",
)
XLSX_HEADERS = {"end": "end (UTC)", "as_of": "as_of (UTC)"}
_TIMES = ("end", "as_of")


def bounds(within: int, now: datetime | None = None) -> tuple[datetime, datetime]:
    """[now, the end of the day ``within`` calendar days ahead in the user's zone)."""
    now = now or clock.now()
    return now, clock.end_of_day(clock.today(now) + timedelta(days=within))


def ending(
    store: BookStore,
    within: int = DEFAULT_WINDOW,
    *,
    dealer: str | None = None,
    profile: str | None = None,
    now: datetime | None = None,
) -> list[Sighting]:
    """The subscriptions and trials of ``store`` ending within ``within`` days, soonest
    first (for a caller that holds the store: the command line)."""
    return store.ending(RenewalsQuery(*bounds(within, now), dealer or None, profile or None))


def within_words(days: int) -> str:
    """``within 30 days``: the window as the sentences of the window and the command line
    name it (translated)."""
    # TRANSLATORS: part of "2 licences end within 30 days." (the number of days)
    return ngettext("within {n} day", "within {n} days", days).format(n=days)


def ending_sentence(count: int, days: int, n: str | None = None) -> str:
    """``2 licences end within 30 days.``, or that none does: what the window and the
    command line say of the list (``n``: the count as the surface writes it)."""
    within = within_words(days)
    if not count:
        return _("No subscription or trial in the book ends {within}.").format(within=within)
    return ngettext("{n} licence ends {within}.", "{n} licences end {within}.", count).format(
        n=n or str(count), within=within
    )


def week_of(end: datetime) -> date:
    """The Monday of the ISO week the licence ends in (the user's calendar)."""
    day = clock.day_of(end)
    return day - timedelta(days=day.weekday())


def row_values(s: Sighting, now: datetime | None = None) -> dict[str, Any]:
    """One licence as :data:`COLUMNS`, times as aware datetimes, ``days_left`` counted
    as the licence card counts it."""
    return {
        "serial": s.serial,
        "days_left": days_left(s.end_at, now),
        "end": s.end_at,
        "dealer": s.dealer,
        "licensee": s.licensee,
        "email": s.email,
        "sku": s.sku_number,
        "sku_name": s.sku_name,
        "type": s.type,
        "as_of": s.seen_at,
        "profile": s.profile,
        "note": s.note,
    }


def row_dict(s: Sighting, now: datetime | None = None) -> dict[str, Any]:
    """The row with JSON types only: times as ISO 8601 with the local offset."""
    return times_as_text(row_values(s, now))


def csv_line(s: Sighting, now: datetime | None = None) -> list[str]:
    """The row's CSV cells: text guarded (:func:`licensedesk.export_cells.csv_cell`)."""
    row = row_dict(s, now)
    return [csv_cell(row[c]) for c in COLUMNS]


def write_csv(
    fp: TextIO, rows: Iterable[Sighting], now: datetime | None = None, *, line_end: str = "\r\n"
) -> int:
    """Header, then one line per licence (:mod:`licensedesk.export_csv`); returns the rows
    written. Open ``fp`` with ``newline=""``."""
    return write_rows(fp, COLUMNS, (csv_line(s, now) for s in rows), line_end=line_end)


def csv_text(
    rows: Iterable[Sighting], now: datetime | None = None, *, line_end: str = "\r\n"
) -> str:
    """The whole CSV of ``rows``: the window's file (``\r\n``), ``expiring --csv``'s
    output (``\n``, a terminal's line end)."""
    buffer = io.StringIO(newline="")
    write_csv(buffer, rows, now, line_end=line_end)
    return buffer.getvalue()


def xlsx_bytes(rows: Iterable[Sighting], now: datetime | None = None) -> bytes:
    """One sheet "Renewals": typed cells (text never a formula), the end and as-of as
    UTC date cells, ``days_left`` a number; the header frozen and filterable."""
    return sheet_bytes(
        "Renewals", COLUMNS, (row_values(s, now) for s in rows), headers=XLSX_HEADERS, times=_TIMES
    )


def default_file_name(ext: str, today: date) -> str:
    """``renewals-2026-11-30.csv``."""
    return f"renewals-{today.isoformat()}.{ext.lstrip('.')}"
