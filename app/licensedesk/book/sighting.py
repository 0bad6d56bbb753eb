"""What the desk saw of one licence at one moment: a :class:`Sighting`, the book's record.

Made from a lookup's three answers (:func:`from_lookup`) or any other answer that names
a serial (:func:`~.observer.sighting_of`). A part that was not read this time (no write
pair for the products, a failed activations call) is None, and the book keeps what it
knew of it before (:meth:`Sighting.merged`): a batch check does not forget a licence's
devices. No key, signature or URL query is ever part of one.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import threading
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from licensedesk import clock
from licensedesk.history.scrub import service_origin

from .folding import fold, search_text

#: devices of a licence kept in the book (a site licence has hundreds of thousands: the
#: rest are counted, docs/book.md "What the book keeps")
KEPT_DEVICES = 1000


@dataclass(frozen=True)
class Device:
    """One activation: the host, its tag, whether it is active and when it changed."""

    host_id: str
    tag: str = ""
    product: str = ""
    product_id: int | None = None
    id: int | None = None  # the activation's id at the service
    activated: bool = False
    created_at: datetime | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True)
class ProductSeats:
    """One product of the licence: devices activated of its maximum (None: no limit or
    not known)."""

    name: str
    used: int | None = None
    maximum: int | None = None
    id: int | None = None

    @property
    def full(self) -> bool:
        return self.maximum is not None and self.used is not None and self.used >= self.maximum


#: the licence's own fields a change is seen on (:mod:`.changes`)
LICENCE_FIELDS = ("licensee", "email", "start_at", "end_at", "registered", "linked")


@dataclass(frozen=True)
class Sighting:
    """One licence as seen: its fields, its products' seats and its devices, the profile
    and service it came from and when (``seen_at``, UTC)."""

    serial: str
    service: str | None
    profile: str | None
    seen_at: datetime
    licensee: str | None = None
    email: str | None = None
    sku_name: str | None = None
    sku_number: str | None = None
    dealer: str | None = None
    type: str | None = None
    start_at: datetime | None = None
    end_at: datetime | None = None
    registered: bool | None = None
    products: tuple[ProductSeats, ...] | None = None
    devices: tuple[Device, ...] | None = None
    linked: str | None = None  # the other serial of an upgrade
    #: how many devices the licence had (more than ``devices`` holds past
    #: :data:`KEPT_DEVICES`) and how many of them are activated per product id
    device_total: int | None = None
    device_active: tuple[tuple[int | None, int], ...] | None = None
    note: str | None = None  # the team's note (kept apart; here for the search text)
    #: made without the licence's own answer (its devices, a validation…): stored only
    #: over a licence the book already has
    partial: bool = False
    #: when the licence's own fields, its devices and its products were read (the
    #: answers of one lookup may be written apart: what changed on each is counted from
    #: when it was read before, :mod:`.changes`); set from ``seen_at`` when this
    #: sighting reads them
    licence_at: datetime | None = None
    devices_at: datetime | None = None
    products_at: datetime | None = None

    def __post_init__(self) -> None:
        if self.licence_at is None and any(
            getattr(self, name) is not None for name in LICENCE_FIELDS
        ):
            object.__setattr__(self, "licence_at", self.seen_at)
        if self.devices is not None and self.devices_at is None:
            object.__setattr__(self, "devices_at", self.seen_at)
        if self.products is not None and self.products_at is None:
            object.__setattr__(self, "products_at", self.seen_at)

    def merged(self, older: Sighting | None) -> Sighting:
        """This sighting, with what it did not read taken from ``older`` (same licence),
        and its products' seats counted from its devices when it knows both."""
        if older is None:
            return self.counted()
        kept = {
            f.name: getattr(older, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) is None
        }
        if self.devices is not None:  # its devices' counts are its own, never older ones
            kept.pop("device_total", None)
            kept.pop("device_active", None)
        kept["partial"] = self.partial and older.partial
        return dataclasses.replace(self, **kept).counted()

    def counted(self) -> Sighting:
        """Seats used = the activated devices of each product (when both are known)."""
        if self.products is None or self.devices is None:
            return self
        if any(p.id is None for p in self.products):
            return self  # seats as a batch check read them (it names no product ids)
        used: Mapping[int | None, int] = (
            Counter(d.product_id for d in self.devices if d.activated)
            if self.device_active is None
            else dict(self.device_active)
        )
        products = tuple(dataclasses.replace(p, used=used.get(p.id, 0)) for p in self.products)
        return dataclasses.replace(self, products=products)

    @property
    def full(self) -> bool:
        """A product of the licence is at its host limit."""
        return any(p.full for p in self.products or ())

    def search(self) -> str:
        """The folded text it is found by."""
        hosts = [d.host_id for d in self.devices or ()]
        return search_text(
            [
                self.serial,
                self.email,
                self.licensee,
                self.sku_name,
                self.sku_number,
                self.dealer,
                *hosts,
                self.note,
            ]
        )

    def folded(self, field: str) -> str:
        return fold(getattr(self, field))

    def to_json(self) -> str:
        """Everything but the columns the store keeps apart (serial, service, time).

        The text ``json.dumps(dataclasses.asdict(…))`` made, so every desk sharing a team
        book reads it, but built without ``asdict``'s deep copy (most of the cost of a
        licence's 1,000 devices, on the book's worker while the window renders them) and with the
        devices encoded :data:`DEVICES_AT_ONCE` at a time: each ``json.dumps`` is one C
        call that holds the GIL until it returns. A licence's devices encoded lately are
        not encoded again, and a big record's text is remembered with the record
        (:data:`_READ`): a write reads the licence's stored copy back and writes it again,
        its devices as they were."""
        fields = []
        exact = True  # decoding the text gives this very sighting back
        for name in _FIELDS:
            value = getattr(self, name)
            if name == "devices" and value is not None:
                text, plain = _devices_text(value)
                exact = exact and plain
            else:
                text = json.dumps(_plain(value), ensure_ascii=False)
            fields.append(f'"{name}": {text}')
        whole = "{" + ", ".join(fields) + "}"
        if exact and len(self.devices or ()) >= DEVICES_AT_ONCE and self._reads_back():
            _READ.put(whole, self)
        return whole

    def _reads_back(self) -> bool:
        """Decoding this sighting's text gives it back as it is, its devices aside: times
        in UTC, tuples where :meth:`from_json` makes tuples, JSON's plain values."""
        for name in _FIELDS:
            value = getattr(self, name)
            if name == "devices":
                continue
            if isinstance(value, datetime):
                if type(value) is not datetime or value.tzinfo is not UTC:
                    return False
            elif name in ("products", "device_active"):
                if value is not None and not (
                    type(value) is tuple
                    and all(
                        (type(x) is ProductSeats and _plain_values(vars(x).values()))
                        or (type(x) is tuple and _plain_values(x))
                        for x in value
                    )
                ):
                    return False
            elif type(value) not in _PLAIN_TYPES:
                return False
        return True

    @classmethod
    def from_json(cls, text: str) -> Sighting:
        known = _READ.get(text)
        if known is not None:
            return known
        data = json.loads(text)
        data["seen_at"] = _when(data["seen_at"])
        for name in ("start_at", "end_at", "licence_at", "devices_at", "products_at"):
            data[name] = _when(data.get(name))
        if data.get("products") is not None:
            data["products"] = tuple(ProductSeats(**p) for p in data["products"])
        if data.get("device_active") is not None:
            data["device_active"] = tuple((p, n) for p, n in data["device_active"])
        if data.get("devices") is not None:
            for d in data["devices"]:  # dicts of its own: changed in place
                for name in _DEVICE_TIMES:
                    d[name] = _when(d.get(name))
            data["devices"] = tuple(Device(**d) for d in data["devices"])
        names = {f.name for f in dataclasses.fields(cls)}
        read = cls(**{k: v for k, v in data.items() if k in names})
        if len(read.devices or ()) >= DEVICES_AT_ONCE:
            _READ.put(text, read)
        return read


#: the fields of a sighting, in the order its JSON names them; a device's times
_FIELDS = tuple(f.name for f in dataclasses.fields(Sighting))
_DEVICE_TIMES = tuple(f.name for f in dataclasses.fields(Device) if "datetime" in str(f.type))
#: devices encoded by one ``json.dumps`` (one C call, the GIL held: ~0.2 ms for 100)
DEVICES_AT_ONCE = 100


def _plain(value: Any) -> Any:
    """``value`` as JSON's types: a datetime as UTC ISO text, a dataclass as a dict."""
    if isinstance(value, datetime):
        return utc_text(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def utc_text(when: datetime) -> str:
    """A time as the book writes it: ISO text in UTC (one read from the book is in UTC
    already: no conversion)."""
    return (when if when.tzinfo is UTC else when.astimezone(UTC)).isoformat()


def _devices_text(devices: Sequence[Device]) -> tuple[str, bool]:
    """The devices' JSON list, and whether decoding it gives these devices back as they
    are (:meth:`Sighting._reads_back`); a big list's are remembered with it."""
    known = _ENCODED.get(id(devices))
    if known is not None and known[0] is devices:
        return known[1], known[2]
    exact = type(devices) is tuple
    pieces = []
    for at in range(0, len(devices), DEVICES_AT_ONCE):
        plain = []
        for d in devices[at : at + DEVICES_AT_ONCE]:
            one = dict(vars(d))  # the fields, in their order
            for name in _DEVICE_TIMES:
                if isinstance(when := one[name], datetime):
                    exact = exact and type(when) is datetime and when.tzinfo is UTC
                    one[name] = utc_text(when)
            exact = exact and type(d) is Device and _plain_values(one.values())
            plain.append(one)
        pieces.append(json.dumps(plain, ensure_ascii=False)[1:-1])
    text = "[" + ", ".join(pieces) + "]"
    if len(devices) >= DEVICES_AT_ONCE:
        _ENCODED.put(id(devices), (devices, text, exact))
    return text, exact


def _plain_values(values: Iterable[Any]) -> bool:
    return all(type(v) in _PLAIN_TYPES for v in values)


class _Recent:
    """The last few values put, by key (the book's worker and a command's thread may
    both ask)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: dict[Any, Any] = {}
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            return self._items.get(key)

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._items.pop(key, None)
            self._items[key] = value
            while len(self._items) > self._size:
                del self._items[next(iter(self._items))]


#: JSON's plain values: what decoding gives back as it was encoded
_PLAIN_TYPES = frozenset({str, int, bool, type(None)})
#: records of :data:`DEVICES_AT_ONCE` devices or more lately written or read, by their
#: text (a few hundred KB each): the store reads back what it wrote, and a record read
#: again is the same frozen record
_READ = _Recent(4)
#: the JSON of device lists lately encoded, by the tuple's id (the tuple kept with it, so
#: the id stays its own): a licence's copy written again with the devices it had
_ENCODED = _Recent(4)


def _when(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _in_utc(when: datetime | None) -> datetime | None:
    """The same moment in UTC, as the book's text holds it (and a record read back has it)."""
    return when if when is None or when.tzinfo is UTC else when.astimezone(UTC)


def seen_fields(
    serial: str, *, profile: str | None, service: str | None, seen_at: datetime | None
) -> dict[str, Any]:
    """Whose licence a sighting is and where and when it was seen: the same for every
    answer that makes one (``seen_at``: now when not given)."""
    return {
        "serial": serial,
        "service": service_origin(service),
        "profile": profile,
        "seen_at": seen_at or clock.now(),
    }


def from_lookup(
    license: Any,
    products: Iterable[Any] | None,
    activations: Iterable[Any] | None,
    *,
    profile: str | None,
    service: str | None,
    seen_at: datetime | None = None,
) -> Sighting:
    """A lookup's answers (api ``License``, ``Product`` and ``Activation`` objects; a part
    not read is None). Seats are counted from the activations when both were read."""
    return Sighting(
        **seen_fields(license.serial, profile=profile, service=service, seen_at=seen_at),
        licensee=license.name or None,
        email=license.email or None,
        sku_name=license.sku_name or None,
        sku_number=license.sku_number or None,
        dealer=license.dealer_name or None,
        type=license.type or None,
        start_at=license.start_at,
        end_at=license.end_at,
        registered=license.registered,
        products=None if products is None else product_seats(products),
        **device_fields(activations),
    ).counted()


def product_seats(products: Iterable[Any]) -> tuple[ProductSeats, ...]:
    """api ``Product`` objects as the book keeps them (their seats counted later)."""
    return tuple(ProductSeats(name=p.name, maximum=p.max_host_count, id=p.id) for p in products)


def devices_of(activations: Iterable[Any]) -> tuple[Device, ...]:
    """api ``Activation`` objects as the book keeps them: the first :data:`KEPT_DEVICES`."""
    return tuple(
        Device(
            host_id=a.host_id,
            tag=a.device_tag or "",
            product=a.product_name or "",
            product_id=a.product_id,
            id=a.id,
            activated=bool(a.activated),
            created_at=_in_utc(a.created_at),
            updated_at=_in_utc(a.updated_at),
        )
        for a in itertools.islice(activations, KEPT_DEVICES)
    )


def device_fields(activations: Any) -> dict[str, Any]:
    """``devices``, ``device_total`` and ``device_active`` of a list of api ``Activation``
    objects or of the client's ``SeenActivations`` (its first devices and its counts)."""
    if activations is None:
        return {"devices": None, "device_total": None, "device_active": None}
    counts = getattr(activations, "activated", None)
    if counts is None:
        activations = list(activations)
        counts = Counter(a.product_id for a in activations if a.activated)
    return {
        "devices": devices_of(activations),
        "device_total": len(activations),
        "device_active": tuple(sorted(counts.items(), key=lambda kv: kv[0] or 0)),
    }
