"""The words of the progress line and of the summary at the end of a check.

Every count is its own plural (``ngettext``), and numbers are written in the
locale's form (``10,000`` in English, ``10.000`` in German: ``ui/shared/values.py``).
"""

from __future__ import annotations

import math
from collections import Counter

from PySide6.QtCore import QLocale

from licensedesk.batch.count_words import checked_sentence, count_parts
from licensedesk.i18n import _, ngettext

from ..shared.values import format_number as number
from .model import PENDING_WORDS, STOPPED

#: below this much time or these many answers the rate says nothing yet
_SETTLE_S, _SETTLE_N = 0.5, 3


def rate_and_left(done: int, total: int, elapsed: float) -> str:
    """``"45 a second, about 20 s left"``; "" until the rate means something."""
    if done < _SETTLE_N or elapsed < _SETTLE_S:
        return ""
    rate = done / elapsed
    shown = number(round(rate)) if rate >= 10 else QLocale().toString(rate, "f", 1)
    if done >= total:
        # TRANSLATORS: how many serials are checked per second
        return _("{rate} a second").format(rate=shown)
    # TRANSLATORS: how many serials are checked per second, and the time still needed
    return _("{rate} a second, about {left} left").format(
        rate=shown, left=duration((total - done) / rate)
    )


def duration(seconds: float) -> str:
    """``"8 s"``, ``"3 min"``, ``"1 h 20 min"``, rounded up: never promises too little."""
    s = math.ceil(seconds)
    if s < 60:
        # TRANSLATORS: a short duration in seconds
        return _("{s} s").format(s=s)
    minutes = math.ceil(s / 60)
    if minutes < 60:
        # TRANSLATORS: a short duration in minutes
        return _("{m} min").format(m=minutes)
    # TRANSLATORS: a duration in hours and minutes
    return _("{h} h {m} min").format(h=minutes // 60, m=minutes % 60)


def serials_text(n: int) -> str:
    """``"12 serials"``."""
    return ngettext("{n} serial", "{n} serials", n).format(n=number(n))


def input_summary(serials: int, duplicates: int, not_serials: int) -> str:
    """``"12 serials, 3 duplicates dropped, 2 not a serial"``: what Check will send. A
    list of counts, each said whole in its language, joined by commas."""
    if not (serials or duplicates or not_serials):
        return _("No serials yet.")
    parts = [serials_text(serials) if serials else _("No serials")]
    if duplicates:
        parts.append(
            ngettext("{n} duplicate dropped", "{n} duplicates dropped", duplicates).format(
                n=number(duplicates)
            )
        )
    if not_serials:
        # TRANSLATORS: how many pieces of the pasted text are no serial numbers
        parts.append(
            ngettext("{n} not a serial", "{n} not a serial", not_serials).format(
                n=number(not_serials)
            )
        )
    return ", ".join(parts)


def summary(counts: Counter, stopped: bool) -> str:
    """``"Checked 12 serials: 7 active, 2 expired, 1 not found."`` (``Stopped after …`` when
    cancelled); the not-a-serial rows are not counted as checked."""
    checked = sum(n for k, n in counts.items() if k not in PENDING_WORDS)
    parts = count_parts(counts, number)
    if counts.get(STOPPED):
        stopped_n = counts[STOPPED]
        parts.append(
            ngettext("{n} not checked (stopped)", "{n} not checked (stopped)", stopped_n).format(
                n=number(stopped_n)
            )
        )
    said = ", ".join(parts)
    n = number(checked)
    if stopped and said:
        return ngettext(
            "Stopped after {n} serial: {counts}.", "Stopped after {n} serials: {counts}.", checked
        ).format(n=n, counts=said)
    if stopped:
        return ngettext("Stopped after {n} serial.", "Stopped after {n} serials.", checked).format(
            n=n
        )
    return checked_sentence(checked, parts, n)
