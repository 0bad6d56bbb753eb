"""The short way of reading activations gives the rows of what ``from_wire`` gives; rows
are plain tuples the cyclic GC lets go of; what the book is told of a long list is its
first devices and its counts."""

from __future__ import annotations

import gc
from datetime import UTC, timedelta, timezone

import pytest

from licensedesk.api.activation_rows import (
    FIELDS,
    SEEN_DEVICES,
    ActivationReader,
    ActivationRows,
    SeenActivations,
    as_row,
)
from licensedesk.api.models import Activation
from licensedesk.api.wire import ShapeError

PLAIN = {
    "id": 7,
    "license_id": 2,
    "product_id": 3,
    "activated": True,
    "host_id": "a" * 32,
    "device_tag": "Linux__64bits",
    "created_at": "2026-01-02 03:04:05",
    "updated_at": None,
    "product_name": "P",
    "serial": "S",
    "sku_name": "N",
    "sku": "K",
}
ODD = [
    {**PLAIN, "id": "7"},
    {**PLAIN, "activated": "1"},
    {**PLAIN, "license_id": None},
    {**PLAIN, "product_name": None},
    {**PLAIN, "created_at": "1767323045"},
    {**PLAIN, "created_at": "2026-01-02T03:04:05+02:00"},
    {"id": 1},
    {**PLAIN, "x": [1]},
    {**PLAIN, "updated_at": ""},
    {**PLAIN, "product_id": 4.0},
]


@pytest.mark.parametrize("tz", [None, timezone(timedelta(hours=-5))])
def test_the_short_way_reads_as_from_wire(tz):
    items = [PLAIN, *ODD, PLAIN]
    rows = ActivationReader(tz).read(items)
    assert rows == [as_row(Activation.from_wire(i, tz)) for i in items]
    assert list(ActivationRows(rows)) == [Activation.from_wire(i, tz) for i in items]


def test_a_row_has_the_fields_in_their_order():
    a = Activation.from_wire(PLAIN)
    assert FIELDS[:4] == ("id", "license_id", "product_id", "activated")
    assert dict(zip(FIELDS, as_row(a), strict=True)) == {f: getattr(a, f) for f in FIELDS}


def test_rows_are_not_tracked_by_the_cyclic_gc():
    """What keeps a site licence's 200,000 devices out of every full GC pass."""
    rows = ActivationReader(UTC).read([dict(PLAIN, id=i) for i in range(100)])
    gc.collect()
    assert type(rows[0]) is tuple and not any(gc.is_tracked(r) for r in rows)


@pytest.mark.parametrize(
    "bad",
    [
        {**PLAIN, "id": "x"},
        {**PLAIN, "activated": 2},
        [1],
        "x",
        {**PLAIN, "created_at": "not a time"},
    ],
)
def test_what_from_wire_refuses_is_refused(bad):
    with pytest.raises(ShapeError):
        ActivationReader().read([PLAIN, bad])


def test_repeated_text_is_shared():
    a, b = ActivationRows(
        ActivationReader().read([dict(PLAIN), {**PLAIN, "id": 8, "sku_name": "N" * 1}])
    )
    assert a.sku_name is b.sku_name and a.created_at is b.created_at


def test_the_book_is_told_the_first_devices_and_every_count():
    seen = SeenActivations()
    rows = [
        Activation(id=i, product_id=i % 2, activated=i % 3 != 0) for i in range(SEEN_DEVICES + 500)
    ]
    seen.add(map(as_row, rows[:10]))
    seen.add(map(as_row, rows[10:]))
    assert len(seen) == len(rows) and list(seen) == rows[:SEEN_DEVICES]
    assert seen.activated == {
        p: sum(1 for a in rows if a.activated and a.product_id == p) for p in (0, 1)
    }
