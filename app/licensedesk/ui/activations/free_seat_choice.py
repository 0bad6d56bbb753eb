"""Which devices *Free a seat…* offers and which it chooses first, without Qt widgets.

The active devices of the products at their host limit, the one updated longest ago
first: an old laptop nobody opened for months is the likely seat to give back. This
computer is never chosen for the person (freeing the seat the desk runs on is rarely
what a support agent means), but it is listed, marked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from licensedesk import clock
from licensedesk.i18n import _, ngettext

from ..shared.values import format_number


@dataclass(frozen=True)
class Candidate:
    """An active device of a full product, as the dialog lists it."""

    activation: Any  # the api Activation
    this_computer: bool

    @property
    def id(self) -> int:
        return self.activation.id


def full_products(products: Iterable[Any], used: Mapping[Any, int]) -> list[Any]:
    """The products whose activated devices (``used``: how many per product id, as the
    activations table counted them) reach their ``max_host_count``."""
    return [
        p
        for p in products
        if p.max_host_count is not None and used.get(p.id, 0) >= p.max_host_count
    ]


def candidates(
    full: Iterable[Any], activations: Iterable[Any], this_host: str | None
) -> list[Candidate]:
    """The active devices of the ``full`` products, updated longest ago first (a device
    with no time last)."""
    ids = {p.id for p in full}
    rows = [
        Candidate(a, bool(this_host) and a.host_id == this_host)
        for a in activations
        if a.activated and a.product_id in ids
    ]
    return sorted(
        rows,
        key=lambda c: (c.activation.updated_at is None, c.activation.updated_at or datetime.min),
    )


def preselected(rows: Iterable[Candidate]) -> set[int]:
    """Per product, the device updated longest ago that is not this computer."""
    chosen: dict[Any, int] = {}
    for c in rows:
        if not c.this_computer and c.activation.product_id not in chosen:
            chosen[c.activation.product_id] = c.id
    return set(chosen.values())


def updated_ago(when: datetime | None) -> str:
    """ "updated 30 days ago" in the person's calendar days; "" without a time."""
    if when is None:
        return ""
    n = clock.days_between(when, clock.now())
    if n <= 0:
        return _("updated today")
    return ngettext("updated {n} day ago", "updated {n} days ago", n).format(n=format_number(n))
