"""The words of the progress line and of the summary at the end of a check."""

from __future__ import annotations

import math
from collections import Counter

from licensedesk.batch.model import Status

from .model import NOT_SERIAL, STOPPED

#: below this much time or these many answers the rate says nothing yet
_SETTLE_S, _SETTLE_N = 0.5, 3


def rate_and_left(done: int, total: int, elapsed: float) -> str:
    """``"45 a second, about 20 s left"``; "" until the rate means something."""
    if done < _SETTLE_N or elapsed < _SETTLE_S:
        return ""
    rate = done / elapsed
    words = f"{rate:,.0f} a second" if rate >= 10 else f"{rate:.1f} a second"
    if done >= total:
        return words
    return f"{words}, about {duration((total - done) / rate)} left"


def duration(seconds: float) -> str:
    """``"8 s"``, ``"3 min"``, ``"1 h 20 min"``, rounded up: never promises too little."""
    s = math.ceil(seconds)
    if s < 60:
        return f"{s} s"
    minutes = math.ceil(s / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def count_words(n: int, one: str, many: str | None = None) -> str:
    return f"{n:,} {one if n == 1 else many or one + 's'}"


def input_summary(serials: int, duplicates: int, not_serials: int) -> str:
    """``"12 serials, 3 duplicates dropped, 2 not a serial"``: what Check will send."""
    if not (serials or duplicates or not_serials):
        return "No serials yet."
    parts = [count_words(serials, "serial") if serials else "No serials"]
    if duplicates:
        parts.append(f"{count_words(duplicates, 'duplicate')} dropped")
    if not_serials:
        parts.append(f"{not_serials:,} not a serial")
    return ", ".join(parts)


#: the summary's words per row category, in the order they are said
_SAID = ((Status.ACTIVE, "active"), (Status.EXPIRING, "expiring soon"),
         (Status.EXPIRED, "expired"), (Status.NOT_STARTED, "not started"),
         (Status.NOT_FOUND, "not found"), (Status.INVALID, "not valid for the product"),
         (Status.ERROR, "could not be checked"), (STOPPED, "not checked (stopped)"))


def summary(counts: Counter, stopped: bool) -> str:
    """``"Checked 12 serials: 7 active, 2 expired, 1 not found."`` (``Stopped after …`` when
    cancelled); the not-a-serial rows are not counted as checked."""
    checked = sum(n for k, n in counts.items() if k not in (STOPPED, NOT_SERIAL, "waiting"))
    head = f"Stopped after {count_words(checked, 'serial')}" if stopped else \
        f"Checked {count_words(checked, 'serial')}"
    said = [f"{counts[k]:,} {words}" for k, words in _SAID if counts.get(k)]
    return f"{head}: {', '.join(said)}." if said else f"{head}."
