"""One serial's answer in a batch check: what the table shows and the exports write."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from licensedesk.licence_term import ENDING_DAYS

if TYPE_CHECKING:
    from licensedesk.api.errors import ApiError


class Status(StrEnum):
    """What a person filters by. ``words`` on the row says it in a sentence."""

    ACTIVE = "active"  # found, running (perpetual, or subscription/trial in time)
    EXPIRING = "expiring"  # found, ends within EXPIRING_DAYS
    EXPIRED = "expired"
    NOT_STARTED = "not_started"
    NOT_FOUND = "not_found"  # the service does not know the serial
    INVALID = "invalid"  # found, but validate for the chosen product said not valid
    #: found, a subscription without a period: validate says "No Active Subscription!"
    NO_SUBSCRIPTION = "no_subscription"
    ERROR = "error"  # could not check: network, refused key, bad answer…


#: "expiring" is the licence card's amber: one rule (:mod:`licensedesk.licence_term`)
EXPIRING_DAYS = ENDING_DAYS


@dataclass(frozen=True)
class Seats:
    """Seats of one product of the licence: activated devices / the product's maximum."""

    product: str
    used: int
    maximum: int | None = None


@dataclass(frozen=True)
class CheckResult:
    """The answer for the serial at ``index`` of the input (input order).

    ``words`` and ``reason`` are English: what the exports write (CSV, JSON, XLSX and
    ``--json`` stay the same whatever the language). ``words_text`` and ``reason_text``
    say the same in the language in use: what the table and the command line show
    (made with the row by :mod:`.status`; the English when not given)."""

    index: int
    serial: str
    status: Status
    words: str  # "active", "expires in 5 days", "not found", "could not check: …"
    found: bool = False
    type: str | None = None  # perpetual | subscription | trial | …
    licensee: str | None = None
    email: str | None = None
    sku: str | None = None  # SKU number (name in sku_name)
    sku_name: str | None = None
    start: datetime | None = None
    end: datetime | None = None
    days_left: int | None = None
    seats: tuple[Seats, ...] | None = None  # None: not read (no write pair / failed)
    reason: str = ""  # why (invalid / error / seats not read), a sentence
    validation: str | None = None  # the validate status when a product was chosen
    extra: dict = field(default_factory=dict, compare=False)
    #: the client's error behind an ERROR row (its ``details`` for a "Details" box)
    error: ApiError | None = field(default=None, compare=False, repr=False)
    words_text: str = field(default="", compare=False, repr=False)  # ``words`` to show
    reason_text: str = field(default="", compare=False, repr=False)  # ``reason`` to show

    def __post_init__(self) -> None:
        if not self.words_text:
            object.__setattr__(self, "words_text", self.words)
        if not self.reason_text:
            object.__setattr__(self, "reason_text", self.reason)
