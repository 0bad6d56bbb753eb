"""A stored moment as the command line writes it, in the local zone, a million times.

``astimezone`` and ``strftime`` / ``isoformat`` cost ~3 µs a moment. Most hours of most
zones have one offset, a whole number of hours: then the local text is the hour's,
worked out once per UTC hour, followed by the moment's own minutes and seconds. An hour
in which the offset changes, or a zone of half or quarter hours, is worked out once
per UTC minute (a zone changes its offset only at a whole minute), and an offset with
seconds (a zone's local mean time, before 1900 or so) for each moment.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

__all__ = ["KEPT", "LocalTimes"]

#: texts remembered of each kind before they are all forgotten (memory stays bounded)
KEPT = 65_536
_TABLE = "%Y-%m-%d %H:%M:%S %Z"
_UTC = "+00:00"  # how the store's SQLite text ends (history/sqlite_pages.py)
_HOUR, _MINUTE = timedelta(hours=1), timedelta(minutes=1)
_LAST_SECOND = timedelta(minutes=59, seconds=59)


class LocalTimes:
    """``table``: "2025-01-02 04:46:39 CET" (the table); else ISO 8601 to the second,
    "2025-01-02T04:46:39+01:00" (the CSV)."""

    def __init__(self, *, table: bool) -> None:
        self.table = table
        self._hours: dict[Any, tuple[str, str] | None] = {}
        self._minutes: dict[Any, tuple[str, str] | None] = {}

    def text(self, when: str | datetime) -> str:
        """``when``: the store's own (fixed-width UTC ISO text from SQLite, an aware
        datetime from PostgreSQL)."""
        if isinstance(when, str):
            if not when.endswith(_UTC):  # not as the store writes: read it in full
                return self._whole(datetime.fromisoformat(when))
            hour, minutes = when[:13], when[14:19]
        else:
            when = when.astimezone(UTC)
            hour, minutes = when.replace(minute=0, second=0, microsecond=0), \
                f"{when.minute:02d}:{when.second:02d}"  # fmt: skip
        parts = _kept(self._hours, hour, self._hour_parts)
        if parts is not None:
            return parts[0] + minutes + parts[1]
        if isinstance(when, str):
            minute, seconds = when[:16], when[17:19]
        else:
            minute, seconds = when.replace(second=0, microsecond=0), minutes[3:]
        parts = _kept(self._minutes, minute, self._minute_parts)
        if parts is None:
            return self._whole(when if isinstance(when, datetime)
                               else datetime.fromisoformat(when))  # fmt: skip
        return parts[0] + seconds + parts[1]

    def _hour_parts(self, key: str | datetime) -> tuple[str, str] | None:
        """The local text before and after the minutes, for the UTC hour ``key``: None
        when the offset is not whole hours or changes within the hour."""
        start = datetime.fromisoformat(key + ":00:00+00:00") if isinstance(key, str) else key
        local, last = start.astimezone(), (start + _LAST_SECOND).astimezone()
        offset = local.utcoffset()
        if offset is None or offset % _HOUR or (offset, local.tzname()) != (
                last.utcoffset(), last.tzname()):
            return None
        if self.table:
            return local.strftime("%Y-%m-%d %H:"), local.strftime(" %Z").rstrip()
        text = local.isoformat(timespec="seconds")
        return text[:14], text[19:]

    def _minute_parts(self, key: str | datetime) -> tuple[str, str] | None:
        """The local text before and after the seconds, for the UTC minute ``key``."""
        start = datetime.fromisoformat(key + ":00+00:00") if isinstance(key, str) else key
        local = start.astimezone()
        offset = local.utcoffset()
        if offset is None or offset % _MINUTE:
            return None
        if self.table:
            return local.strftime("%Y-%m-%d %H:%M:"), local.strftime(" %Z").rstrip()
        text = local.isoformat(timespec="seconds")
        return text[:17], text[19:]

    def _whole(self, moment: datetime) -> str:
        local = moment.astimezone()
        if self.table:
            return local.strftime(_TABLE).strip()
        return local.isoformat(timespec="seconds")


def _kept(said: dict[Any, Any], key: Any, make: Callable[[Any], Any]) -> Any:
    """``said[key]``, made by ``make(key)`` the first time (all forgotten at :data:`KEPT`)."""
    value = said.get(key, said)
    if value is said:
        if len(said) >= KEPT:
            said.clear()
        value = said[key] = make(key)
    return value
