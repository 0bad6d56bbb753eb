"""Keeping N months of history: older entries exported to a file, then removed, in one step.

A team's history grows by a million entries a year; ``keep_months`` in the settings
says how much of it the team keeps (None: everything). Nothing is ever removed
silently: :func:`prune` writes the entries before the cut-off to a JSON lines file
(what ``history import`` reads back) and removes exactly those, in one transaction:

- SQLite: one read snapshot; the removal refuses to run when another desk wrote in
  between (nothing is removed then, and the file is a copy);
- PostgreSQL: REPEATABLE READ; an entry a teammate adds meanwhile is neither exported
  nor removed.

The file is moved under its name (written whole: :class:`licensedesk.paths.PartFile`)
before the removal is committed: whatever fails after it, no entry is lost.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple

from licensedesk import clock
from licensedesk.i18n import _

from .model import HistoryQuery
from .store import StoreError
from .streaming import count, json_pages

__all__ = ["Pruned", "complete_from", "count_before", "cutoff", "prune"]


class Pruned(NamedTuple):
    exported: int
    removed: int


def months_before(day: date, months: int) -> date:
    """The same day ``months`` calendar months earlier (the 31st becomes the month's last)."""
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def cutoff(months: int, today: date | None = None) -> datetime:
    """The first instant kept when ``months`` months are kept: local midnight of the same
    day ``months`` months before today (UTC)."""
    return clock.start_of_day(months_before(today or clock.today(), months))


#: how many days later than this desk's cut-off a teammate's may fall: a desk whose day
#: is already tomorrow or the day after (zones are up to 26 hours apart) prunes to a
#: later day, and local midnight moves with the zone
ZONE_MARGIN = timedelta(days=2)


def complete_from(keep_months: int | None, today: date | None = None) -> datetime | None:
    """From when the history can be trusted to hold every change the desks recorded:
    None when it keeps everything (``keep_months`` None), else the latest cut-off a
    prune at the kept months may have used by now on any desk of the team (this desk's
    :func:`cutoff`, two days later for the zones). Before that instant an entry may have
    been exported and removed: its absence says nothing (the licence's timeline then
    cannot tell who made a change, :mod:`licensedesk.book.timeline`).

    A prune to a later day than the settings keep (``history prune --before DATE`` or a
    shorter ``--older-than``) is not remembered anywhere, and so not known here."""
    if keep_months is None:
        return None
    return cutoff(keep_months, (today or clock.today()) + ZONE_MARGIN)


def count_before(store: Any, before: datetime) -> int:
    """How many entries are older than ``before``."""
    return count(store, HistoryQuery(until=before))


def prune(
    store: Any, before: datetime, path: Path, progress: Callable[[int], None] | None = None
) -> Pruned:
    """Export every entry older than ``before`` to ``path`` (JSON lines, oldest first), then
    remove them; one transaction. Raises StoreError (a sentence clause) or OSError (the
    file: nothing is removed then)."""
    from licensedesk.display_text import json_safe
    from licensedesk.paths import PartFile

    query = HistoryQuery(until=before)
    exported = 0
    with store.transaction():
        with PartFile(path, private=True) as fh:
            for lines in json_pages(store, query):
                fh.write(json_safe("\n".join(lines) + "\n"))
                exported += len(lines)
                if progress is not None:
                    progress(exported)
        removed = store.remove_before(before)
        if removed != exported:  # cannot happen in one snapshot; never remove a guess
            raise StoreError(
                _(
                    "the history changed while old entries were removed: nothing "
                    "was removed; the file {file} holds a copy"
                ).format(file=path)
            )
    return Pruned(exported, removed)
