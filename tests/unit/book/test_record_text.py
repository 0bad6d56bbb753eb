"""The book's record as text (``Sighting.to_json``) and its search text (``fold``), made
without the slow general paths: the same text as before, so every desk sharing a team
book reads what another wrote, and the same folding, so both find the same licences."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime, timedelta, timezone

import pytest

from licensedesk.book import sighting as sighting_module
from licensedesk.book.folding import fold
from licensedesk.book.sighting import DEVICES_AT_ONCE, Device, ProductSeats, Sighting

ZONE = timezone(timedelta(hours=-5))  # the service's zone: devices' times come in it


def devices(n: int) -> tuple[Device, ...]:
    start = datetime(2026, 3, 1, 9, 30, tzinfo=ZONE)
    return tuple(
        Device(
            host_id=f"{i:032x}",
            tag=("Linux__64bits", "Windows 11__64bits", "Mac \u00f6sterreich")[i % 3],
            product="Studio \u00c5",
            product_id=1 + i % 2,
            id=i,
            activated=i % 4 != 0,
            created_at=start + timedelta(minutes=i),
            updated_at=None if i % 5 == 0 else start,
        )
        for i in range(n)
    )


def sighting(devices_: tuple[Device, ...] | None) -> Sighting:
    return Sighting(
        serial="AAAA-BBBB-CCCC-DDDD-EEEE",
        service="https://licences.example",
        profile="Support",
        seen_at=datetime(2026, 3, 2, 12, 0, 1, tzinfo=UTC),
        licensee="Tom\u00e1s Herrera",
        email="t.herrera@example.org",
        sku_name="Studio Pro",
        end_at=datetime(2027, 3, 2, tzinfo=ZONE),
        registered=True,
        products=(ProductSeats("Studio", 3, 5, 1), ProductSeats("Lite", None, None, 2)),
        devices=devices_,
        device_total=None if devices_ is None else len(devices_) + 7,
        device_active=None if devices_ is None else ((1, 3), (2, 4)),
        note='a "quoted" note\non two lines',
    )


def as_asdict_wrote_it(s: Sighting) -> str:
    """The text ``json.dumps(dataclasses.asdict(s))`` made, times as UTC ISO text."""

    def plain(value):
        if isinstance(value, datetime):
            return value.astimezone(UTC).isoformat()
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value

    return json.dumps(plain(dataclasses.asdict(s)), ensure_ascii=False)


@pytest.mark.parametrize("n", [None, 0, 1, DEVICES_AT_ONCE, DEVICES_AT_ONCE * 3 + 1])
def test_the_record_is_the_text_it_always_was_and_reads_back(n):
    s = sighting(None if n is None else devices(n))
    text = s.to_json()
    assert text == as_asdict_wrote_it(s)
    assert Sighting.from_json(text) == s  # its times in UTC: the same instants


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("0123ABCDef", "0123abcdef"),
        ("  Maria\tJENSEN \n ", "maria jensen"),
        ("t.Herrera@Example.ORG", "t.herrera@example.org"),
        ("a_b%c\\d", "a_b%c\\d"),
        ("Tom\u00e1s STRA\u00dfE \u00d8deg\u00e5rd", "tomas strasse odegard"),
        ("\uff2a\u00e9nsen", "jensen"),  # a full-width J: NFKD makes it plain
    ],
)
def test_text_is_folded_the_same_whether_it_is_plain_or_not(text, folded):
    """Plain ASCII (host IDs, most e-mails) takes a short way: lower case, one space."""
    assert fold(text) == folded


def utc(devices_: tuple[Device, ...]) -> tuple[Device, ...]:
    return tuple(
        dataclasses.replace(
            d,
            created_at=d.created_at and d.created_at.astimezone(UTC),
            updated_at=d.updated_at and d.updated_at.astimezone(UTC),
        )
        for d in devices_
    )


def decoded(text: str, monkeypatch) -> Sighting:
    """``text`` decoded, with no record remembered."""
    with monkeypatch.context() as m:
        m.setattr(sighting_module, "_READ", sighting_module._Recent(0))
        return Sighting.from_json(text)


def test_a_big_record_read_back_is_the_one_written_and_its_devices_are_encoded_once(
    monkeypatch,
):
    """The store reads a licence's copy back at every write and writes it again: the
    text it wrote reads as the record it came from, and devices it had are not encoded
    again. Only when decoding would give that very record back (times in UTC)."""
    s = dataclasses.replace(sighting(utc(devices(DEVICES_AT_ONCE * 2))), end_at=None)
    text = s.to_json()
    assert Sighting.from_json(text) is s
    assert decoded(text, monkeypatch) == s
    later = dataclasses.replace(s, seen_at=s.seen_at + timedelta(hours=1), licensee="Tomás")
    expected = as_asdict_wrote_it(later)
    encoded: list[int] = []  # how many items each json.dumps of a list was given
    real = json.dumps
    monkeypatch.setattr(
        json,
        "dumps",
        lambda v, **kw: encoded.append(len(v) if isinstance(v, list) else 0) or real(v, **kw),
    )
    assert later.to_json() == expected
    assert max(encoded) < DEVICES_AT_ONCE  # the devices' text was the one made before


@pytest.mark.parametrize("n", [1, DEVICES_AT_ONCE * 2])
def test_a_record_with_times_in_another_zone_is_read_back_in_utc(n, monkeypatch):
    s = sighting(devices(n))  # its end and its devices' times in the service's zone
    back = Sighting.from_json(s.to_json())
    assert back is not s and back == decoded(s.to_json(), monkeypatch) == s
    assert back.end_at.tzinfo is UTC and back.devices[0].created_at.tzinfo is UTC
