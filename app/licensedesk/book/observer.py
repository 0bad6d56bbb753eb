"""What the client read about a serial, as sightings for the book.

The client tells what it read through ``LicenseClient.on_seen(part, serial, value)``;
:class:`BookObserver` hands each to the keeper as it is, and the keeper's worker turns
it into a :class:`~.sighting.Sighting` (:func:`sighting_of`) when it writes. So every
licence the desk or the command line sees is kept, whichever feature asked (a lookup,
a batch check, a validation, an upgrade, a registration), without each feature knowing
about the book.
"""

from __future__ import annotations

import functools
from concurrent.futures import Future
from datetime import datetime
from typing import Any

from licensedesk import clock

from .keeper import BookKeeper
from .sighting import Sighting, device_fields, from_lookup, product_seats, seen_fields

__all__ = ["BookObserver", "hand_over", "sighting_of"]


def sighting_of(
    part: str,
    serial: str,
    value: Any,
    *,
    profile: str | None,
    service: str | None,
    seen_at: datetime | None = None,
) -> Sighting | None:
    """The sighting one answer makes (None: nothing a person would find it by);
    ``seen_at``: when it was read (now when not given)."""
    if part == "license":
        return from_lookup(value, None, None, profile=profile, service=service, seen_at=seen_at)
    base = {
        **seen_fields(serial, profile=profile, service=service, seen_at=seen_at),
        "partial": True,
    }
    if part == "products":
        return Sighting(**base, products=product_seats(value))
    if part == "activations":
        return Sighting(**base, **device_fields(value))
    if part == "validation":
        if not (value.licensee_name or value.licensee_email):
            return None
        return Sighting(
            **base, licensee=value.licensee_name or None, email=value.licensee_email or None
        )
    if part == "registered":
        name, email = value
        return Sighting(**base, licensee=name, email=email, registered=True)
    if part == "upgraded":
        return Sighting(**base, linked=value)
    return None


def hand_over(
    keeper: BookKeeper,
    part: str,
    serial: str,
    value: Any,
    *,
    profile: str | None,
    service: str | None,
) -> Future[None]:
    """Give ``keeper`` one answer as the client read it; its sighting is made on the book's
    worker (:meth:`BookKeeper.keep_answer`). The caller is the client's, on the window's
    UI thread: turning a licence's 1,000 devices into the book's record there took a
    frame from the table rendering them. The time it was read is taken now; a list (of
    products) is handed over as a tuple, so that nothing the caller does to its list
    afterwards reaches the worker. Returns the future of the write that takes it."""
    if isinstance(value, list):
        value = tuple(value)
    return keeper.keep_answer(
        functools.partial(
            sighting_of, part, serial, value, profile=profile, service=service, seen_at=clock.now()
        )
    )


class BookObserver:
    """``LicenseClient.on_seen`` for one profile: each answer into ``keeper``."""

    def __init__(self, keeper: BookKeeper, profile: str | None, service: str | None) -> None:
        self.keeper = keeper
        self.profile = profile
        self.service = service

    def __call__(self, part: str, serial: str, value: Any) -> None:
        hand_over(self.keeper, part, serial, value, profile=self.profile, service=self.service)
