"""The dates and times a person types on the command line (``--since``, ``--until``,
``--before``): a day means that day in the desk's time zone."""

from __future__ import annotations

from datetime import UTC, datetime

from licensedesk import clock
from licensedesk.i18n import _

from .errors import UsageError


def parse_when(text: str, *, end_of_day: bool = False) -> datetime:
    """``YYYY-MM-DD`` (local midnight; with ``end_of_day`` the next midnight) or an ISO
    date and time (local time unless it names its offset)."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(
            _("{text} is not a date: write it as YYYY-MM-DD or YYYY-MM-DDTHH:MM.").format(
                text=repr(text)
            )
        ) from None
    if len(text.strip()) <= 10:  # a day: its first instant, or the next day's
        day = moment.date()
        return clock.end_of_day(day) if end_of_day else clock.start_of_day(day)
    if moment.tzinfo is None:
        moment = moment.astimezone()  # local time
    return moment.astimezone(UTC)
