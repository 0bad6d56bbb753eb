"""BatchCheck against the sandbox: every kind of demo serial, with and without a product,
read-only keys, and proof from the server's side that a batch reads only."""

from __future__ import annotations

import pytest

from licensedesk.api import InvalidInput
from licensedesk.batch.check import BatchCheck
from licensedesk.batch.model import Status
from licensedesk.batch.parse import parse_serials

from .helpers import UNKNOWN, check, client_config, expected_seats, snapshot

KIND_STATUS = {
    "perpetual": Status.ACTIVE,
    "subscription_active": Status.ACTIVE,
    "subscription_expired": Status.EXPIRED,
    "subscription_not_started": Status.NOT_STARTED,
    "trial": Status.EXPIRING,  # a 30-day trial with 25 days left
    "upgrade_current": Status.ACTIVE,
    "offline": Status.ACTIVE,
    "host_limit": Status.ACTIVE,
    "no_activations": Status.ACTIVE,
    "many_activations": Status.ACTIVE,
    "inactive_product": Status.ACTIVE,
}


def mixed_text(sandbox) -> str:
    """A pasted list: a CSV column, lower case, no dashes, repeats, an unknown, malformed."""
    lines = ["customer,serial,note"]
    for n, kind in enumerate(KIND_STATUS):
        serial = sandbox.serial(kind)
        typed = serial.lower() if n % 3 == 1 else serial.replace("-", "") if n % 3 == 2 else serial
        lines.append(f"Customer {n},{typed},{kind}")
    lines += [
        f"again,{sandbox.serial('perpetual').lower()},repeat",
        f"unknown,{UNKNOWN},nobody",
        "typo,ABCD-1234-EFGH-5678-IJK,short",
        f"mail text: please check {sandbox.serial('trial')} today",
    ]
    return "\n".join(lines)


def test_mixed_file_every_kind_with_seats(sandbox):
    parsed = parse_serials(mixed_text(sandbox))
    assert parsed.duplicates == 2 and parsed.not_serials == ("ABCD-1234-EFGH-5678-IJK",)
    before = snapshot(sandbox.db_path)
    run = check(sandbox, list(parsed.serials), write="write")

    assert sorted(r.index for r in run.results) == list(range(len(parsed.serials)))
    assert [parsed.serials[r.index] for r in run.results] == [r.serial for r in run.results]
    rows = run.by_serial()
    for kind, status in KIND_STATUS.items():
        row = rows[sandbox.serial(kind)]
        assert (kind, row.status) == (kind, status)
        assert row.found and row.sku and row.type
        assert row.seats == expected_seats(sandbox, kind, with_max=True), kind
    assert rows[sandbox.serial("trial")].words == "expires in 25 days"
    assert rows[sandbox.serial("trial")].days_left == 25
    assert rows[sandbox.serial("subscription_expired")].days_left == -35
    assert rows[sandbox.serial("perpetual")].licensee == "Maria Jensen"
    assert (rows[UNKNOWN].status, rows[UNKNOWN].words, rows[UNKNOWN].found) == (
        Status.NOT_FOUND,
        "not found",
        False,
    )
    assert run.batch.done == run.batch.total == len(parsed.serials)

    # what the server saw: reads only, nothing malformed, nothing changed
    assert sandbox.request_count("GET", "/v2/licenses/show-license/") == len(parsed.serials)
    found = len(parsed.serials) - 1
    assert sandbox.request_count("GET", "/v2/activations/") == found
    assert sandbox.request_count("POST", "/v2/licenses/products") == found
    assert sandbox.request_count() == 1 + 3 * found == run.batch.sent
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 0
    assert not any("IJK" in path for _, path in sandbox.server.request_log)
    assert snapshot(sandbox.db_path) == before


@pytest.mark.parametrize("form", ["errors", "data"])
def test_with_a_product_validates_without_recording_a_host(sandbox, form):
    """Either form of the service's "no" is a row's status, never "could not check"."""
    sandbox.set_validation_form(form)
    mismatch = "Product is not for this SKU!" if form == "errors" else "product_mismatch"
    kinds = [
        "perpetual",
        "subscription_expired",
        "subscription_not_started",
        "trial",
        "upgrade_current",
        "host_limit",
    ]
    serials = [sandbox.serial(k) for k in kinds] + [UNKNOWN]
    before = snapshot(sandbox.db_path)
    run = check(sandbox, serials, write="write", product=sandbox.product_code("perpetual"))
    rows = run.by_serial()
    perpetual = rows[sandbox.serial("perpetual")]
    assert (perpetual.status, perpetual.validation) == (Status.ACTIVE, "valid")
    assert rows[sandbox.serial("subscription_expired")].status == Status.EXPIRED
    assert rows[sandbox.serial("subscription_not_started")].status == Status.NOT_STARTED
    for kind in ("trial", "upgrade_current", "host_limit"):  # other products' licences
        row = rows[sandbox.serial(kind)]
        assert row.status == Status.INVALID, kind
        assert row.validation == mismatch  # the service's own words
        assert row.words == "invalid for product: The licence does not cover this product."
    assert rows[UNKNOWN].status == Status.NOT_FOUND
    # validate once per found serial; a full licence (host_limit) is not "limit reached":
    # no host was named, so no seat was asked for and nothing was recorded
    assert sandbox.request_count("POST", "/v2/licenses/valid") == len(kinds)
    assert snapshot(sandbox.db_path) == before


@pytest.mark.parametrize(
    ("form", "words"), [("errors", "Product is not active!"), ("data", "product_inactive")]
)
def test_invalid_for_an_inactive_product_says_why(sandbox, form, words):
    sandbox.set_validation_form(form)
    serial = sandbox.serial("inactive_product")
    run = check(sandbox, [serial], product=sandbox.product_code("inactive_product"))
    (row,) = run.results
    assert (row.status, row.validation) == (Status.INVALID, words)
    assert row.words == "invalid for product: The product is no longer active."


def test_read_pair_only_sends_no_products_call(sandbox):
    kinds = ["perpetual", "host_limit", "no_activations"]
    run = check(sandbox, [sandbox.serial(k) for k in kinds], read="read", write=None)
    assert sandbox.request_count("POST", "/v2/licenses/products") == 0
    assert {m for m, _ in sandbox.server.request_log} == {"GET"}
    rows = run.by_serial()
    for kind in kinds:
        assert rows[sandbox.serial(kind)].seats == expected_seats(sandbox, kind, with_max=False)
    # a licence without devices: activations answers 404, which is 0 used, not an error
    no_devices = rows[sandbox.serial("no_activations")]
    assert (no_devices.status, no_devices.seats, no_devices.reason) == (Status.ACTIVE, (), "")


def test_indexes_are_carried_for_a_retry_of_some_rows(sandbox):
    run = check(sandbox, [sandbox.serial("trial"), UNKNOWN], indexes=[7, 3])
    assert {(r.index, r.serial) for r in run.results} == {
        (7, sandbox.serial("trial")),
        (3, UNKNOWN),
    }


def test_a_malformed_serial_is_an_error_row_and_never_sent(sandbox):
    run = check(sandbox, ["../x", sandbox.serial("trial")])
    rows = {r.index: r for r in run.results}
    assert rows[0].status == Status.ERROR and rows[0].words.startswith("could not check: ")
    assert rows[1].status == Status.EXPIRING
    assert sandbox.request_count() == 2  # the trial's show-license and activations


def test_bad_arguments_are_refused_before_sending(sandbox):
    from licensedesk.api import LicenseClient
    from tests.support.aio import run_async

    client = LicenseClient(client_config(sandbox))
    with pytest.raises(InvalidInput):
        BatchCheck(client, [UNKNOWN], product="not-a-code")
    for bad in (0, 33):
        with pytest.raises(ValueError, match="concurrency"):
            BatchCheck(client, [UNKNOWN], concurrency=bad)
    with pytest.raises(ValueError, match="indexes"):
        BatchCheck(client, [UNKNOWN], indexes=[1, 2])
    run_async(client.aclose())
    assert sandbox.request_count() == 0
