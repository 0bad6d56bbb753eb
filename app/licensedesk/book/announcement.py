"""The words of a renewals notification: a title that counts the licences it tells of and
says how soon the last of them ends, and a body naming the soonest. No Qt.

Days are counted as everywhere else (:func:`licensedesk.licence_term.days_left`:
calendar days in the user's zone), so the notification says what the card says.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

from licensedesk import clock
from licensedesk.i18n import _, ngettext
from licensedesk.licence_term import days_left

from .sighting import Sighting

__all__ = ["NAMED", "Announcement", "announcement"]

#: licences named in the body; the rest are counted ("and 2 more licences")
NAMED = 3


class Announcement(NamedTuple):
    title: str
    body: str


def announcement(ending: Sequence[Sighting], now: datetime | None = None) -> Announcement:
    """The notification for ``ending`` (soonest first, each with an end)."""
    now = now or clock.now()
    n = len(ending)
    furthest = max((days_left(s.end_at, now) or 0 for s in ending), default=0)
    if furthest <= 0:
        title = ngettext("{n} licence ends today", "{n} licences end today", n)
    elif furthest == 1:
        title = ngettext("{n} licence ends by tomorrow", "{n} licences end by tomorrow", n)
    else:
        # TRANSLATORS: {days} is 2 or more
        title = ngettext(
            "{n} licence ends within {days} days", "{n} licences end within {days} days", n
        )
    lines = [_line(s, now) for s in ending[:NAMED]]
    if n > NAMED:
        more = n - NAMED
        lines.append(ngettext("and {n} more licence", "and {n} more licences", more).format(n=more))
    return Announcement(title.format(n=n, days=furthest), "\n".join(lines))


def _line(s: Sighting, now: datetime) -> str:
    days = days_left(s.end_at, now) or 0
    if days <= 0:
        when = _("ends today")
    elif days == 1:
        when = _("ends tomorrow")
    else:
        when = ngettext("ends in {n} day", "ends in {n} days", days).format(n=days)
    who = s.licensee or s.email or s.sku_name
    # TRANSLATORS: one licence in a notification: "ABCD-…-7890, Maria Jensen: ends in 3 days"
    return (
        _("{serial}, {who}: {when}").format(serial=s.serial, who=who, when=when)
        if who
        else _("{serial}: {when}").format(serial=s.serial, when=when)
    )
