"""A stored moment as the command line writes it, in the local zone, a million times.

``astimezone`` and ``strftime`` / ``isoformat`` cost ~3 µs a moment. A zone changes
its offset only at a whole minute, so the local minute and the zone (its name, or its
offset) are worked out once per UTC minute and the seconds are the moment's own. An
offset with seconds (a zone's local mean time, before 1900 or so) is worked out in full.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

__all__ = ["KEPT", "LocalTimes"]

#: texts remembered of each kind before they are all forgotten (memory stays bounded)
KEPT = 65_536
_TABLE = "%Y-%m-%d %H:%M:%S %Z"
_UTC = "+00:00"  # how the store's SQLite text ends (history/sqlite_pages.py)


class LocalTimes:
    """``table``: "2025-01-02 04:46:39 CET" (the table); else ISO 8601 to the second,
    "2025-01-02T04:46:39+01:00" (the CSV)."""

    def __init__(self, *, table: bool) -> None:
        self.table = table
        self._minutes: dict[Any, tuple[str, str] | None] = {}

    def text(self, when: str | datetime) -> str:
        """``when``: the store's own (fixed-width UTC ISO text from SQLite, an aware
        datetime from PostgreSQL)."""
        if isinstance(when, str):
            if not when.endswith(_UTC):  # not as the store writes: read it in full
                return self._whole(datetime.fromisoformat(when))
            key, seconds = when[:16], when[17:19]
        else:
            key, seconds = when.replace(second=0, microsecond=0), f"{when.second:02d}"
        parts = self._minutes.get(key, False)
        if parts is False:
            if len(self._minutes) >= KEPT:
                self._minutes.clear()
            parts = self._minutes[key] = self._parts(key)
        if parts is None:
            return self._whole(when if isinstance(when, datetime)
                               else datetime.fromisoformat(when))  # fmt: skip
        return parts[0] + seconds + parts[1]

    def _parts(self, key: str | datetime) -> tuple[str, str] | None:
        """The local text before and after the seconds, for the UTC minute ``key``."""
        start = datetime.fromisoformat(key + ":00+00:00") if isinstance(key, str) else key
        local = start.astimezone()
        offset = local.utcoffset()
        if offset is None or offset % timedelta(minutes=1):
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
