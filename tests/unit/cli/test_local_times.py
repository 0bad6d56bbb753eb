"""The command line's local times, made an hour or a minute at a time, say what
``astimezone`` says for every second: across a change of summer time (also one within
an hour), in half-hour zones, in a zone whose old offset had seconds, from SQLite's text
and from PostgreSQL's datetimes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from licensedesk.cli.local_times import LocalTimes

#: (zone, a UTC moment near something worth checking)
CASES = [
    ("Europe/Berlin", datetime(2026, 3, 29, 0, 58, tzinfo=UTC)),  # summer time begins
    ("Europe/Berlin", datetime(2026, 10, 25, 0, 58, tzinfo=UTC)),  # and ends
    ("America/St_Johns", datetime(2026, 11, 1, 3, 28, tzinfo=UTC)),  # -3:30 / -2:30
    ("Asia/Kolkata", datetime(2026, 12, 31, 18, 28, tzinfo=UTC)),  # +5:30, the new year
    ("Europe/Amsterdam", datetime(1899, 6, 1, 12, 0, tzinfo=UTC)),  # +0:19:32 then
    # whole hours, but summer time at half past: the hour's offset changes within it
    ("XST-1XDT,M3.5.0/2:30,M10.5.0/3:30", datetime(2026, 3, 29, 1, 27, tzinfo=UTC)),
]


def expected(moment: datetime, table: bool) -> str:
    local = moment.astimezone()
    if table:
        return local.strftime("%Y-%m-%d %H:%M:%S %Z").strip()
    return local.isoformat(timespec="seconds")


@pytest.mark.parametrize(("name", "around"), CASES)
@pytest.mark.parametrize("table", [True, False])
def test_every_second_reads_as_astimezone_says(zone, name, around, table):
    zone(name)
    times = LocalTimes(table=table)
    for step in range(0, 4 * 60, 7):  # four minutes, seconds 0-59 met in turn
        moment = around + timedelta(seconds=step, microseconds=step * 1000)
        as_sqlite = moment.isoformat(timespec="microseconds")
        as_postgres = moment.astimezone(timezone(timedelta(hours=-7)))  # any zone it says
        assert times.text(as_sqlite) == expected(moment, table), as_sqlite
        assert times.text(as_postgres) == expected(moment, table), as_postgres
        other_text = as_postgres.isoformat()  # not the store's own: read in full
        assert times.text(other_text) == expected(moment, table), other_text
