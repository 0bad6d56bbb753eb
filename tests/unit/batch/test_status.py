"""The row rules without a server: status by dates, validation, days left, seats."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from licensedesk.api.errors import ServiceError
from licensedesk.api.models import Activation, License, Product, ValidationResult
from licensedesk.batch.model import Seats, Status
from licensedesk.batch.status import (
    could_not_check,
    date_status,
    days_left,
    found_result,
    not_found,
    seats_of,
)

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def lic(start=None, end=None, **kw) -> License:
    data = {
        "id": 1,
        "serial": "LEWX-6XUC-N5G5-Q8F9-Q2R5",
        "type": "subscription",
        "name": "Maria Jensen",
        "email": "m@example.com",
        "sku_number": "SP-2024-SUB",
        "sku_name": "Studio Pro 2024",
        **kw,
    }
    data["start_at"] = start.timestamp() if start else None
    data["end_at"] = end.timestamp() if end else None
    return License.from_wire(data)


@pytest.mark.parametrize(
    ("start", "end", "status", "words"),
    [
        (None, None, Status.NO_SUBSCRIPTION, "no active subscription"),  # what validate says
        (NOW - 40 * DAY, NOW + 325 * DAY, Status.ACTIVE, "active"),
        (NOW - 40 * DAY, NOW + 31 * DAY, Status.ACTIVE, "active"),
        (NOW - 40 * DAY, NOW + 30 * DAY, Status.EXPIRING, "expires in 30 days"),
        (NOW - 5 * DAY, NOW + timedelta(hours=3), Status.EXPIRING, "expires today"),
        (NOW - 400 * DAY, NOW - 35 * DAY, Status.EXPIRED, "expired 35 days ago"),
        (NOW - 400 * DAY, NOW - timedelta(hours=3), Status.EXPIRED, "expired today"),
        (NOW - 400 * DAY, NOW, Status.EXPIRED, "expired today"),  # the end moment is over
        (NOW + 7 * DAY, NOW + 372 * DAY, Status.NOT_STARTED, "not started: starts in 7 days"),
    ],
)
def test_status_by_dates(start, end, status, words, zone):
    zone("Europe/Berlin")  # NOW is 13:00 there: NOW ± 3 hours is the same day
    assert date_status(lic(start, end), NOW) == (status, words)


def test_a_licence_without_an_end_is_active_only_when_it_is_no_subscription(zone):
    perpetual = lic(type="perpetual")
    assert date_status(perpetual, NOW) == (Status.ACTIVE, "active")
    row = found_result(0, "S", lic(), NOW)
    assert (row.status, row.words, row.reason, row.days_left) == (
        Status.NO_SUBSCRIPTION,
        "no active subscription",
        "There is no active subscription for this licence.",
        None,
    )
    said = found_result(0, "S", lic(), NOW, validation=validation("No Active Subscription!"))
    assert (said.status, said.words, said.reason) == (row.status, row.words, row.reason)  # once


def test_status_counts_the_days_of_the_users_calendar(zone):
    zone("Pacific/Kiritimati")  # UTC+14: NOW is 02:00 on the 25th there
    assert date_status(lic(NOW - 5 * DAY, NOW + timedelta(hours=21)), NOW) == (
        Status.EXPIRING,
        "expires today",
    )  # 23:00 on the 25th there
    assert date_status(lic(NOW - 5 * DAY, NOW + timedelta(hours=23)), NOW) == (
        Status.EXPIRING,
        "expires in 1 day",
    )  # 01:00 on the 26th there
    assert date_status(lic(NOW + timedelta(hours=1), NOW + 9 * DAY), NOW) == (
        Status.NOT_STARTED,
        "not started: starts today",
    )


def test_days_left_counts_calendar_days(zone):
    zone("Europe/Berlin")
    assert days_left(None, NOW) is None
    assert days_left(NOW + timedelta(hours=3), NOW) == 0  # ends later today
    assert days_left(NOW + timedelta(hours=12), NOW) == 1  # 01:00 tomorrow in Berlin
    assert days_left(NOW + 25 * DAY, NOW) == 25
    assert days_left(NOW - timedelta(hours=3), NOW) == 0
    assert days_left(NOW - 35 * DAY, NOW) == -35


def validation(message: str) -> ValidationResult:
    return ValidationResult.from_wire({"message": message})


def test_invalid_for_product_says_why():
    row = found_result(
        3, "S", lic(type="perpetual"), NOW, validation=validation("product_mismatch")
    )
    assert row.status == Status.INVALID
    assert row.words == "invalid for product: The licence does not cover this product."
    assert row.reason == "The licence does not cover this product."
    assert row.validation == "product_mismatch"
    assert (row.index, row.found, row.licensee, row.sku) == (3, True, "Maria Jensen", "SP-2024-SUB")


def test_unknown_validation_message_is_shown_verbatim():
    row = found_result(0, "S", lic(type="perpetual"), NOW, validation=validation("seat_sold_twice"))
    assert row.status == Status.INVALID
    assert row.words.endswith("seat_sold_twice")


def test_expired_stays_expired_with_a_product_and_says_it_once():
    expired = lic(NOW - 400 * DAY, NOW - 35 * DAY)
    row = found_result(0, "S", expired, NOW, validation=validation("expired"))
    assert (row.status, row.reason, row.days_left) == (Status.EXPIRED, "", -35)
    row = found_result(0, "S", expired, NOW, validation=validation("product_mismatch"))
    assert row.status == Status.EXPIRED
    assert row.reason == "The licence does not cover this product."


def test_valid_validation_keeps_the_date_status():
    row = found_result(0, "S", lic(NOW - DAY, NOW + 10 * DAY), NOW, validation=validation("valid"))
    assert (row.status, row.words, row.validation) == (
        Status.EXPIRING,
        "expires in 10 days",
        "valid",
    )


def activation(aid: int, product_id: int, name: str, activated: bool = True) -> Activation:
    return Activation.from_wire(
        {"id": aid, "product_id": product_id, "product_name": name, "activated": activated}
    )


def product(pid: int, name: str, maximum: int) -> Product:
    return Product.from_wire({"id": pid, "name": name, "max_host_count": maximum})


def test_seats_count_activated_devices_per_product_with_the_maximum():
    devices = [
        activation(1, 1, "Studio Pro"),
        activation(2, 1, "Studio Pro"),
        activation(3, 2, "Effects", activated=False),
    ]
    products = [product(1, "Studio Pro", 3), product(2, "Effects", 3)]
    assert seats_of(devices, products) == (Seats("Studio Pro", 2, 3), Seats("Effects", 0, 3))


def test_seats_without_products_have_no_maximum():
    devices = [activation(1, 1, "Studio Pro"), activation(3, 2, "Effects", activated=False)]
    assert seats_of(devices, None) == (Seats("Studio Pro", 1, None), Seats("Effects", 0, None))


def test_no_devices_is_zero_used_not_unknown():
    assert seats_of([], [product(1, "Studio Pro", 3)]) == (Seats("Studio Pro", 0, 3),)
    assert seats_of([], None) == ()


def test_not_found_and_could_not_check_rows():
    row = not_found(4, "AAAA-BBBB-CCCC-DDDD-EEEE")
    assert (row.status, row.words, row.found, row.seats) == (
        Status.NOT_FOUND,
        "not found",
        False,
        None,
    )
    error = ServiceError("The licence service had an internal problem (HTTP 500).")
    row = could_not_check(5, "S", error)
    assert row.status == Status.ERROR
    assert row.words == "could not check: The licence service had an internal problem (HTTP 500)."
    assert row.reason == error.sentence and row.error is error
