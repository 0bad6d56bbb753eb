"""Formatting of api values for display: times in the user's local time zone, written the
way the user's locale writes them (``QLocale()``: German ``24.11.26 14:05``, US English
``11/24/26 2:05 PM``).

The api hands over aware ``datetime`` objects (``created_at`` read in the
server's zone, ``start_at``/``end_at`` from unix seconds); a naive one counts
as UTC. The UI shows the user's local time.

Qt writes the text (``QLocale.toString``) from the locale's short formats, read once per
locale. Python converts to the local zone (``astimezone``) and hands Qt only the wall-clock
fields, in a UTC ``QDateTime``: Qt then neither looks the zone up again (a local-time
``QDateTime`` costs ten times as much to build) nor moves a time it thinks does not exist.
A call then costs about what a ``strftime`` does, and tables format only the cells they
paint, so the texts themselves are not cached.

The C locale (``LANG=C``: no preference; Qt reports the system locale with the C
formats then, even when ``LANGUAGE`` names a language) keeps ISO 8601
(``2026-11-24 14:05``): Qt's C formats (``d MM yyyy``) are no one's convention.
Exports do not use these: they write ISO 8601 for machines.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import NamedTuple

from PySide6.QtCore import QDate, QDateTime, QLocale, QTime, QTimeZone

from licensedesk import clock
from licensedesk.i18n import _

#: the formats of the C locale (see the module docstring)
ISO_DATE = "yyyy-MM-dd"
ISO_TIME = "HH:mm"

_UTC = QTimeZone.utc()


def as_datetime(value: datetime | float | None) -> datetime | None:
    """An aware datetime from a datetime (naive = UTC) or unix seconds; None stays None."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    return datetime.fromtimestamp(value, UTC)


def local_time(value: datetime | float | None) -> str:
    """Date and time to the minute in the local time zone and the locale's short form
    (``24.11.26 14:05``), or "" when unknown."""
    moment = as_datetime(value)
    return _written(moment, seconds=False) if moment else ""


def local_time_seconds(value: datetime | float | None) -> str:
    """As :func:`local_time`, to the second (``24.11.26 14:05:09``): the history's times."""
    moment = as_datetime(value)
    return _written(moment, seconds=True) if moment else ""


def local_date(value: datetime | float | None) -> str:
    """The date in the local time zone, the locale's short form (``24.11.26``), or ""."""
    moment = as_datetime(value)
    if not moment:
        return ""
    formats, local = _formats(), moment.astimezone()
    return formats.locale.toString(QDate(local.year, local.month, local.day), formats.date)


def day_and_month(day: date) -> str:
    """ "30 Nov" (German "30. Nov."): a day of the weeks and months around now."""
    # TRANSLATORS: a Qt date format for a day near now (the Renewals window's week headings,
    # "Since 12 Nov" on the licence card): d = day, MMM = short month name; "30 Nov",
    # German "30. Nov."
    return QLocale().toString(QDate(day.year, day.month, day.day), _("d MMM"))


def short_day(day: date) -> str:
    """A calendar day, briefly: "12 Nov" within this year, else the locale's short date
    ("12.11.25"): the days a licence's timeline names (its ends, "Since 12 Nov")."""
    if day.year == clock.today().year:
        return day_and_month(day)
    formats = _formats()
    return formats.locale.toString(QDate(day.year, day.month, day.day), formats.date)


def clock_time(moment: datetime | None = None) -> str:
    """The time of day to the second in the locale's form (``14:05:09``, ``2:05:09 PM``):
    the status bar's "Last request". ``moment`` defaults to now."""
    formats, local = _formats(), (moment or datetime.now()).astimezone()
    return formats.locale.toString(QTime(local.hour, local.minute, local.second), formats.clock)


def format_number(n: int) -> str:
    """``n`` as the locale writes it (``10,000``; German ``10.000``) for counts people read."""
    return _formats().locale.toString(n)


def _written(moment: datetime, *, seconds: bool) -> str:
    """``moment``'s local date and time, given to Qt as wall-clock fields in a UTC
    ``QDateTime`` (see the module docstring)."""
    formats, local = _formats(), moment.astimezone()
    wall = QDateTime(
        QDate(local.year, local.month, local.day),
        QTime(local.hour, local.minute, local.second),
        _UTC,
    )
    return formats.locale.toString(wall, formats.seconds if seconds else formats.minutes)


#: an hour field, what joins it to the minutes, the minutes field
_HOUR_MINUTES = re.compile(r"([hH]+)(.*?)(m+)")


def _with_seconds(qt_format: str) -> str:
    """``qt_format`` with seconds after its minutes, joined as its hours and minutes are
    (``HH:mm`` → ``HH:mm:ss``, ``H.mm`` → ``H.mm.ss``): Qt's short time formats have no
    seconds, and its long ones add a zone and, in some languages, words. For every locale
    Qt has, this gives the text a full reading of the format's fields and quotes gave."""
    return _HOUR_MINUTES.sub(lambda f: f"{f[0]}{f[2]}{'s' * len(f[3])}", qt_format, count=1)


class _Formats(NamedTuple):
    """The Qt formats of one locale."""

    locale: QLocale
    date: str
    minutes: str
    seconds: str
    clock: str


def _read(locale: QLocale) -> _Formats:
    """``locale``'s short formats, ISO 8601 for the C locale's (see the module docstring)."""
    short = QLocale.FormatType.ShortFormat
    c_dates = QLocale.c().dateFormat(short)  # also a system locale's under LC_TIME=C
    if locale.language() == QLocale.Language.C or locale.dateFormat(short) == c_dates:
        date, time, date_time = ISO_DATE, ISO_TIME, f"{ISO_DATE} {ISO_TIME}"
    else:
        date, time = locale.dateFormat(short), locale.timeFormat(short)
        date_time = locale.dateTimeFormat(short)
    return _Formats(locale, date, date_time, _with_seconds(date_time), _with_seconds(time))


_cache: list[_Formats] = []


def _formats() -> _Formats:
    """The default locale's formats: read on first use and again only when
    ``QLocale.setDefault`` chose another locale (one comparison per call)."""
    locale = QLocale()
    if not _cache or _cache[0].locale != locale:
        _cache[:] = [_read(locale)]
    return _cache[0]
