"""Formatting of api values for display: times in the user's local time zone.

The api hands over aware ``datetime`` objects (``created_at`` read in the
server's zone, ``start_at``/``end_at`` from unix seconds); a naive one counts
as UTC. The UI shows the user's local time.
"""

from __future__ import annotations

from datetime import UTC, datetime

TIME_FORMAT = "%Y-%m-%d %H:%M"


def as_datetime(value: datetime | float | None) -> datetime | None:
    """An aware datetime from a datetime (naive = UTC) or unix seconds; None stays None."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    return datetime.fromtimestamp(value, UTC)


def local_time(value: datetime | None) -> str:
    """``YYYY-MM-DD HH:MM`` in the local time zone, or "" when unknown."""
    moment = as_datetime(value)
    return moment.astimezone().strftime(TIME_FORMAT) if moment else ""


def local_date(value: datetime | None) -> str:
    """``YYYY-MM-DD`` in the local time zone, or "" when unknown."""
    moment = as_datetime(value)
    return moment.astimezone().strftime("%Y-%m-%d") if moment else ""
