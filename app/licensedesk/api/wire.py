"""Reading the service's JSON objects into typed, frozen models, tolerant of the server's
choices (DESIGN.md §2); the rules are written in :mod:`.models`' docstring.

A model is a frozen, slotted dataclass whose annotations name a *reader* (``Bool``,
``Int``, ``Str``…, defined here): :meth:`WireModel.from_wire` runs each field's reader
over the object the service sent, ignores unknown fields and gives missing ones their
default. Not pydantic: it would add no check to these readers, only its import and
class building to every command of ``licensedesk-cli`` (docs/cli.md, "Start-up time").
"""

from __future__ import annotations

import re
from dataclasses import MISSING, dataclass, fields
from datetime import UTC, datetime, tzinfo
from typing import Any, ClassVar, TypeVar

M = TypeVar("M", bound="WireModel")

_TRUE = frozenset({"1", "true", "yes", "on", "t", "y"})
_FALSE = frozenset({"0", "false", "no", "off", "f", "n", ""})
_INT = re.compile(r"[+-]?\d+")
_WHOLE_FLOAT = re.compile(r"[+-]?\d+\.0*")
_UNIX = re.compile(r"[+-]?\d+(\.\d*)?")

# The annotations the models use: the names are what :data:`READERS` is keyed by.
Bool = bool
Int = int | None
ReqInt = int
Str = str
OptStr = str | None
LocalTime = datetime | None
UnixTime = datetime | None


class ShapeError(ValueError):
    """An object the readers could not read: ``problems`` are ``(field, why)`` pairs (the
    first few are the :class:`~.errors.BadResponse`'s cause)."""

    def __init__(self, model: str, problems: list[tuple[str, str]]) -> None:
        self.model = model
        self.problems = problems
        super().__init__(f"{model}: " + "; ".join(f"{k}: {why}" for k, why in problems))

    @property
    def cause(self) -> str:
        """The first few problems, for a :class:`~.errors.BadResponse`'s details."""
        return "; ".join(f"{k}: {why}" for k, why in self.problems[:5])


def read_bool(value: Any, _tz: tzinfo | None = None) -> bool:
    """true/false, 0/1, "0"/"1", "true"/"false" (any case), "yes"/"no"; null → False."""
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        if value in (0, 1):
            return bool(value)
        raise ValueError(f"not a boolean: {value!r}")
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    raise ValueError(f"not a boolean: {value!r}")


def read_int(value: Any, _tz: tzinfo | None = None) -> int | None:
    """A number or a numeric string ("42", "42.0"); null or "" → None."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValueError("a boolean is not an integer")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if _INT.fullmatch(text):
            return int(text)
        if _WHOLE_FLOAT.fullmatch(text):
            return int(float(text))
    raise ValueError(f"not an integer: {value!r}")


def read_required_int(value: Any, tz: tzinfo | None = None) -> int:
    number = read_int(value)
    if number is None:
        raise ValueError("a number is required")
    return number


def read_str(value: Any, _tz: tzinfo | None = None) -> str:
    """Text; null → "" (callers never test for None); numbers become their text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int | float):
        return str(value)
    raise ValueError(f"not a string: {value!r}")


def read_opt_str(value: Any, _tz: tzinfo | None = None) -> str | None:
    """The spec's "string or null": null stays None."""
    return None if value is None else read_str(value)


def read_local_time(value: Any, tz: tzinfo | None = None) -> datetime | None:
    """``YYYY-MM-DD HH:MM:SS`` in the server's zone ``tz`` (UTC if None) → an aware
    datetime; ISO text with an offset keeps it; unix seconds are UTC; null/"" → None."""
    if value is None:
        return None
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        if text.isdigit() and text.isascii():
            return datetime.fromtimestamp(int(text), tz=UTC)
        try:  # Python 3.11's fromisoformat reads the service's form, "Z" and offsets
            parsed = datetime.fromisoformat(text)
        except ValueError as exc:
            raise ValueError(f"not a timestamp: {value!r}") from exc
    elif isinstance(value, datetime):
        parsed = value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        return datetime.fromtimestamp(value, tz=UTC)
    else:
        raise ValueError(f"not a timestamp: {value!r}")
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=tz or UTC)
    return parsed


def read_unix_time(value: Any, tz: tzinfo | None = None) -> datetime | None:
    """Unix seconds (a number or numeric text) → an aware UTC datetime; else as
    :func:`read_local_time`."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValueError("a boolean is not a timestamp")
    if isinstance(value, int | float):
        return datetime.fromtimestamp(value, tz=UTC)
    if isinstance(value, str) and _UNIX.fullmatch(value.strip()):
        return datetime.fromtimestamp(float(value.strip()), tz=UTC)
    return read_local_time(value, tz)


READERS = {
    "Bool": read_bool,
    "Int": read_int,
    "ReqInt": read_required_int,
    "Str": read_str,
    "OptStr": read_opt_str,
    "LocalTime": read_local_time,
    "UnixTime": read_unix_time,
}
#: what a reader may raise on a value it cannot read (a timestamp far out of range is
#: an OverflowError or OSError): all of them mean "an unexpected shape"
_UNREADABLE = (ValueError, TypeError, OverflowError, OSError)


def iso_text(moment: datetime) -> str:
    """``moment`` as ISO 8601, "Z" for UTC (the JSON the client writes)."""
    text = moment.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


class WireModel:
    """The base of the models: :meth:`from_wire` in, :meth:`to_json` out."""

    __slots__ = ()
    _readers: ClassVar[tuple[tuple[str, Any, bool], ...]] = ()

    @classmethod
    def from_wire(cls: type[M], data: dict[str, Any], tz: tzinfo | None = None) -> M:
        """Read the service's object ``data``; ``tz``: the server's zone for its local
        timestamps. Raises :class:`ShapeError` naming each field it could not read."""
        values: dict[str, Any] = {}
        problems: list[tuple[str, str]] = []
        for name, read, required in cls._readers:
            if name in data:
                try:
                    values[name] = read(data[name], tz)
                except _UNREADABLE as exc:
                    problems.append((name, str(exc) or type(exc).__name__))
            elif required:
                problems.append((name, "missing"))
        if problems:
            raise ShapeError(cls.__name__, problems)
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """Every field as a JSON value: timestamps as ISO 8601 ("Z" for UTC)."""
        out: dict[str, Any] = {}
        for name, _read, _required in self._readers:
            value = getattr(self, name)
            out[name] = iso_text(value) if isinstance(value, datetime) else value
        return out


def wire_model(cls: type[M]) -> type[M]:
    """Make ``cls`` a frozen, slotted dataclass read by :meth:`WireModel.from_wire`."""
    cls = dataclass(frozen=True, slots=True)(cls)
    cls._readers = tuple((f.name, READERS[str(f.type)], f.default is MISSING) for f in fields(cls))  # type: ignore[arg-type]
    return cls
