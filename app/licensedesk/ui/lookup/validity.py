"""Validity of a subscription or trial: where today sits between start and end."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime

from ..shared.values import as_datetime


@dataclass(frozen=True)
class Validity:
    percent: int  # 0..100 of the period elapsed
    text: str  # "N days left" / "expired N days ago" / "starts in N days"
    state: str  # "active" | "expired" | "not_started" | "unknown"


def _days(n: float) -> str:
    n = max(0, math.ceil(n)) if n > 0 else 0
    return "1 day" if n == 1 else f"{n} days"


def validity(start, end, now: datetime | None = None) -> Validity:
    now = now or datetime.now(UTC)
    start_at, end_at = as_datetime(start), as_datetime(end)
    if start_at is None or end_at is None:
        return Validity(0, "No validity period", "unknown")
    day = 86400.0
    if now < start_at:
        starts = _days((start_at - now).total_seconds() / day)
        return Validity(0, f"starts in {starts}", "not_started")
    if now >= end_at:
        ago = math.floor((now - end_at).total_seconds() / day)
        text = "expired today" if ago == 0 else f"expired {_days(ago)} ago"
        return Validity(100, text, "expired")
    total = max(1.0, (end_at - start_at).total_seconds())
    percent = int(100 * (now - start_at).total_seconds() / total)
    left = (end_at - now).total_seconds() / day
    return Validity(percent, f"{_days(left)} left", "active")
