"""Model tolerance (DESIGN.md §2 rightmost column) and time zones."""

from dataclasses import FrozenInstanceError, replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from licensedesk.api.models import Activation, License, Product, ValidationResult
from licensedesk.api.wire import ShapeError

BASE = {"id": 1, "serial": "ABCD-1234-EFGH-5678-IJKL"}


@pytest.mark.parametrize(
    "raw,expected",
    [
        (True, True),
        (False, False),
        (1, True),
        (0, False),
        ("1", True),
        ("0", False),
        ("true", True),
        ("FALSE", False),
        (None, False),
    ],
)
def test_booleans(raw, expected):
    assert License.from_wire({**BASE, "registered": raw}).registered is expected
    act = Activation.from_wire({"id": 2, "activated": raw})
    assert act.activated is expected


@pytest.mark.parametrize("raw", ["2", 5, "yes please", [1]])
def test_bad_boolean_refused(raw):
    with pytest.raises(ShapeError):
        Product.from_wire({"id": 1, "active": raw})


def test_numeric_strings_and_extra_fields():
    lic = License.from_wire(
        {**BASE, "id": "17", "dealer_id": " 4 ", "sku_id": 9.0, "unknown": {"x": 1}}
    )
    assert (lic.id, lic.dealer_id, lic.sku_id) == (17, 4, 9)
    assert not hasattr(lic, "unknown")
    prod = Product.from_wire({"id": "3", "max_host_count": "5"})
    assert prod.max_host_count == 5


def test_nulls_and_missing_fields():
    lic = License.from_wire(
        {**BASE, "sku_name": None, "dealer_name": None, "name": None, "sku_url": None}
    )
    assert lic.sku_name == "" and lic.dealer_name == ""  # plain strings: null → ""
    assert lic.name is None and lic.sku_url is None  # "string or null": kept None
    assert lic.sku_upgrade is None and lic.definer is None
    assert lic.created_at is None and lic.start_at is None
    act = Activation.from_wire({"id": 1, "host_id": None, "sku": 1234})
    assert act.host_id == "" and act.sku == "1234"


def test_frozen():
    lic = License.from_wire(BASE)
    with pytest.raises(FrozenInstanceError):
        lic.serial = "x"  # type: ignore[misc]


def test_id_required():
    with pytest.raises(ShapeError):
        License.from_wire({"serial": "x"})
    with pytest.raises(ShapeError):
        Activation.from_wire({"id": "abc"})


def test_created_at_in_server_zone():
    tz = ZoneInfo("America/New_York")
    lic = License.from_wire(
        {**BASE, "created_at": "2024-07-01 08:30:00", "updated_at": "2024-01-15 23:00:00"},
        tz,
    )
    assert lic.created_at == datetime(2024, 7, 1, 12, 30, tzinfo=UTC)  # EDT, UTC-4
    assert lic.updated_at == datetime(2024, 1, 16, 4, 0, tzinfo=UTC)  # EST, UTC-5
    assert lic.created_at.utcoffset() == timedelta(hours=-4)


def test_created_at_defaults_to_utc_and_keeps_explicit_offsets():
    lic = License.from_wire({**BASE, "created_at": "2024-07-01 08:30:00"})
    assert lic.created_at == datetime(2024, 7, 1, 8, 30, tzinfo=UTC)
    lic = License.from_wire(
        {**BASE, "created_at": "2024-07-01T08:30:00+02:00"}, ZoneInfo("Asia/Tokyo")
    )
    assert lic.created_at == datetime(2024, 7, 1, 6, 30, tzinfo=UTC)


def test_unix_timestamps_are_utc_whatever_the_server_zone():
    lic = License.from_wire(
        {**BASE, "start_at": 1700000000, "end_at": "1731536000", "type": "subscription"},
        ZoneInfo("Asia/Tokyo"),
    )
    assert lic.start_at == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)
    assert lic.start_at.tzinfo is UTC
    assert lic.end_at == datetime.fromtimestamp(1731536000, tz=UTC)


def test_bad_timestamp_refused():
    with pytest.raises(ShapeError):
        License.from_wire({**BASE, "created_at": "yesterday"})


def test_product_secrets_not_in_repr():
    prod = Product.from_wire(
        {
            "id": 1,
            "name": "Pro",
            "key": "K" * 32,
            "signature": "SIGSECRET",
            "signature_trial": "TRIALSIG",
        }
    )
    text = repr(prod) + str(prod)
    assert "K" * 32 not in text and "SIGSECRET" not in text and "TRIALSIG" not in text
    assert prod.key == "K" * 32  # still readable on purpose


@pytest.mark.parametrize(
    "message,valid,sentence",
    [
        ("valid", True, "valid"),
        ("expired", False, "expired"),
        ("not_started", False, "not active yet"),
        ("product_mismatch", False, "does not cover"),
        ("product_inactive", False, "no longer active"),
        ("host_limit_reached", False, "seats"),
        ("activation_disabled", False, "switched off"),
        ("Licence blocked by vendor", False, "Licence blocked by vendor"),
    ],
)
def test_validation_result(message, valid, sentence):
    result = ValidationResult.from_wire({"message": message, "licensee_name": None})
    assert result.valid is valid
    assert sentence in result.reason_sentence
    assert result.licensee_name == ""


def test_a_timestamp_out_of_range_is_a_shape_error_naming_the_field():
    with pytest.raises(ShapeError) as caught:
        License.from_wire({**BASE, "end_at": 10**20, "registered": 7})
    assert [field for field, _why in caught.value.problems] == ["end_at", "registered"]


def test_to_json_writes_timestamps_as_iso_with_z_for_utc():
    tz = ZoneInfo("America/New_York")
    lic = License.from_wire(
        {**BASE, "start_at": 1700000000, "created_at": "2024-07-01 08:30:00"}, tz
    )
    data = lic.to_json()
    assert data["start_at"] == "2023-11-14T22:13:20Z"
    assert data["created_at"] == "2024-07-01T08:30:00-04:00"
    assert data["serial"] == BASE["serial"] and data["end_at"] is None
    assert set(data) == {f for f, _read, _req in License._readers}


def test_replace_keeps_the_model_frozen_and_equal_by_value():
    act = Activation.from_wire({"id": 1, "activated": 1, "host_id": "H"})
    off = replace(act, activated=False)
    assert off.activated is False and act.activated is True
    assert off == Activation.from_wire({"id": 1, "activated": 0, "host_id": "H"})
    assert hash(off) == hash(Activation.from_wire({"id": 1, "host_id": "H"}))
