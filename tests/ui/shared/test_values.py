"""Times and numbers as the user's locale writes them (QLocale's default), to the minute,
to the second and as a date, in the local time zone: the text Qt itself writes from the
locale's short formats, with the seconds joined as the hours and minutes are."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import QDate, QDateTime, QLocale, QTime

from licensedesk.ui.shared import values
from licensedesk.ui.shared.values import (
    clock_time,
    format_number,
    local_date,
    local_time,
    local_time_seconds,
)

#: 08:35:09 UTC = 14:05:09 in India (the india_time fixture: UTC+05:30)
MOMENT = datetime(2026, 11, 24, 8, 35, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("name", "minutes", "seconds", "date", "clock"),
    [
        ("de_DE", "24.11.26 14:05", "24.11.26 14:05:09", "24.11.26", "14:05:09"),
        (
            "en_US",
            "11/24/26 2:05\u202fPM",
            "11/24/26 2:05:09\u202fPM",
            "11/24/26",
            "2:05:09\u202fPM",
        ),
        ("en_GB", "24/11/2026 14:05", "24/11/2026 14:05:09", "24/11/2026", "14:05:09"),
        ("fi_FI", "24.11.2026 14.05", "24.11.2026 14.05.09", "24.11.2026", "14.05.09"),  # "."
        # the C locale (LANG=C): ISO 8601, not Qt's "d MM yyyy"
        ("C", "2026-11-24 14:05", "2026-11-24 14:05:09", "2026-11-24", "14:05:09"),
    ],
)
def test_times_in_the_locales_short_form(
    locale_named, india_time, name, minutes, seconds, date, clock
):
    locale_named(name)
    assert local_time(MOMENT) == minutes
    assert local_time_seconds(MOMENT) == seconds
    assert local_date(MOMENT) == date
    assert clock_time(MOMENT) == clock
    assert local_time(MOMENT.timestamp()) == minutes  # unix seconds too
    assert local_time(MOMENT.replace(tzinfo=None)) == minutes  # naive: UTC
    assert local_time(None) == local_time_seconds(None) == local_date(None) == ""


def _in_digits(locale: QLocale, text: str) -> str:
    """``text``'s ASCII digits as ``locale`` writes digits."""
    zero = ord(locale.zeroDigit())
    return text.translate({ord("0") + i: zero + i for i in range(10)})


@pytest.mark.parametrize(
    "name",
    ["de_DE", "en_US", "ja_JP", "ko_KR", "ar_EG", "bg_BG", "fa_IR", "hi_IN", "yo_NG", "zh_CN"],
)
def test_the_same_text_as_qt_writes_and_the_seconds_after_the_minutes(
    locale_named, india_time, name
):
    """Qt's own short form (locale digits, AM/PM words, quoted text); the seconds form is
    it with the seconds after the minutes, joined as the hours and minutes are."""
    locale = locale_named(name)
    short = QLocale.FormatType.ShortFormat
    qt_moment = QDateTime(QDate(2026, 11, 24), QTime(14, 5, 9))
    minutes, seconds = local_time(MOMENT), local_time_seconds(MOMENT)
    assert minutes == locale.toString(qt_moment, short)
    assert local_date(MOMENT) == locale.toString(QDate(2026, 11, 24), short)
    minute, second = (
        _in_digits(locale, x) for x in (("5", "9") if name == "yo_NG" else ("05", "09"))
    )  # yo_NG: "H:m"
    head, _minute, tail = minutes.rpartition(minute)
    joint = seconds.removeprefix(head + minute).removesuffix(tail).removesuffix(second)
    assert seconds == f"{head}{minute}{joint}{second}{tail}"
    assert joint and not joint.isdigit() and head.endswith(joint)  # e.g. "14" ":" "05"
    assert seconds.startswith(local_date(MOMENT))


@pytest.mark.parametrize(
    ("utc", "wall"),
    [
        (datetime(2027, 3, 28, 0, 59, tzinfo=UTC), "2027-03-28 01:59:00"),  # CET
        (datetime(2027, 3, 28, 1, 0, tzinfo=UTC), "2027-03-28 03:00:00"),  # 02:00 is skipped
        (datetime(2026, 10, 25, 0, 30, tzinfo=UTC), "2026-10-25 02:30:00"),  # CEST
        (datetime(2026, 10, 25, 1, 30, tzinfo=UTC), "2026-10-25 02:30:00"),  # CET: again
    ],
)
def test_the_wall_clock_across_daylight_saving_changes(locale_named, zone, utc, wall):
    """The local wall clock of the instant, as Python's zone rules give it: Qt gets
    the fields, so it does not move a time it would read as skipped or doubled."""
    locale_named("C")
    zone("Europe/Berlin")
    assert local_time_seconds(utc) == wall
    assert local_time(utc) == wall[:-3]
    assert local_date(utc) == wall[:10]
    assert clock_time(utc) == wall[11:]


def test_the_formats_are_read_once_per_locale(locale_named):
    locale_named("de_DE")
    first = values._formats()
    local_time(MOMENT)
    assert values._formats() is first  # not read again per call
    locale_named("en_US")
    assert values._formats() is not first  # another default locale: read again
    assert values._formats().locale == QLocale("en_US")


def test_counts_are_written_as_the_locale_does(locale_named):
    locale_named("de_DE")
    assert format_number(10000) == "10.000"
    locale_named("en_US")
    assert format_number(10000) == "10,000"
