"""Which devices *Free a seat…* lists and ticks (``ui/activations/free_seat_choice.py``):
pure logic, no window."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from licensedesk.ui.activations.free_seat_choice import (
    candidates,
    full_products,
    preselected,
)

NOW = datetime(2026, 6, 15, 12, tzinfo=UTC)


@dataclass(frozen=True)
class P:
    id: int
    name: str
    max_host_count: int | None


@dataclass(frozen=True)
class A:
    id: int
    product_id: int
    host_id: str
    activated: bool = True
    updated_at: datetime | None = None


def ago(days: int) -> datetime:
    return NOW - timedelta(days=days)


def test_only_products_at_their_limit_are_full():
    products = [P(1, "Studio", 2), P(2, "Suite", 3), P(3, "Free", None), P(4, "New", 1)]
    activated = {1: 2, 2: 1, 3: 1}  # per product id, as the activations table counts them
    assert [p.name for p in full_products(products, activated)] == ["Studio"]


def test_oldest_first_unknown_time_last_inactive_and_other_products_left_out():
    full = [P(1, "Studio", 3)]
    devices = [
        A(1, 1, "new", updated_at=ago(1)),
        A(2, 1, "none"),
        A(3, 1, "old", updated_at=ago(90)),
        A(4, 1, "off", False, ago(200)),
        A(5, 2, "other", updated_at=ago(300)),
    ]
    rows = candidates(full, devices, None)
    assert [c.activation.host_id for c in rows] == ["old", "new", "none"]
    assert preselected(rows) == {3}


def test_this_computer_is_listed_and_never_ticked():
    full = [P(1, "Studio", 2)]
    devices = [A(1, 1, "mine", updated_at=ago(90)), A(2, 1, "theirs", updated_at=ago(5))]
    rows = candidates(full, devices, "mine")
    assert [(c.id, c.this_computer) for c in rows] == [(1, True), (2, False)]
    assert preselected(rows) == {2}
    assert preselected(candidates(full, devices[:1], "mine")) == set()


def test_one_device_ticked_per_full_product():
    full = [P(1, "Studio", 1), P(2, "Suite", 2)]
    devices = [
        A(1, 1, "s", updated_at=ago(3)),
        A(2, 2, "t", updated_at=ago(9)),
        A(3, 2, "u", updated_at=ago(40)),
    ]
    assert preselected(candidates(full, devices, None)) == {1, 3}
