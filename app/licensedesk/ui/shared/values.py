"""Formatting of api values for display: times in the user's local time zone, written the
way the user's locale writes them (``QLocale()``: German ``24.11.26 14:05``, US English
``11/24/26 2:05 PM``).

The api hands over aware ``datetime`` objects (``created_at`` read in the
server's zone, ``start_at``/``end_at`` from unix seconds); a naive one counts
as UTC. The UI shows the user's local time.

Why not ``QLocale().toString(QDateTime)`` per call: table models call these in
``data()`` for up to 10,000 rows, and building a QDateTime from Python costs ten times
a ``strftime``. So each locale's short formats are read once and compiled into a
Python format string (:class:`_Pattern`); a call costs about what ``strftime`` did.
The locale's formats (digits, AM/PM words) are followed exactly; a pattern with
something the compiler does not know (a time zone, a month name) is left to Qt.

The C locale (``LANG=C``: no preference; Qt reports the system locale with the C
formats then, even when ``LANGUAGE`` names a language) keeps ISO 8601
(``2026-11-24 14:05``): Qt's C formats (``d MM yyyy``) are no one's convention.
Exports do not use these: they write ISO 8601 for machines.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QDate, QDateTime, QLocale, QTime

#: the formats of the C locale (see the module docstring)
ISO_DATE = "yyyy-MM-dd"
ISO_TIME = "HH:mm"


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
    return _formats().minutes(moment.astimezone()) if moment else ""


def local_time_seconds(value: datetime | float | None) -> str:
    """As :func:`local_time`, to the second (``24.11.26 14:05:09``): the history's times."""
    moment = as_datetime(value)
    return _formats().seconds(moment.astimezone()) if moment else ""


def local_date(value: datetime | float | None) -> str:
    """The date in the local time zone, the locale's short form (``24.11.26``), or ""."""
    moment = as_datetime(value)
    return _formats().date(moment.astimezone()) if moment else ""


def clock_time(moment: datetime | None = None) -> str:
    """The time of day to the second in the locale's form (``14:05:09``, ``2:05:09 PM``):
    the status bar's "Last request". ``moment`` defaults to now."""
    return _formats().clock((moment or datetime.now()).astimezone())


def format_number(n: int) -> str:
    """``n`` as the locale writes it (``10,000``; German ``10.000``) for counts people read."""
    return _formats().locale.toString(n)


# ---------------------------------------------------------------- per locale, once


class _Pattern:
    """One Qt date/time format compiled to a ``str.format`` template over a datetime.

    Qt's tokens (``d dd M MM yy yyyy h hh H HH m mm s ss`` and ``AP ap Ap``, quoted
    text) become ``{0.day:02d}``-style fields; ``yy``, 12-hour clock and AM/PM need a
    value computed per call (``extras``). The locale's digits replace 0-9 when they
    are not ASCII. Anything else (``MMM``, ``t``, ``z``…): :attr:`supported` is False
    and the call goes through Qt itself (:meth:`format`)."""

    def __init__(self, locale: QLocale, qt_format: str) -> None:
        self._locale = locale
        self.qt_format = qt_format
        self.supported = True
        self._extras: list[Callable[[datetime], object]] = []
        self.template = self._compile(_tokens(qt_format))
        zero = locale.zeroDigit()
        self._digits = (None if zero == "0" else
                        str.maketrans("0123456789", "".join(chr(ord(zero) + i) for i in range(10))))

    def format(self, moment: datetime) -> str:
        if not self.supported:
            return self._locale.toString(
                QDateTime(QDate(moment.year, moment.month, moment.day),
                          QTime(moment.hour, moment.minute, moment.second)), self.qt_format)
        if self._extras:
            text = self.template.format(moment, *[extra(moment) for extra in self._extras])
        else:
            text = self.template.format(moment)
        return text.translate(self._digits) if self._digits else text

    def _extra(self, compute: Callable[[datetime], object], spec: str = "") -> str:
        self._extras.append(compute)
        return f"{{{len(self._extras)}{spec}}}"

    def _compile(self, tokens: list[tuple[bool, str]]) -> str:
        twelve = any(field and text[0] in "aA" for field, text in tokens)
        am, pm = self._locale.amText(), self._locale.pmText()
        parts = []
        for field, text in tokens:
            if not field:
                parts.append(text.replace("{", "{{").replace("}", "}}"))
                continue
            wide = ":02d" if len(text) == 2 else ""
            letter = text[0]
            if letter in "dMmsH" and len(text) <= 2:
                name = {"d": "day", "M": "month", "m": "minute", "s": "second", "H": "hour"}
                parts.append(f"{{0.{name[letter]}{wide}}}")
            elif letter == "h" and len(text) <= 2:
                parts.append(self._extra(lambda m: m.hour % 12 or 12, wide) if twelve
                             else f"{{0.hour{wide}}}")
            elif text == "yyyy":
                parts.append("{0.year:04d}")
            elif text == "yy":
                parts.append(self._extra(lambda m: m.year % 100, ":02d"))
            elif letter in "aA":
                case = (str.upper if text in ("A", "AP") else str.lower if text in ("a", "ap")
                        else str)
                words = (case(am), case(pm))
                parts.append(self._extra(lambda m, w=words: w[m.hour >= 12]))
            else:
                self.supported = False
                return ""
        return "".join(parts)


def _tokens(qt_format: str) -> list[tuple[bool, str]]:
    """``qt_format`` as (is a field, text) pieces, as ``QLocale::toString`` reads it:
    quoted text (``''`` is a quote) is literal; a run of one field letter is a field,
    cut to that letter's longest form (``ddddd`` = ``dddd`` + ``d``)."""
    longest = {"d": 4, "M": 4, "y": 4, "h": 2, "H": 2, "m": 2, "s": 2, "z": 3, "t": 4}
    out: list[tuple[bool, str]] = []
    i, size = 0, len(qt_format)
    while i < size:
        c = qt_format[i]
        if c == "'":
            if qt_format.startswith("''", i):
                out.append((False, "'"))
                i += 2
                continue
            end, text = i + 1, []
            while end < size:
                if qt_format.startswith("''", end):
                    text.append("'")
                    end += 2
                    continue
                if qt_format[end] == "'":
                    break
                text.append(qt_format[end])
                end += 1
            out.append((False, "".join(text)))
            i = end + 1
            continue
        if c in "aA":
            pair = qt_format[i:i + 2]
            n = 2 if len(pair) == 2 and pair[1] in "pP" else 1
            out.append((True, qt_format[i:i + n]))
            i += n
            continue
        if c in longest:
            run = i
            while run < size and qt_format[run] == c:
                run += 1
            n = min(run - i, longest[c])
            if c == "y":  # yyyy or yy; a single y is text
                n = 4 if n >= 4 else 2 if n >= 2 else 0
                if n == 0:
                    out.append((False, "y"))
                    i += 1
                    continue
            out.append((True, c * n))
            i += n
            continue
        out.append((False, c))
        i += 1
    return out


def _with_seconds(qt_format: str) -> str:
    """``qt_format`` with the seconds after its minutes, joined as the hours and minutes
    are (``HH:mm`` → ``HH:mm:ss``; ``H.mm`` → ``H.mm.ss``)."""
    tokens = _tokens(qt_format)
    minute = next((n for n, (field, text) in enumerate(tokens) if field and text[0] == "m"),
                  None)
    if minute is None or any(field and text[0] == "s" for field, text in tokens):
        return qt_format
    hour = max((n for n, (field, text) in enumerate(tokens[:minute])
                if field and text[0] in "hH"), default=None)
    between = "".join(text for _f, text in tokens[hour + 1:minute]) if hour is not None else ""
    sep = between or ":"
    tokens[minute + 1:minute + 1] = [(False, sep), (True, "s" * len(tokens[minute][1]))]
    pieces: list[str] = []
    literal = ""  # neighbouring literal pieces quoted as one: "'.'' '" would read ".' "
    for field, text in tokens:
        if not field:
            literal += text
            continue
        pieces += [_quoted(literal), text]
        literal = ""
    return "".join([*pieces, _quoted(literal)])


def _quoted(text: str) -> str:
    """``text`` as literal Qt format text (a quote is ``''`` outside quoted parts)."""
    return "''".join(f"'{part}'" if part else "" for part in text.split("'"))


class _LocaleFormats:
    """The patterns of one locale, read and compiled once."""

    def __init__(self, locale: QLocale) -> None:
        self.locale = locale
        short = QLocale.FormatType.ShortFormat
        c_dates = QLocale.c().dateFormat(short)  # also a system locale's under LC_TIME=C
        if locale.language() == QLocale.Language.C or locale.dateFormat(short) == c_dates:
            date, time = ISO_DATE, ISO_TIME
            date_time = f"{date} {time}"
        else:
            date, time = locale.dateFormat(short), locale.timeFormat(short)
            date_time = locale.dateTimeFormat(short)
        self.date = _Pattern(locale, date).format
        self.minutes = _Pattern(locale, date_time).format
        self.seconds = _Pattern(locale, _with_seconds(date_time)).format
        self.clock = _Pattern(locale, _with_seconds(time)).format


_cache: list[_LocaleFormats] = []


def _formats() -> _LocaleFormats:
    """The default locale's patterns: built on first use and again only when
    ``QLocale.setDefault`` chose another locale (one comparison per call)."""
    locale = QLocale()
    if not _cache or _cache[0].locale != locale:
        _cache[:] = [_LocaleFormats(locale)]
    return _cache[0]
