"""likely_cause: the sentence naming why a validation was refused, from the workspace's
data only (pure function: no Qt, no network)."""

from __future__ import annotations

from datetime import datetime

import pytest

from licensedesk.api.models import Activation, License, Product
from licensedesk.ui.lookup.workspace_data import WorkspaceData
from licensedesk.ui.validate.cause import likely_cause

START = 1767268800  # 2026-01-01 12:00 UTC: noon, so the local date is the same nearly anywhere
END = 1798804800  # 2027-01-01 12:00 UTC
HOST_A = "A" * 32
HOST_B = "B" * 32


def local_day(ts: int) -> str:
    return datetime.fromtimestamp(ts).strftime("%Y-%m-%d")


def data(*, license=True, products=None, activations=None) -> WorkspaceData:
    lic = (
        License.from_wire(
            {
                "id": 1,
                "serial": "S-1",
                "type": "subscription",
                "start_at": START,
                "end_at": str(END),
            }
        )
        if license
        else None
    )
    if products is None:
        products = [
            Product.from_wire(
                {"id": 7, "name": "Alpha Studio", "code": "ALPHA", "active": 1, "max_host_count": 2}
            ),
            Product.from_wire(
                {"id": 8, "name": "Beta Tools", "code": "BETA", "active": 0, "max_host_count": 1}
            ),
        ]
    return WorkspaceData(serial="S-1", license=lic, products=products, activations=activations)


def act(aid: int, product_id: int, host: str, activated: bool, tag: str = "") -> Activation:
    return Activation.from_wire(
        {
            "id": aid,
            "license_id": 1,
            "product_id": product_id,
            "activated": activated,
            "host_id": host,
            "device_tag": tag,
        }
    )


def test_expired_names_the_end_date():
    text = likely_cause("expired", data(), "ALPHA")
    assert text == f"The licence ended on {local_day(END)}."


def test_not_started_names_the_start_date():
    text = likely_cause("not_started", data(), "ALPHA")
    assert text == f"The licence starts on {local_day(START)}."


def test_message_is_matched_whatever_its_case_and_spaces():
    assert likely_cause("  EXPIRED ", data(), "ALPHA") == f"The licence ended on {local_day(END)}."


def test_dates_need_the_licence():
    assert likely_cause("expired", data(license=False), "ALPHA") == ""
    assert likely_cause("not_started", data(license=False), "ALPHA") == ""


def test_product_mismatch_lists_the_licence_products():
    text = likely_cause("product_mismatch", data(), "GAMMA")
    assert "GAMMA" in text
    assert "Alpha Studio (ALPHA)" in text
    assert "Beta Tools (BETA)" in text


def test_product_inactive_names_the_product():
    text = likely_cause("product_inactive", data(), "beta")  # code matched case-insensitively
    assert "Beta Tools" in text
    assert "inactive" in text


def test_product_inactive_of_unknown_product_is_empty():
    assert likely_cause("product_inactive", data(), "GAMMA") == ""


def test_host_limit_reached_counts_activated_seats_of_that_product():
    acts = [
        act(1, 7, HOST_A, True),
        act(2, 7, HOST_B, True),
        act(3, 7, "C" * 32, False),  # switched off: holds no seat
        act(4, 8, HOST_A, True),  # another product
    ]
    text = likely_cause("host_limit_reached", data(activations=acts), "ALPHA", "D" * 32)
    assert "2 of 2 seats" in text
    assert "Alpha Studio" in text


def test_host_limit_reached_needs_loaded_activations():
    assert likely_cause("host_limit_reached", data(activations=None), "ALPHA") == ""


def test_activation_disabled_names_the_activation_of_that_host():
    acts = [
        act(31, 7, HOST_A, True, "Windows_64bits"),
        act(32, 8, HOST_B, True, "macOS"),
        act(33, 7, HOST_B, False, "Linux__64bits"),
    ]
    text = likely_cause("activation_disabled", data(activations=acts), "ALPHA", HOST_B)
    assert "#33" in text
    assert "Linux__64bits" in text
    assert "#31" not in text and "#32" not in text


def test_activation_disabled_without_host_is_empty():
    acts = [act(33, 7, HOST_B, False)]
    assert likely_cause("activation_disabled", data(activations=acts), "ALPHA", None) == ""
    assert likely_cause("activation_disabled", data(activations=acts), "ALPHA", HOST_A) == ""


@pytest.mark.parametrize("message", ["valid", "something_new", "", "   "])
def test_unknown_message_gives_nothing(message):
    assert likely_cause(message, data(activations=[]), "ALPHA", HOST_A) == ""


@pytest.mark.parametrize(
    "message",
    [
        "expired",
        "not_started",
        "product_mismatch",
        "product_inactive",
        "host_limit_reached",
        "activation_disabled",
    ],
)
def test_no_data_gives_nothing(message):
    assert likely_cause(message, None, "ALPHA", HOST_A) == ""


def test_activation_disabled_names_the_switched_off_activation_not_an_active_one():
    """A host with an active #2 (another product) and a switched-off #3: #3 is named."""
    host = "h" * 32
    acts = [
        Activation.from_wire({"id": 2, "product_id": 9, "activated": True, "host_id": host}),
        Activation.from_wire(
            {
                "id": 3,
                "product_id": 7,
                "activated": False,
                "host_id": host,
                "device_tag": "Linux__64bits",
            }
        ),
    ]
    data = WorkspaceData(serial="S", activations=acts)
    cause = likely_cause("activation_disabled", data, "unknown-code", host)
    assert "#3" in cause and "#2" not in cause


def test_host_limit_without_a_known_maximum_counts_the_seats_only():
    product = Product.from_wire({"id": 7, "name": "Pro", "code": "c0de", "max_host_count": None})
    acts = [Activation.from_wire({"id": 1, "product_id": 7, "activated": True})]
    data = WorkspaceData(serial="S", products=[product], activations=acts)
    cause = likely_cause("host_limit_reached", data, "c0de")
    assert cause.startswith("Devices in use for \u201cPro\u201d: 1 ") and "None" not in cause
