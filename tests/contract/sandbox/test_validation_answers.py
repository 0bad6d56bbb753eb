"""The sandbox answers validations the way the live service is documented to (error
bodies with the vendor's words and a matching status), the earlier way on request,
and 429 with the live service's body, with or without Retry-After. Raw HTTP only."""

from __future__ import annotations

import pytest

from licensedesk.sandbox.faults import parse_spec

from .helpers import HTTP, assert_error
from .test_decisions import validate

UNKNOWN = "ZZZZ-0000-ZZZZ-0000-ZZZZ"


@pytest.mark.parametrize(
    ("kind", "status", "message"),
    [
        ("subscription_expired", 404, "Subscription license expired!"),
        ("trial_expired", 404, "Trial license expired!"),
        ("trial_not_started", 404, "Trial license not started!"),
        ("subscription_not_started", 404, "Subscription license not started!"),
        ("subscription_none", 404, "No Active Subscription!"),
        ("inactive_product", 422, "Product is not active!"),
    ],
)
def test_live_form_is_the_default(sandbox, kind, status, message):
    code = sandbox.product_code("trial" if kind.startswith("trial") else kind)
    if kind == "subscription_none":
        code = sandbox.product_code("subscription_active")
    assert_error(validate(sandbox, kind, code=code), status, message)


def test_unknown_serial_and_product(sandbox):
    response = validate(sandbox, serial=UNKNOWN, code=sandbox.product_code("perpetual"))
    assert_error(response, 404, "Serial does not exist or registered!")
    unknown = "00000000-0000-4000-a000-000000000000"
    assert_error(validate(sandbox, "perpetual", code=unknown), 404, "Product does not exist!")
    other = sandbox.product_code("trial")
    assert_error(validate(sandbox, "perpetual", code=other), 422, "Product is not for this SKU!")


def test_hosts_in_the_live_form(sandbox):
    deactivated = validate(sandbox, "host_limit", host_id=sandbox.host("deactivated"))
    assert_error(deactivated, 422, "Activation is deactivated!")
    full = validate(sandbox, "host_limit", host_id="f" * 32)
    assert_error(full, 422, "Maximum number of hosts reached!")
    trial = sandbox.product_code("trial")
    second = validate(sandbox, "trial_second", code=trial, host_id=sandbox.host("trial_device"))
    assert_error(second, 422, "Another trial license has already been activated on this device!")
    # the same trial on a fresh device is valid, and records it
    fresh = validate(sandbox, "trial_second", code=trial, host_id="e" * 32)
    assert fresh.status_code == 200 and fresh.json()["data"]["message"] == "valid"


def test_earlier_form_on_request(sandbox):
    sandbox.set_validation_form("data")
    response = validate(sandbox, "subscription_expired")
    assert response.status_code == 200 and response.json()["data"]["message"] == "expired"
    response = validate(sandbox, "subscription_none", code=sandbox.product_code("trial"))
    assert response.json()["data"]["message"] == "product_mismatch"
    response = validate(
        sandbox, "subscription_none", code=sandbox.product_code("subscription_active")
    )
    assert response.json()["data"]["message"] == "No Active Subscription!"  # no word of its own


def test_rate_limit_has_the_live_body_with_and_without_retry_after(sandbox):
    sandbox.faults.add("rate_limit", path="/v2/ping", times=1, retry_after=None)
    sandbox.faults.add("rate_limit", path="/v2/ping", times=1, retry_after=2)
    bare, timed = HTTP.get(sandbox.url + "/v2/ping"), HTTP.get(sandbox.url + "/v2/ping")
    for response in (bare, timed):
        assert_error(response, 429, "Too Many Requests!")
    assert "retry-after" not in bare.headers and timed.headers["retry-after"] == "2"
    assert parse_spec("rate_limit:retry_after=none")["retry_after"] is None


def test_the_request_log_keeps_header_names_and_the_user_agent(sandbox):
    HTTP.get(sandbox.url + "/v2/ping", headers={"User-Agent": "Probe/1", "X-Secret": "s3"})
    (served,) = sandbox.served()
    assert served.user_agent == "Probe/1" and "x-secret" in served.header_names
    assert "s3" not in repr(served)
