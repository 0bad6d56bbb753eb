"""Service objects into :class:`~.models.Activation` quickly, and what the book is told.

A site licence answers with hundreds of thousands of devices: :meth:`.WireModel.from_wire`
runs twelve readers per device (seconds for 200,000). :class:`ActivationReader` takes a
short way for an object whose values already have their plain types (an int id, a bool,
text), and :meth:`.WireModel.from_wire` for any other, so the result is the same either
way. Repeated text (device tag, product, serial, SKU) is shared, not copied per device,
and a timestamp text is read once: both save memory and time on a long list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any

from .models import Activation
from .wire import ShapeError, read_local_time

#: the devices of a list that the licence book is told of in full (the rest are counted)
SEEN_DEVICES = 1000
#: distinct texts / timestamps remembered while reading one list (then forgotten)
_CACHE_LIMIT = 65_536
_SHARED = ("device_tag", "product_name", "serial", "sku_name", "sku")


class Devices(list):
    """A list of Activations that also says how many are activated per product id
    (counted while it was read: a table of 200,000 need not count them again)."""

    activated: dict[int | None, int] | None = None


@dataclass
class SeenActivations:
    """What a list of devices tells the licence book: its first :data:`SEEN_DEVICES`
    devices, how many there were, and how many are activated per product id."""

    first: list[Activation] = field(default_factory=list)
    total: int = 0
    activated: dict[int | None, int] = field(default_factory=dict)

    def add(self, batch: Iterable[Activation]) -> None:
        room = SEEN_DEVICES - len(self.first)
        active = self.activated
        for a in batch:
            self.total += 1
            if room > 0:
                self.first.append(a)
                room -= 1
            if a.activated:
                active[a.product_id] = active.get(a.product_id, 0) + 1

    def __iter__(self):  # the devices it names, like the list it stands for
        return iter(self.first)

    def __len__(self) -> int:
        return self.total


class ActivationReader:
    """Reads service objects into Activations with the server's zone ``tz``; one per list
    (its caches live as long as the list is read)."""

    def __init__(self, tz: tzinfo | None = None) -> None:
        self.tz = tz
        self._text: dict[str, str] = {}
        self._times: dict[str, datetime | None] = {}

    def read(self, items: list[Any]) -> list[Activation]:
        """Every object of ``items`` as an Activation; :class:`ShapeError` when one is not
        an object or a field cannot be read."""
        out: list[Activation] = []
        append, fast = out.append, self._fast
        for item in items:
            if not isinstance(item, dict):
                raise ShapeError("Activation", [("data", "not an object")])
            a = fast(item)
            append(a if a is not None else Activation.from_wire(item, self.tz))
        if len(self._text) > _CACHE_LIMIT or len(self._times) > _CACHE_LIMIT:
            self._text.clear()
            self._times.clear()
        return out

    def _fast(self, x: dict[str, Any]) -> Activation | None:
        """The Activation of ``x`` when every value has its plain type; else None."""
        get = x.get
        aid, lic, prod, active = get("id"), get("license_id"), get("product_id"), \
            get("activated", False)  # fmt: skip
        if type(aid) is not int or type(active) is not bool:
            return None
        if (lic is not None and type(lic) is not int) or (
                prod is not None and type(prod) is not int):
            return None
        host = get("host_id", "")
        if type(host) is not str:
            return None
        shared = []
        keep = self._text.setdefault
        for name in _SHARED:
            value = get(name, "")
            if type(value) is not str:
                return None
            shared.append(keep(value, value))
        created, updated = self._time(get("created_at")), self._time(get("updated_at"))
        if created is False or updated is False:
            return None
        tag, product, serial, sku_name, sku = shared
        return Activation(aid, lic, prod, active, host, tag, created, updated,  # type: ignore[arg-type]
                          product, serial, sku_name, sku)

    def _time(self, value: Any) -> datetime | bool | None:
        """``read_local_time(value)``, remembered per text; False: not for the short way."""
        if value is None:
            return None
        if type(value) is not str:
            return False
        times = self._times
        if value in times:
            return times[value]
        try:
            moment = times[value] = read_local_time(value, self.tz)
        except (ValueError, OverflowError, OSError):
            return False  # from_wire says which field
        return moment
