"""One test per DESIGN.md §2 decision that the sandbox owns ("Sandbox does" column)."""

from __future__ import annotations

import calendar
import time

import pytest

from .helpers import activations, assert_error, call, show

HOST = "0123456789abcdef0123456789abcdef"
UNKNOWN = "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ"


def validate(sandbox, kind=None, *, serial=None, code=None, **extra):
    args = {
        "serial": serial or sandbox.serial(kind),
        "code": code or sandbox.product_code(kind),
        "version": "2.0",
        **extra,
    }
    return call(sandbox, "POST", "/v2/licenses/valid", "read", **args)


def outcome(response) -> str:
    assert response.status_code == 200, response.text
    return response.json()["data"]["message"]


def test_error_http_status_equals_body_status_code(sandbox):
    for response in (
        call(sandbox, "GET", f"/v2/licenses/show-license/{UNKNOWN}"),
        call(sandbox, "GET", f"/v2/activations/{UNKNOWN}"),
        call(sandbox, "POST", "/v2/licenses/valid"),
        call(sandbox, "GET", "/v2/activations/X", None),
    ):
        assert response.status_code == response.json()["error"]["status_code"]


def test_timestamps_are_utc_and_unix_seconds(sandbox):
    data = show(sandbox, sandbox.serial("subscription_active")).json()["data"]
    stored = next(r for r in sandbox.data["licenses"] if r["serial"] == data["serial"])
    assert data["created_at"] == stored["created_at"]
    assert isinstance(data["start_at"], int) and data["start_at"] < time.time() < data["end_at"]
    serial = sandbox.serial("offline")
    before = int(time.time())
    call(sandbox, "PUT", f"/v2/register-products/{serial}", name="N", email="n@x.example")
    updated = show(sandbox, serial).json()["data"]["updated_at"]
    as_utc = calendar.timegm(time.strptime(updated, "%Y-%m-%d %H:%M:%S"))
    assert before - 1 <= as_utc <= time.time() + 1


def test_activations_of_serial_with_none_is_404(sandbox):
    response = call(sandbox, "GET", f"/v2/activations/{sandbox.serial('no_activations')}")
    assert_error(response, 404, "Activation does not exist!")


def test_products_of_unknown_serial_is_404_license_does_not_exist(sandbox):
    response = call(sandbox, "POST", "/v2/licenses/products", serial=UNKNOWN)
    assert_error(response, 404, "License does not exist!")


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("perpetual", "valid"),
        ("subscription_active", "valid"),
        ("trial", "valid"),
        ("subscription_expired", "expired"),
        ("subscription_not_started", "not_started"),
        ("inactive_product", "product_inactive"),
    ],
)
def test_validation_outcomes(sandbox, kind, expected):
    sandbox.set_validation_form("data")  # the earlier form (test_validation_answers.py)
    assert outcome(validate(sandbox, kind)) == expected


def test_validation_product_mismatch(sandbox):
    sandbox.set_validation_form("data")  # the earlier form (test_validation_answers.py)
    other = sandbox.product_code("many_activations")
    assert outcome(validate(sandbox, "perpetual", code=other)) == "product_mismatch"
    unknown = "00000000-0000-0000-0000-000000000000"
    response = validate(sandbox, "perpetual", code=unknown)
    assert outcome(response) == "product_mismatch"
    assert response.json()["data"]["product_code"] == unknown


def test_validation_unknown_serial_is_404(sandbox):
    sandbox.set_validation_form("data")  # the earlier form (test_validation_answers.py)
    response = validate(sandbox, serial=UNKNOWN, code=sandbox.product_code("perpetual"))
    assert_error(response, 404, "License does not exist!")


@pytest.mark.parametrize("missing", ["code", "serial", "version"])
def test_validation_missing_argument_is_422(sandbox, missing):
    args = {
        "serial": sandbox.serial("perpetual"),
        "code": sandbox.product_code("perpetual"),
        "version": "2.0",
    }
    del args[missing]
    response = call(sandbox, "POST", "/v2/licenses/valid", "read", **args)
    assert_error(response, 422, f"The {missing} field is required.")


@pytest.mark.parametrize("version", ["1.0", "2", 2.0, "2.0 "])
def test_validation_version_other_than_2_0_is_422(sandbox, version):
    assert_error(validate(sandbox, "perpetual", version=version), 422)


def test_validation_with_host_id_records_the_device(sandbox):
    before = activations(sandbox, "perpetual")
    response = validate(sandbox, "perpetual", host_id=HOST, device_tag="Linux__64bits")
    assert outcome(response) == "valid"
    after = activations(sandbox, "perpetual")
    [new] = [a for a in after if a["host_id"] == HOST]
    assert len(after) == len(before) + 1
    assert new["activated"] is True and new["device_tag"] == "Linux__64bits"


@pytest.mark.parametrize("host", ["server-backend", "BFEBFBFF000906EA", "h" * 255])
def test_validation_stores_a_host_id_of_any_printable_form(sandbox, host):
    """Other integrations send names and 16-character processor ids (DESIGN.md §2)."""
    assert outcome(validate(sandbox, "no_activations", host_id=host)) == "valid"
    assert [a["host_id"] for a in activations(sandbox, "no_activations")] == [host]


@pytest.mark.parametrize(
    "host,message",
    [
        ("h" * 256, "The host_id field must not be longer than 255 characters."),
        ("server\u200bbackend", "The host_id field must be printable text."),
        ("server\tbackend", "The host_id field contains control characters."),
        ("   ", "The host_id field must be printable text."),
    ],
)
def test_validation_refuses_an_overlong_or_unprintable_host_id(sandbox, host, message):
    assert_error(validate(sandbox, "no_activations", host_id=host), 422, message)
    serial = sandbox.serial("no_activations")
    assert_error(call(sandbox, "GET", f"/v2/activations/{serial}"), 404)  # nothing recorded


def test_validation_known_host_is_reused(sandbox):
    before = activations(sandbox, "perpetual")
    known = before[0]
    response = validate(sandbox, "perpetual", host_id=known["host_id"], device_tag="Linux__64bits")
    assert outcome(response) == "valid"
    after = activations(sandbox, "perpetual")
    assert len(after) == len(before)
    assert next(a for a in after if a["host_id"] == known["host_id"])["id"] == known["id"]


def test_validation_known_host_deactivated_is_activation_disabled(sandbox):
    sandbox.set_validation_form("data")  # the earlier form (test_validation_answers.py)
    known = activations(sandbox, "perpetual")[0]
    call(sandbox, "PUT", f"/v2/activations/{known['id']}", activated=False)
    assert outcome(validate(sandbox, "perpetual", host_id=known["host_id"])) == (
        "activation_disabled"
    )
    assert len(activations(sandbox, "perpetual")) == len(sandbox_rows(sandbox, "perpetual"))


def sandbox_rows(sandbox, kind):
    licence = next(r for r in sandbox.data["licenses"] if r["serial"] == sandbox.serial(kind))
    return [a for a in sandbox.data["activations"] if a["license_id"] == licence["id"]]


def test_validation_new_host_over_max_host_count_is_host_limit_reached(sandbox):
    sandbox.set_validation_form("data")  # the earlier form (test_validation_answers.py)
    before = activations(sandbox, "host_limit")
    assert outcome(validate(sandbox, "host_limit", host_id=HOST)) == "host_limit_reached"
    assert activations(sandbox, "host_limit") == before


def test_max_host_count_counts_only_activated_activations(sandbox):
    active = [a for a in activations(sandbox, "host_limit") if a["activated"]]
    call(sandbox, "PUT", f"/v2/activations/{active[0]['id']}", activated=False)
    assert outcome(validate(sandbox, "host_limit", host_id=HOST)) == "valid"


def test_reactivating_over_max_host_count_is_422(sandbox):
    inactive = next(a for a in activations(sandbox, "host_limit") if not a["activated"])
    response = call(sandbox, "PUT", f"/v2/activations/{inactive['id']}", activated=True)
    assert_error(response, 422)
    again = {a["id"]: a for a in activations(sandbox, "host_limit")}
    assert again[inactive["id"]]["activated"] is False


def test_upgrade_match_rule_needs_different_serials(sandbox):
    target = sandbox.serial("upgrade_target")
    response = call(
        sandbox, "POST", "/v2/licenses/upgrade", current_serial=target, upgrade_serial=target
    )
    assert_error(response, 422, "Upgrade license does not match for upgrade with current license!")


def test_upgrade_match_rule_sku_upgrade_equals_current_sku_number(sandbox):
    current = show(sandbox, sandbox.serial("upgrade_current")).json()["data"]
    target = show(sandbox, sandbox.serial("upgrade_target")).json()["data"]
    mismatch = show(sandbox, sandbox.serial("upgrade_mismatch")).json()["data"]
    assert target["sku_upgrade"] == current["sku_number"]
    assert mismatch["sku_upgrade"] != current["sku_number"]


def test_registration_suitability(sandbox):
    offline = call(sandbox, "GET", f"/v2/register-products/{sandbox.serial('offline')}")
    assert [lic["serial"] for lic in offline.json()["data"]] == [sandbox.serial("offline")]
    for serial in (sandbox.serial("perpetual"), UNKNOWN):
        response = call(sandbox, "GET", f"/v2/register-products/{serial}")
        assert response.status_code == 200 and response.json() == {"data": []}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"email": "a@b.example"}, "The name field is required."),
        ({"name": "Ann"}, "The email field is required."),
        (
            {"name": "Ann", "email": "not-an-address"},
            "The email field must be a valid e-mail address.",
        ),
        (
            {"name": "Ann", "email": "a@b.example", "sku_number": "OTHER-SKU"},
            "The sku_number does not match the license's SKU.",
        ),
    ],
)
def test_set_registration_validation(sandbox, args, message):
    serial = sandbox.serial("offline")
    response = call(sandbox, "PUT", f"/v2/register-products/{serial}", **args)
    assert_error(response, 422, message)
    assert show(sandbox, serial).json()["data"]["registered"] is False


def register(sandbox, serial):
    return call(sandbox, "PUT", f"/v2/register-products/{serial}", name="B", email="b@c.example")


def test_set_registration_without_sku_number(sandbox):
    serial = sandbox.serial("offline")
    response = register(sandbox, serial)
    assert response.status_code == 200
    assert show(sandbox, serial).json()["data"]["registered"] is True


def test_set_registration_on_non_suitable_licence_is_422(sandbox):
    serial = sandbox.serial("perpetual")
    response = register(sandbox, serial)
    assert_error(response, 422)
    assert "not suitable" in response.json()["error"]["message"]
    assert show(sandbox, serial).json()["data"]["name"] != "B"


def test_set_registration_unknown_serial_is_404(sandbox):
    response = register(sandbox, UNKNOWN)
    assert_error(response, 404, "License does not exist!")


def test_no_rate_limit_by_default(sandbox):
    codes = {call(sandbox, "GET", "/v2/ping", None).status_code for _ in range(50)}
    assert codes == {200}
