"""What the client read about a serial, as sightings for the book.

The client tells what it read through ``LicenseClient.on_seen(part, serial, value)``;
:class:`BookObserver` turns each into a :class:`~.sighting.Sighting` and hands it to
the keeper. So every licence the desk or the command line sees is kept, whichever
feature asked (a lookup, a batch check, a validation, an upgrade, a registration),
without each feature knowing about the book.
"""

from __future__ import annotations

from typing import Any

from licensedesk.history.scrub import service_origin

from .keeper import BookKeeper
from .sighting import Sighting, device_fields, from_lookup, now, product_seats

__all__ = ["BookObserver", "sighting_of"]


def sighting_of(
    part: str, serial: str, value: Any, *, profile: str | None, service: str | None
) -> Sighting | None:
    """The sighting one answer makes (None: nothing a person would find it by)."""
    if part == "license":
        return from_lookup(value, None, None, profile=profile, service=service)
    base = {
        "serial": serial,
        "service": service_origin(service),
        "profile": profile,
        "seen_at": now(),
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


class BookObserver:
    """``LicenseClient.on_seen`` for one profile: each answer into ``keeper``."""

    def __init__(self, keeper: BookKeeper, profile: str | None, service: str | None) -> None:
        self.keeper = keeper
        self.profile = profile
        self.service = service

    def __call__(self, part: str, serial: str, value: Any) -> None:
        seen = sighting_of(part, serial, value, profile=self.profile, service=self.service)
        if seen is not None:
            self.keeper.keep([seen])
