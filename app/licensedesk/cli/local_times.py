"""A stored moment as the command line writes it, in the local zone, a million times.

``astimezone`` and ``strftime`` / ``isoformat`` cost ~3 µs a moment. Most hours of most
zones have one offset, a whole number of hours: then the local text is the hour's,
worked out once per UTC hour, followed by the moment's own minutes and seconds. An hour
in which the offset changes, or a zone of half or quarter hours, is worked out once
per UTC minute (a zone changes its offset only at a whole minute), and an offset with
seconds (a zone's local mean time, before 1900 or so) for each moment. What is worked
out is kept in a :class:`Remembered`, the bounded memory every long listing of the
command line uses for the texts it repeats.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

__all__ = ["KEPT", "LocalTimes", "Remembered"]

#: texts remembered of each kind before they are all forgotten (memory stays bounded)
KEPT = 65_536
_TABLE = "%Y-%m-%d %H:%M:%S %Z"
_UTC = "+00:00"  # how the store's SQLite text ends (history/sqlite_pages.py)
_HOUR, _MINUTE, _SECOND = timedelta(hours=1), timedelta(minutes=1), timedelta(seconds=1)
#: what completes a UTC hour's / minute's key into its first moment
_STARTS = {_HOUR: ":00:00+00:00", _MINUTE: ":00+00:00"}
#: the text before what each moment brings itself: the table's format, the ISO text's length
_HEADS = {_HOUR: ("%Y-%m-%d %H:", 14), _MINUTE: ("%Y-%m-%d %H:%M:", 17)}


class LocalTimes:
    """``table``: "2025-01-02 04:46:39 CET" (the table); else ISO 8601 to the second,
    "2025-01-02T04:46:39+01:00" (the CSV)."""

    def __init__(self, *, table: bool) -> None:
        self.table = table
        self._hours = Remembered(lambda hour: self._parts(hour, _HOUR))
        self._minutes = Remembered(lambda minute: self._parts(minute, _MINUTE))

    def text(self, when: str | datetime) -> str:
        """``when``: the store's own (fixed-width UTC ISO text from SQLite, an aware
        datetime from PostgreSQL)."""
        if isinstance(when, str):
            if not when.endswith(_UTC):  # not as the store writes: read it in full
                return self._whole(datetime.fromisoformat(when))
            hour, minute, rest = when[:13], when[:16], when[14:19]
        else:
            when = when.astimezone(UTC)
            minute = when.replace(second=0, microsecond=0)
            hour, rest = minute.replace(minute=0), f"{when.minute:02d}:{when.second:02d}"
        parts = self._hours[hour]
        if parts is not None:
            return parts[0] + rest + parts[1]  # the minutes and seconds are the moment's
        parts = self._minutes[minute]
        if parts is not None:
            return parts[0] + rest[3:] + parts[1]  # its seconds
        return self._whole(when if isinstance(when, datetime) else datetime.fromisoformat(when))

    def _parts(self, key: str | datetime, span: timedelta) -> tuple[str, str] | None:
        """The local text before and after what the UTC ``span`` (an hour, a minute)
        starting at ``key`` leaves to each moment; None when the zone's offset is not a
        whole number of spans or changes within it."""
        start = datetime.fromisoformat(key + _STARTS[span]) if isinstance(key, str) else key
        local, last = start.astimezone(), (start + span - _SECOND).astimezone()
        offset = local.utcoffset()
        if (
            offset is None
            or offset % span
            or (offset, local.tzname()) != (last.utcoffset(), last.tzname())
        ):
            return None
        table_head, iso_cut = _HEADS[span]
        if self.table:
            return local.strftime(table_head), local.strftime(" %Z").rstrip()
        text = local.isoformat(timespec="seconds")
        return text[:iso_cut], text[19:]

    def _whole(self, moment: datetime) -> str:
        local = moment.astimezone()
        if self.table:
            return local.strftime(_TABLE).strip()
        return local.isoformat(timespec="seconds")


class Remembered(dict[Any, Any]):
    """``make(key)`` of each key, made on its first use and remembered; all forgotten once
    there are :data:`KEPT` (memory stays bounded whatever the history)."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: Any) -> Any:
        if len(self) >= KEPT:
            self.clear()
        value = self[key] = self._make(key)
        return value
