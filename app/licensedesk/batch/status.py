"""From the service's answers to one :class:`CheckResult`: status, words, days, seats.

Pure functions (no network, ``now`` given), so every rule is tested without a
server. Rules:

- Dates decide first: ``start`` in the future → NOT_STARTED; ``end`` reached →
  EXPIRED; ``end`` within :data:`EXPIRING_DAYS` → EXPIRING; else ACTIVE (also
  for a licence without an end: perpetual).
- With a product, a validation other than ``valid`` makes an ACTIVE/EXPIRING
  licence INVALID with validate's reason; an expired or not started licence
  keeps that status (a different reason of the validation, such as "does not
  cover this product", goes to ``reason``).
- ``days_left``: whole days until ``end``, counted up (3 hours left is 1 day);
  0 or less once it has ended (−35: ended 35 days ago); None without an end.
- Seats: activated devices per product from the activations list; the maximum
  from the products list when it was read, else None.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime

from licensedesk.api.errors import ApiError
from licensedesk.api.models import Activation, License, Product, ValidationResult

from .model import EXPIRING_DAYS, CheckResult, Seats, Status

DAY = 86400.0


def _days(n: int) -> str:
    return "1 day" if abs(n) == 1 else f"{abs(n)} days"


def days_left(end: datetime | None, now: datetime) -> int | None:
    """Whole days until ``end`` (counted up while it runs, down once it has ended)."""
    if end is None:
        return None
    seconds = (end - now).total_seconds()
    if seconds > 0:
        return math.ceil(seconds / DAY)
    return -math.floor(-seconds / DAY)


def date_status(lic: License, now: datetime) -> tuple[Status, str]:
    """(status, words) from the licence's start and end alone."""
    if lic.start_at is not None and now < lic.start_at:
        starts = math.ceil((lic.start_at - now).total_seconds() / DAY)
        return Status.NOT_STARTED, f"not started: starts in {_days(starts)}"
    left = days_left(lic.end_at, now)
    if left is None:
        return Status.ACTIVE, "active"
    if left <= 0:
        return Status.EXPIRED, "expired today" if left == 0 else f"expired {_days(left)} ago"
    if left <= EXPIRING_DAYS:
        return Status.EXPIRING, f"expires in {_days(left)}"
    return Status.ACTIVE, "active"


def seats_of(activations: Sequence[Activation],
             products: Sequence[Product] | None) -> tuple[Seats, ...]:  # fmt: skip
    """Seats per product: the licence's products first (when listed), then any product
    that only appears in the activations; ``used`` counts activated devices."""
    used: dict[int | str, int] = {}
    names: dict[int | str, str] = {}
    for a in activations:
        key: int | str = a.product_id if a.product_id is not None else a.product_name
        names.setdefault(key, a.product_name or f"product {key}")
        used[key] = used.get(key, 0) + (1 if a.activated else 0)
    seats = []
    listed: set[int | str] = set()
    for p in products or ():
        listed.add(p.id)
        seats.append(Seats(p.name or names.get(p.id, f"product {p.id}"), used.get(p.id, 0),
                           p.max_host_count))  # fmt: skip
    for key, count in used.items():
        if key not in listed:
            seats.append(Seats(names[key], count, None))
    return tuple(seats)


def not_found(index: int, serial: str) -> CheckResult:
    return CheckResult(index, serial, Status.NOT_FOUND, "not found",
                       reason="The service does not know this serial.")  # fmt: skip


def could_not_check(index: int, serial: str, error: ApiError, prefix: str = "",
                    **found: object) -> CheckResult:  # fmt: skip
    """An ERROR row: "could not check: <sentence>"; ``found`` keeps what was read before
    the failing call, ``prefix`` says which call it was."""
    sentence = prefix + error.sentence
    return CheckResult(index, serial, Status.ERROR, f"could not check: {sentence}",
                       reason=sentence, error=error, **found)  # type: ignore[arg-type]  # fmt: skip


def licence_fields(lic: License, now: datetime) -> dict[str, object]:
    """The row's licence columns (for a found licence, whatever its status)."""
    return {
        "found": True,
        "type": lic.type or None,
        "licensee": lic.name,
        "email": lic.email,
        "sku": lic.sku_number or None,
        "sku_name": lic.sku_name or None,
        "start": lic.start_at,
        "end": lic.end_at,
        "days_left": days_left(lic.end_at, now),
    }


def found_result(
    index: int,
    serial: str,
    lic: License,
    now: datetime,
    *,
    validation: ValidationResult | None = None,
    seats: tuple[Seats, ...] | None = None,
    notes: Sequence[str] = (),
) -> CheckResult:
    """The row of a licence that exists. ``notes``: why something was not read."""
    status, words = date_status(lic, now)
    reasons = list(notes)
    if validation is not None and not validation.valid:
        if validation.message.strip().lower() != status.value:  # not "expired" twice
            reasons.insert(0, validation.reason_sentence)
        if status in (Status.ACTIVE, Status.EXPIRING):
            status = Status.INVALID
            words = f"invalid for product: {validation.reason_sentence}"
    return CheckResult(
        index, serial, status, words,
        seats=seats,
        reason=" ".join(reasons),
        validation=validation.message if validation is not None else None,
        **licence_fields(lic, now),  # type: ignore[arg-type]
    )  # fmt: skip
