"""A long list of devices as rows: plain tuples in :class:`~.models.Activation`'s field
order, read quickly, and what the book is told (docs/client.md, "Long lists").

A site licence answers with hundreds of thousands of devices. As api models they are
objects the cyclic garbage collector tracks: 200,000 of them made its full passes take
up to 75 ms, on whichever thread allocated (the UI's too). A tuple of plain values (int,
bool, text, datetime, None) is untracked by the collector's first look at it, so rows
cost no pass, and less memory and time to make. :class:`ActivationRows` shows rows as
Activations one at a time, for the code that asks for a few (a selection, a validation).

:class:`ActivationReader` takes a short way for an object whose values already have
their plain types (an int id, a bool, text), and :meth:`.WireModel.from_wire` for any
other, so the row is the same either way. Repeated text (device tag, product, serial,
SKU) is shared, not copied per device, and a timestamp text is read once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any, overload

from .models import Activation
from .wire import ShapeError, read_local_time

#: an Activation's fields in its rows' order
FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Activation))
(
    ID,
    LICENSE_ID,
    PRODUCT_ID,
    ACTIVATED,
    HOST_ID,
    DEVICE_TAG,
    CREATED_AT,
    UPDATED_AT,
    PRODUCT_NAME,
    SERIAL,
    SKU_NAME,
    SKU,
) = range(len(FIELDS))
#: one device as a plain tuple, in :data:`FIELDS` order
Row = tuple
#: the devices of a list that the licence book is told of in full (the rest are counted)
SEEN_DEVICES = 1000
#: distinct texts / timestamps remembered while reading one list (then forgotten)
_CACHE_LIMIT = 65_536
_SHARED = ("device_tag", "product_name", "serial", "sku_name", "sku")


def as_row(a: Activation) -> Row:
    """``a`` as a row (:data:`FIELDS` order)."""
    return tuple(getattr(a, name) for name in FIELDS)


def to_row(x: Activation | Row) -> Row:
    """An Activation as a row; a row as it is."""
    return x if type(x) is tuple else as_row(x)  # type: ignore[arg-type]


def as_rows(items: Iterable[Activation | Row]) -> list[Row]:
    """Activations or rows, as rows (rows are kept as they are)."""
    return [x if type(x) is tuple else as_row(x) for x in items]  # type: ignore[arg-type]


class ActivationRows(Sequence[Activation]):
    """Rows seen as Activations, each made when asked (a site licence's 200,000 are not
    all made at once)."""

    def __init__(self, rows: list[Row]) -> None:
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, i: int) -> Activation: ...
    @overload
    def __getitem__(self, i: slice) -> list[Activation]: ...

    def __getitem__(self, i: int | slice) -> Activation | list[Activation]:
        if isinstance(i, slice):
            return [Activation(*r) for r in self.rows[i]]
        return Activation(*self.rows[i])

    def __iter__(self) -> Iterator[Activation]:
        return (Activation(*r) for r in self.rows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


class Devices(list):
    """A list of rows that also says how many are activated per product id (counted
    while it was read: a table of 200,000 need not count them again)."""

    activated: dict[int | None, int] | None = None


async def read_devices(client: Any, serial: str) -> Devices:
    """The devices of ``serial`` as the client's rows, with their counts: the lookup's
    read and the activations' read after a change (a site licence's 200,000 are never
    200,000 api objects)."""
    rows = Devices()
    rows.activated = (await client.activation_rows(serial, rows.extend)).activated
    return rows


@dataclass
class SeenActivations:
    """What a list of devices tells the licence book: its first :data:`SEEN_DEVICES`
    devices, how many there were, and how many are activated per product id."""

    first: list[Activation] = field(default_factory=list)
    total: int = 0
    activated: dict[int | None, int] = field(default_factory=dict)

    def add(self, batch: Iterable[Row]) -> None:
        room = SEEN_DEVICES - len(self.first)
        active = self.activated
        for r in batch:
            self.total += 1
            if room > 0:
                self.first.append(Activation(*r))
                room -= 1
            if r[ACTIVATED]:
                active[r[PRODUCT_ID]] = active.get(r[PRODUCT_ID], 0) + 1

    def __iter__(self):  # the devices it names, like the list it stands for
        return iter(self.first)

    def __len__(self) -> int:
        return self.total


class ActivationReader:
    """Reads service objects into rows with the server's zone ``tz``; one per list
    (its caches live as long as the list is read)."""

    def __init__(self, tz: tzinfo | None = None) -> None:
        self.tz = tz
        self._text: dict[str, str] = {}
        self._times: dict[str, datetime | None] = {}

    def read(self, items: list[Any]) -> list[Row]:
        """Every object of ``items`` as a row; :class:`ShapeError` when one is not an
        object or a field cannot be read."""
        out: list[Row] = []
        append, fast = out.append, self._fast
        for item in items:
            if not isinstance(item, dict):
                raise ShapeError("Activation", [("data", "not an object")])
            a = fast(item)
            append(a if a is not None else as_row(Activation.from_wire(item, self.tz)))
        if len(self._text) > _CACHE_LIMIT or len(self._times) > _CACHE_LIMIT:
            self._text.clear()
            self._times.clear()
        return out

    def _fast(self, x: dict[str, Any]) -> Row | None:
        """The row of ``x`` when every value has its plain type; else None."""
        get = x.get
        aid, lic, prod, active = (
            get("id"),
            get("license_id"),
            get("product_id"),
            get("activated", False),
        )
        if type(aid) is not int or type(active) is not bool:
            return None
        if (lic is not None and type(lic) is not int) or (
            prod is not None and type(prod) is not int
        ):
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
        return (aid, lic, prod, active, host, tag, created, updated, product, serial, sku_name, sku)

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
