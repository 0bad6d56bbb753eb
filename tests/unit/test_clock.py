"""Calendar days in the user's zone: midnight, year ends, 29 February and the hours that
daylight saving skips or repeats; one rule for every "N days left"."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from licensedesk import clock
from licensedesk.licence_term import Term, days_left, term


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.mark.parametrize(
    ("zone_name", "day", "first", "length"),
    [
        ("Europe/Berlin", date(2027, 3, 28), utc(2027, 3, 27, 23), timedelta(hours=23)),
        ("Europe/Berlin", date(2027, 10, 31), utc(2027, 10, 30, 22), timedelta(hours=25)),
        ("America/Adak", date(2027, 11, 7), utc(2027, 11, 7, 9), timedelta(hours=25)),
        ("Pacific/Kiritimati", date(2027, 1, 1), utc(2026, 12, 31, 10), timedelta(hours=24)),
        # Havana's clocks jump from 23:59:59 to 01:00: the day starts at 01:00
        ("America/Havana", date(2027, 3, 14), utc(2027, 3, 14, 5), timedelta(hours=23)),
        ("UTC", date(2028, 2, 29), utc(2028, 2, 29), timedelta(hours=24)),
    ],
)
def test_a_day_starts_at_its_first_local_instant_and_lasts_as_long_as_it_does(
    zone, zone_name, day, first, length
):
    zone(zone_name)
    assert clock.start_of_day(day) == first
    assert clock.end_of_day(day) - clock.start_of_day(day) == length
    assert clock.day_of(first) == day
    assert clock.day_of(clock.end_of_day(day) - timedelta(microseconds=1)) == day


def test_the_day_is_the_users_not_utcs(zone):
    moment = utc(2026, 12, 31, 23, 50)
    zone("UTC")
    assert clock.today(moment) == date(2026, 12, 31)
    zone("Pacific/Kiritimati")
    assert clock.today(moment) == date(2027, 1, 1)
    zone("America/Adak")
    assert clock.today(moment) == date(2026, 12, 31)
    assert clock.day_of(datetime(2026, 12, 31, 23, 50)) == date(2026, 12, 31)  # naive = UTC


@pytest.mark.parametrize(
    ("now", "end", "days"),
    [
        (utc(2026, 12, 31, 22, 50), utc(2026, 12, 31, 23, 30), 1),  # 23:50 → 00:30 in Berlin
        (utc(2026, 12, 31, 23, 10), utc(2027, 1, 1, 21, 0), 0),  # 00:10 → 22:00: today
        (utc(2028, 2, 28, 12), utc(2028, 3, 1, 12), 2),  # 29 February counts
        (utc(2027, 2, 28, 12), utc(2027, 3, 1, 12), 1),  # no 29 February
        (utc(2027, 3, 27, 12), utc(2027, 3, 28, 21, 30), 1),  # to 23:30 of the 23-hour day
        (utc(2027, 3, 28, 0, 30), utc(2027, 3, 28, 21), 0),  # the 23-hour day itself
    ],
)
def test_days_left_are_calendar_days_in_the_users_zone(zone, now, end, days):
    zone("Europe/Berlin")
    assert days_left(end, now) == days
    assert term(now - timedelta(days=400), end, now).days == days


def test_the_same_instant_is_the_same_day_count_in_every_rule(zone):
    """What the card, the batch and the exports say comes from one rule: around midnight
    a licence ending at 00:30 tomorrow has 1 day left at 23:50 and at 00:10 alike."""
    zone("Pacific/Kiritimati")
    end = utc(2027, 1, 2, 10, 30)  # 00:30 on 3 January there
    for now in (utc(2027, 1, 1, 9, 50), utc(2027, 1, 1, 10, 10)):  # 23:50 and 00:10 there
        where = term(None, end, now)
        assert (where.state, where.days) == ("ending", days_left(end, now))
    assert [term(None, end, utc(2027, 1, 1, h)).days for h in (9, 11)] == [2, 1]
    assert term(None, end, utc(2027, 1, 2, 10, 29)).days == 0  # the last day: "ends today"
    assert term(None, end, end).state == "expired" and term(None, end, end).days == 0


def test_ending_is_thirty_calendar_days_whatever_the_term(zone):
    zone("UTC")
    now = utc(2027, 5, 1, 12)
    assert term(now - timedelta(days=5), now + timedelta(days=25), now).state == "ending"
    assert term(now - timedelta(days=5), now + timedelta(days=30), now).state == "ending"
    assert term(now - timedelta(days=5), now + timedelta(days=31), now).state == "ok"
    assert term(now + timedelta(hours=3), None, now) == term(
        now + timedelta(hours=3), now + timedelta(days=9), now
    )


def test_a_subscription_without_a_period_is_no_subscription_not_perpetual():
    """The service's validation answers "No Active Subscription!" for it (DESIGN.md §2)."""
    assert term(None, None, kind="subscription") == Term("no_subscription", 0)
    assert term(None, None, kind="perpetual") == Term("perpetual", 0)
    assert term(None, None) == Term("perpetual", 0)  # a type not known: by the dates
