"""Where a licence stands in its term, by the user's calendar: one rule for every view.

The licence card's validity bar, the batch check (window, command line and
exports) and anything that says "expires in N days" ask :func:`term`, so the same
licence at the same instant gets the same state, the same day count and the same
colour everywhere. Days are calendar days in the user's zone (:mod:`licensedesk.clock`):
a licence ending tomorrow at 00:30 has 1 day left tonight at 23:50, and one ending
later today has 0 ("ends today").

A subscription without a period (no start, no end) is not running: the service's
validation answers "No Active Subscription!" for it (DESIGN.md §2), so its state is
``no_subscription``, never "perpetual"; the licence's type tells (``kind``).

"Ending" means: it ends within :data:`ENDING_DAYS` calendar days, whatever the
length of its term; a reseller's "expiring within 30 days" filter and the card's
amber bar are the same set.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from . import clock

#: a licence that ends within this many calendar days is "ending"
ENDING_DAYS = 30

State = Literal["not_started", "ok", "ending", "expired", "perpetual", "no_subscription"]


@dataclass(frozen=True)
class Term:
    """``days``: until the start (``not_started``), left until the end (``ok``,
    ``ending``; 0 = ends today), since the end (``expired``; 0 = ended today), or 0
    (``perpetual``, ``no_subscription``)."""

    state: State
    days: int


def term(
    start: datetime | None,
    end: datetime | None,
    now: datetime | None = None,
    *,
    kind: str | None = None,
) -> Term:
    """The licence's state and day count at ``now`` (default: this instant); ``kind``: the
    licence's type (``subscription``, ``perpetual``…), which tells a subscription without a
    period from a licence that never ends."""
    if kind == "subscription" and start is None and end is None:
        return Term("no_subscription", 0)
    now = now or clock.now()
    if start is not None and now < start:
        return Term("not_started", clock.days_between(now, start))
    if end is None:
        return Term("perpetual", 0)
    if now >= end:
        return Term("expired", clock.days_between(end, now))
    left = clock.days_between(now, end)
    return Term("ending" if left <= ENDING_DAYS else "ok", left)


def days_left(end: datetime | None, now: datetime | None = None) -> int | None:
    """Calendar days from today to the end's day: 0 on the last day, negative once it
    has ended on an earlier day; None without an end."""
    if end is None:
        return None
    return clock.days_between(now or clock.now(), end)
