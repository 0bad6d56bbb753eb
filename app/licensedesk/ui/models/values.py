"""Formatting of api values for display: local time, booleans, attribute access.

The api may hand over ``datetime`` objects (aware, or naive = UTC) or the
spec's ``YYYY-MM-DD HH:MM:SS`` strings (UTC unless the api converted them);
either way the UI shows the user's local time.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

TIME_FORMAT = "%Y-%m-%d %H:%M"


def field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def as_datetime(value: Any) -> datetime | None:
    """An aware datetime from a datetime, unix seconds or a ``YYYY-MM-DD HH:MM:SS`` string."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, int | float):
        return datetime.fromtimestamp(value, UTC)
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.strip())
        except ValueError:
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return None


def local_time(value: Any) -> str:
    """``YYYY-MM-DD HH:MM`` in the local time zone, or "" when unknown."""
    moment = as_datetime(value)
    return moment.astimezone().strftime(TIME_FORMAT) if moment else ""


def yes_no(value: Any) -> str:
    return "Yes" if value else "No"


def with_field(obj: Any, name: str, value: Any) -> Any:
    """A copy of ``obj`` with one field changed (pydantic model, dataclass or plain object)."""
    if hasattr(obj, "model_copy"):
        return obj.model_copy(update={name: value})
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.replace(obj, **{name: value})
    if isinstance(obj, dict):
        return {**obj, name: value}
    setattr(obj, name, value)
    return obj
