"""The one place that reads the wall clock and says which day it is, in the user's zone.

A day here is a calendar day of the user's local time zone (``TZ``, else the
system's), never a block of 24 hours: a licence that ends tomorrow at 00:30 has one
day left at 23:50 as it has at 00:10, and a day that daylight saving makes 23 or 25
hours long is still one day. The licence card, the batch check, the history's date
filters, the command line and the exports' file names all count with these
functions, so they name the same day for the same instant.

The zone is read at each call, never cached: a desk left open across midnight, or a
test that changes ``TZ``, gets the day of the moment it asks.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta


def now() -> datetime:
    """This instant, aware, in UTC."""
    return datetime.now(UTC)


def day_of(moment: datetime) -> date:
    """The calendar day ``moment`` falls on in the user's zone (naive counts as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().date()


def today(at: datetime | None = None) -> date:
    """The user's calendar day now (or at ``at``)."""
    return day_of(at or now())


def days_between(earlier: datetime, later: datetime) -> int:
    """Calendar days from ``earlier``'s day to ``later``'s, in the user's zone
    (negative when ``later`` is before ``earlier``)."""
    return (day_of(later) - day_of(earlier)).days


def start_of_day(day: date) -> datetime:
    """The first instant of ``day`` in the user's zone, aware in UTC: local midnight, or
    01:00 where daylight saving skips midnight (Havana, Santiago: their clocks jump from
    23:59:59 to 01:00, and Python places the missing midnight on the day before)."""
    local = datetime.combine(day, time()).astimezone()
    if local.date() != day:
        local = datetime.combine(day, time(1)).astimezone()
    return local.astimezone(UTC)


def end_of_day(day: date) -> datetime:
    """The first instant after ``day`` in the user's zone (the next day's start): the
    end of a range "until ``day``", whatever length daylight saving gave the day."""
    return start_of_day(day + timedelta(days=1))
