"""What changed on a licence between two sightings: the book's dated :class:`Change`.

The service keeps no events; the book sees a licence again and again. Each time it
keeps a sighting over what it held (:meth:`~.table.BookTable.keep`), it compares the
two (:func:`changes_between`) and keeps what changed, one row per change
(``book_changes``): the changes, never a copy per sighting. A part the sighting did
not read (a batch check reads no devices) is not compared: the book's copy of it is
the older one, unchanged.

Devices are compared by their activation id (by host and product where the service
gave none). The book keeps a licence's first :data:`~.sighting.KEPT_DEVICES` devices:
when both sightings hold every device, each device that appeared or disappeared is a
change; past that, a device leaving the first thousand has not left the licence, so
only a kept device's state is compared and the rest is one change of the count
(``devices_counted``). No Qt.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

from .sighting import Device, Sighting, utc_text

__all__ = ["DEVICE_KINDS", "KINDS", "PERSON_KINDS", "Change", "changes_between"]

#: what a change is about; the device kinds name a device (host ID, tag, product)
DEVICE_KINDS = ("device_added", "device_removed", "device_activated", "device_deactivated")
#: the kinds whose values are a person's name or e-mail (erased by ``book forget``)
PERSON_KINDS = ("licensee", "email")
KINDS = (
    *DEVICE_KINDS,
    "devices_counted",  # how many devices the licence has (past the kept ones)
    "seats_used",  # a product's activated devices (``product``; values: counts)
    "seat_limit",  # a product's host limit (values: counts, "" for no limit)
    *PERSON_KINDS,
    "start",  # values: UTC ISO times ("" for none)
    "end",
    "registered",  # values: "true" / "false"
    "upgraded",  # the other serial of an upgrade (``linked``)
)


@dataclass(frozen=True, slots=True)
class Change:
    """One change seen on a licence: it happened after ``since`` (the sighting before,
    UTC) and by ``seen_at`` (the sighting that saw it). ``old`` and ``new`` are the
    values as text ("" for none: see :data:`KINDS`); a device change names its device."""

    serial: str
    service: str  # "" when not known
    seen_at: datetime
    since: datetime
    kind: str
    old: str = ""
    new: str = ""
    host_id: str = ""
    tag: str = ""
    product: str = ""
    activation_id: int | None = None

    @property
    def device(self) -> bool:
        return self.kind in DEVICE_KINDS


def changes_between(older: Sighting, newer: Sighting) -> list[Change]:
    """The changes from ``older`` to ``newer`` (the same licence; ``newer`` as the book
    will hold it: merged over ``older``). Each part is compared from when it was read
    before to when it was read now (a lookup's devices may be written apart from its
    licence, a moment later); a part not read since is not compared."""
    out: list[Change] = []
    if _read_again(older, newer, "licence_at"):
        out += _licence_changes(_maker(older, newer, "licence_at"), older, newer)
    if _read_again(older, newer, "products_at"):
        out += _seat_changes(_maker(older, newer, "products_at"), older, newer)
    if _read_again(older, newer, "devices_at"):
        out += _device_changes(_maker(older, newer, "devices_at"), older, newer)
    return out


_Maker = Callable[..., Change]


def _maker(older: Sighting, newer: Sighting, read: str) -> _Maker:
    """Makes the changes of one part: seen when ``newer`` read it, after ``older`` did."""
    since, seen = getattr(older, read) or older.seen_at, getattr(newer, read) or newer.seen_at
    return functools.partial(Change, newer.serial, newer.service or "", seen, since)


def _read_again(older: Sighting, newer: Sighting, read: str) -> bool:
    was, now = getattr(older, read), getattr(newer, read)
    return was is not None and now is not None and now > was


def _licence_changes(made: _Maker, older: Sighting, newer: Sighting) -> Iterator[Change]:
    for kind, field in (("licensee", "licensee"), ("email", "email"), ("upgraded", "linked")):
        old, new = getattr(older, field) or "", getattr(newer, field) or ""
        if old != new:
            yield made(kind, old, new)
    for kind in ("start", "end"):
        old, new = _time(getattr(older, f"{kind}_at")), _time(getattr(newer, f"{kind}_at"))
        if old != new:
            yield made(kind, old, new)
    if None not in (older.registered, newer.registered) and older.registered != newer.registered:
        yield made("registered", _flag(older.registered), _flag(newer.registered))


def _seat_changes(made: _Maker, older: Sighting, newer: Sighting) -> Iterator[Change]:
    if older.products is None or newer.products is None:
        return
    before = {p.name: p for p in older.products}
    for p in newer.products:
        was = before.get(p.name)
        if was is None:
            continue
        if None not in (was.used, p.used) and was.used != p.used:
            yield made("seats_used", _count(was.used), _count(p.used), product=p.name)
        if was.maximum != p.maximum:
            yield made("seat_limit", _count(was.maximum), _count(p.maximum), product=p.name)


def _device_changes(made: _Maker, older: Sighting, newer: Sighting) -> list[Change]:
    was = {_key(d): d for d in older.devices or ()}
    now = {_key(d): d for d in newer.devices or ()}
    out = []
    whole = _complete(older) and _complete(newer)
    for key, d in now.items():
        old = was.get(key)
        if old is None:
            if whole:
                out.append(_device(made, "device_added", d, "", _state(d)))
        elif old.activated != d.activated:
            kind = "device_activated" if d.activated else "device_deactivated"
            out.append(_device(made, kind, d, _state(old), _state(d)))
    if whole:
        out += [
            _device(made, "device_removed", d, _state(d), "")
            for key, d in was.items()
            if key not in now
        ]
    elif None not in (older.device_total, newer.device_total) and (
        older.device_total != newer.device_total
    ):
        out.append(made("devices_counted", str(older.device_total), str(newer.device_total)))
    return out


def _device(made: _Maker, kind: str, d: Device, old: str, new: str) -> Change:
    return made(kind, old, new, host_id=d.host_id, tag=d.tag, product=d.product, activation_id=d.id)


def _key(d: Device) -> tuple[object, ...]:
    return ("id", d.id) if d.id is not None else ("host", d.host_id, d.product_id)


def _complete(s: Sighting) -> bool:
    """The sighting holds every device of the licence."""
    return s.device_total is None or s.device_total <= len(s.devices or ())


def _state(d: Device) -> str:
    return "active" if d.activated else "inactive"


def _time(when: datetime | None) -> str:
    return "" if when is None else utc_text(when)


def _flag(value: bool | None) -> str:
    return "true" if value else "false"


def _count(value: int | None) -> str:
    return "" if value is None else str(value)
