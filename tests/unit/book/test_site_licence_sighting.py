"""A site licence's devices in the book: the first KEPT_DEVICES, the number and the
activated per product, so the seats stay right."""

from __future__ import annotations

from licensedesk.api.activation_rows import SeenActivations, as_rows
from licensedesk.api.models import Activation, Product
from licensedesk.book.observer import sighting_of
from licensedesk.book.sighting import KEPT_DEVICES, Sighting, device_fields, product_seats

SERIAL = "AAAA-BBBB-CCCC-DDDD-EEEE"


def test_only_the_first_devices_are_kept_and_the_seats_count_them_all():
    rows = [
        Activation(id=i, product_id=1, activated=i % 4 != 0, host_id=f"{i:032x}")
        for i in range(KEPT_DEVICES * 3)
    ]
    seen = SeenActivations()
    seen.add(as_rows(rows))
    s = sighting_of("activations", SERIAL, seen, profile="p", service="http://x")
    assert len(s.devices) == KEPT_DEVICES and s.device_total == len(rows)
    products = Sighting(
        serial=SERIAL,
        service=None,
        profile="p",
        seen_at=s.seen_at,
        products=product_seats([Product(id=1, max_host_count=10_000)]),
    )
    merged = products.merged(None)
    both = s.merged(merged)
    assert both.products[0].used == sum(1 for a in rows if a.activated)
    assert Sighting.from_json(both.to_json()).device_active == both.device_active


def test_a_plain_list_is_kept_the_same_way():
    rows = [Activation(id=i, product_id=None, activated=True) for i in range(KEPT_DEVICES + 1)]
    fields = device_fields(rows)
    assert len(fields["devices"]) == KEPT_DEVICES and fields["device_total"] == len(rows)
    assert fields["device_active"] == ((None, len(rows)),)
