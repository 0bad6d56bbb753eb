"""Times and numbers as the user's locale writes them (QLocale's default), to the minute,
to the second and as a date; the same text Qt itself would write, from patterns read
once per locale."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import QDate, QDateTime, QLocale, QTime

from licensedesk.ui.shared import values
from licensedesk.ui.shared.values import (
    format_number,
    local_date,
    local_time,
    local_time_seconds,
)

#: 08:35:09 UTC = 14:05:09 in India (the india_time fixture: UTC+05:30)
MOMENT = datetime(2026, 11, 24, 8, 35, 9, tzinfo=UTC)


@pytest.mark.parametrize(("name", "minutes", "seconds", "date"), [
    ("de_DE", "24.11.26 14:05", "24.11.26 14:05:09", "24.11.26"),
    ("en_US", "11/24/26 2:05\u202fPM", "11/24/26 2:05:09\u202fPM", "11/24/26"),
    ("en_GB", "24/11/2026 14:05", "24/11/2026 14:05:09", "24/11/2026"),
    ("fi_FI", "24.11.2026 14.05", "24.11.2026 14.05.09", "24.11.2026"),  # seconds as "."
    # the C locale (LANG=C): ISO 8601, not Qt's "d MM yyyy"
    ("C", "2026-11-24 14:05", "2026-11-24 14:05:09", "2026-11-24"),
])
def test_times_in_the_locales_short_form(locale_named, india_time, name, minutes, seconds,
                                         date):  # fmt: skip
    locale_named(name)
    assert local_time(MOMENT) == minutes
    assert local_time_seconds(MOMENT) == seconds
    assert local_date(MOMENT) == date
    assert local_time(MOMENT.timestamp()) == minutes  # unix seconds too
    assert local_time(None) == local_time_seconds(None) == local_date(None) == ""


@pytest.mark.parametrize("name", ["de_DE", "en_US", "ja_JP", "ko_KR", "ar_EG", "bg_BG",
                                  "fa_IR", "hi_IN", "yo_NG", "zh_CN"])
def test_the_same_text_as_qt_writes(locale_named, india_time, name):
    """Compiled patterns, Qt's own output: locale digits, AM/PM words, quoted text alike."""
    locale = locale_named(name)
    short = QLocale.FormatType.ShortFormat
    local = MOMENT.astimezone()
    qt_moment = QDateTime(QDate(local.year, local.month, local.day),
                          QTime(local.hour, local.minute, local.second))
    assert local_time(MOMENT) == locale.toString(qt_moment, locale.dateTimeFormat(short))
    assert local_date(MOMENT) == locale.toString(qt_moment, locale.dateFormat(short))
    with_seconds = locale.toString(qt_moment, values._with_seconds(locale.dateTimeFormat(short)))
    assert local_time_seconds(MOMENT) == with_seconds
    assert local_time_seconds(MOMENT).startswith(local_date(MOMENT)) or name == "ko_KR"


def test_the_patterns_are_read_once_per_locale(locale_named):
    locale_named("de_DE")
    first = values._formats()
    local_time(MOMENT)
    assert values._formats() is first  # not rebuilt per call
    locale_named("en_US")
    assert values._formats() is not first  # another default locale: read again
    assert values._formats().locale == QLocale("en_US")


def test_a_pattern_qt_alone_knows_still_formats(locale_named):
    """A month name or a time zone is not compiled: Qt writes it (slower, but right)."""
    locale = locale_named("de_DE")
    pattern = values._Pattern(locale, "dddd, d. MMMM yyyy")
    assert not pattern.supported
    assert pattern.format(datetime(2026, 11, 24, 14, 5)) == "Dienstag, 24. November 2026"


def test_counts_are_written_as_the_locale_does(locale_named):
    locale_named("de_DE")
    assert format_number(10000) == "10.000"
    locale_named("en_US")
    assert format_number(10000) == "10,000"
