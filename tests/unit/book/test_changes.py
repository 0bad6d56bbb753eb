"""What the book sees change between two sightings of a licence (book/changes.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from licensedesk.book.changes import changes_between
from licensedesk.book.sighting import KEPT_DEVICES, Device, ProductSeats, Sighting

T0 = datetime(2026, 11, 12, 9, 30, tzinfo=UTC)
T1 = T0 + timedelta(days=3)
SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"


def device(n: int, *, active: bool = True, product: int = 1) -> Device:
    return Device(
        host_id=f"host-{n}",
        tag=f"tag {n}",
        product="Studio",
        product_id=product,
        id=n,
        activated=active,
    )


def licence(at: datetime, **fields) -> Sighting:
    base = dict(
        serial=SERIAL,
        service="https://licences.example.com",
        profile="support",
        seen_at=at,
        licensee="María Jénsen",
        email="maria@acme.example",
        start_at=T0 - timedelta(days=300),
        end_at=T0 + timedelta(days=65),
        registered=True,
        products=(ProductSeats("Studio", maximum=5, id=1),),
        devices=(device(1), device(2), device(3, active=False)),
    )
    return Sighting(**{**base, **fields}).counted()


def kinds(changes) -> list[tuple[str, str, str, str]]:
    return sorted((c.kind, c.host_id, c.old, c.new) for c in changes)


def test_nothing_changed_is_no_change():
    assert changes_between(licence(T0), licence(T1)) == []


def test_each_device_change_is_named_and_dated():
    before = licence(T0)
    after = licence(T1, devices=(device(1, active=False), device(3, active=True), device(4)))
    changes = changes_between(before, after)
    assert kinds(changes) == [
        ("device_activated", "host-3", "inactive", "active"),
        ("device_added", "host-4", "", "active"),
        ("device_deactivated", "host-1", "active", "inactive"),
        ("device_removed", "host-2", "active", ""),
    ]  # two seats used before and after: no change of the seats
    added = next(c for c in changes if c.kind == "device_added")
    assert (added.since, added.seen_at) == (T0, T1)
    assert (added.tag, added.product, added.activation_id) == ("tag 4", "Studio", 4)


def test_seats_renewal_licensee_registration_and_upgrade():
    before = licence(T0, registered=False)
    after = licence(
        T1,
        licensee="Jens Olsen",
        email="jens@olsen.example",
        end_at=T0 + timedelta(days=95),
        registered=True,
        linked="TXVS-45ED-MBUD-ELDQ-GLS2",
        products=(ProductSeats("Studio", maximum=10, id=1),),
        devices=(device(1), device(2), device(3, active=True)),
    )
    got = {c.kind: (c.old, c.new) for c in changes_between(before, after)}
    assert got["licensee"] == ("María Jénsen", "Jens Olsen")
    assert got["email"] == ("maria@acme.example", "jens@olsen.example")
    assert got["end"] == (
        (T0 + timedelta(days=65)).isoformat(),
        (T0 + timedelta(days=95)).isoformat(),
    )
    assert got["registered"] == ("false", "true")
    assert got["upgraded"] == ("", "TXVS-45ED-MBUD-ELDQ-GLS2")
    assert got["seat_limit"] == ("5", "10")
    assert got["seats_used"] == ("2", "3")
    assert got["device_activated"] == ("inactive", "active")


def test_a_part_not_read_again_is_not_compared():
    """A batch check reads no devices: the book's devices are not its to compare."""
    before = licence(T0)
    checked = Sighting(
        serial=SERIAL,
        service=before.service,
        profile="reseller",
        seen_at=T1,
        licensee="María Jénsen",
        email="maria@acme.example",
        start_at=before.start_at,
        end_at=before.end_at,
    )
    merged = checked.merged(before)
    assert merged.devices == before.devices
    assert changes_between(before, merged) == []


def test_devices_written_apart_from_their_licence_count_from_their_own_read():
    """A lookup's answers may be written one after the other: its devices' changes
    happened since the devices were read before, not since its own licence answer."""
    before = licence(T0)
    licence_answer = replace(
        licence(T1),
        devices=None,
        products=None,
        device_total=None,
        device_active=None,
        devices_at=None,
        products_at=None,
    )
    first = licence_answer.merged(before)
    assert changes_between(before, first) == []
    devices_answer = Sighting(
        serial=SERIAL,
        service=before.service,
        profile="support",
        seen_at=T1 + timedelta(seconds=1),
        partial=True,
        devices=(device(1, active=False), device(2), device(3, active=False)),
    )
    second = devices_answer.merged(first)
    (change,) = [c for c in changes_between(first, second) if c.kind != "seats_used"]
    assert change.kind == "device_deactivated"
    assert change.since == T0  # when the devices were read before
    assert change.seen_at == T1 + timedelta(seconds=1)


def test_past_the_kept_devices_only_their_states_and_the_count_change():
    """A site licence: a device leaving the first thousand has not left the licence."""
    kept = tuple(device(n) for n in range(KEPT_DEVICES))
    before = licence(T0, devices=kept, device_total=200_000)
    shifted = (*kept[1:], device(KEPT_DEVICES))
    shifted = (replace(shifted[0], activated=False), *shifted[1:])
    after = licence(T1, devices=shifted, device_total=200_003)
    got = kinds(changes_between(before, after))
    assert ("device_deactivated", "host-1", "active", "inactive") in got
    assert ("devices_counted", "", "200000", "200003") in got
    assert not [c for c in got if c[0] in ("device_added", "device_removed")]


def test_an_older_sighting_arriving_late_is_no_change():
    assert changes_between(licence(T1), licence(T0, licensee="Someone Else")) == []
