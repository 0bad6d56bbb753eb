"""Typed, immutable models of spec §2, tolerant of the server's choices (DESIGN.md §2).

Tolerance rules (one place, applied by the annotated types below):
- booleans: true/false, 0/1, "0"/"1", "true"/"false" (any case), "yes"/"no";
  ``null`` → False;
- integers: numbers or numeric strings ("42", "42.0"); ``null`` → None;
- strings the spec types as plain ``string``: ``null`` → ``""`` (so callers never
  test for None); numbers are turned into their text. Fields the spec types
  "string or null" (sku_url, image_url, name, email) keep ``None``;
- unknown fields are ignored, missing fields get their default;
- ``created_at``/``updated_at`` ("YYYY-MM-DD HH:MM:SS") are read in the server's
  time zone (validation context ``{"tz": ZoneInfo}``, UTC if absent) and become
  aware datetimes; ISO strings with an offset keep it; ``null``/"" → None;
- ``start_at``/``end_at`` (unix seconds, also as strings) → aware UTC datetimes;
  ``null``/"" → None.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, tzinfo
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo

from licensedesk.display_text import visible
from licensedesk.i18n import N_

from .sentence import Sentence, say

_TRUE = {"1", "true", "yes", "on", "t", "y"}
_FALSE = {"0", "false", "no", "off", "f", "n", ""}


def _to_bool(value: Any) -> bool:
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


def _to_int(value: Any) -> int | None:
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
        if re.fullmatch(r"[+-]?\d+", text):
            return int(text)
        if re.fullmatch(r"[+-]?\d+\.0*", text):
            return int(float(text))
    raise ValueError(f"not an integer: {value!r}")


def _to_str(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, str | int | float):
        return str(value)
    raise ValueError(f"not a string: {value!r}")


def _to_opt_str(value: Any) -> str | None:
    return None if value is None else _to_str(value)


def _to_local_dt(value: Any, info: ValidationInfo) -> datetime | None:
    """``YYYY-MM-DD HH:MM:SS`` in the server's zone → aware datetime."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        return datetime.fromtimestamp(value, tz=UTC)
    elif isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"\d+", text):
            return datetime.fromtimestamp(int(text), tz=UTC)
        try:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError as exc:
            raise ValueError(f"not a timestamp: {value!r}") from exc
    else:
        raise ValueError(f"not a timestamp: {value!r}")
    if parsed.tzinfo is None:
        tz: tzinfo = (info.context or {}).get("tz") or UTC
        parsed = parsed.replace(tzinfo=tz)
    return parsed


def _to_unix_dt(value: Any, info: ValidationInfo) -> datetime | None:
    """Unix seconds (number or numeric string) → aware UTC datetime."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValueError("a boolean is not a timestamp")
    if isinstance(value, int | float):
        return datetime.fromtimestamp(value, tz=UTC)
    if isinstance(value, str) and re.fullmatch(r"[+-]?\d+(\.\d*)?", value.strip()):
        return datetime.fromtimestamp(float(value.strip()), tz=UTC)
    return _to_local_dt(value, info)


Bool = Annotated[bool, BeforeValidator(_to_bool)]
Int = Annotated[int | None, BeforeValidator(_to_int)]
ReqInt = Annotated[int, BeforeValidator(_to_int)]
Str = Annotated[str, BeforeValidator(_to_str)]
OptStr = Annotated[str | None, BeforeValidator(_to_opt_str)]
LocalTime = Annotated[datetime | None, BeforeValidator(_to_local_dt)]
UnixTime = Annotated[datetime | None, BeforeValidator(_to_unix_dt)]

_CONFIG = ConfigDict(frozen=True, extra="ignore")


class License(BaseModel):
    """Spec §2.1. ``sku_upgrade``/``definer`` come from show-license only (else None)."""

    model_config = _CONFIG

    id: ReqInt
    serial: Str
    dealer_id: Int = None
    dealer_name: Str = ""
    sku_id: Int = None
    sku_name: Str = ""
    sku_number: Str = ""
    sku_upgrade: OptStr = None
    sku_url: OptStr = None
    image_url: OptStr = None
    definer: OptStr = None
    name: OptStr = None
    email: OptStr = None
    type: Str = ""
    start_at: UnixTime = None
    end_at: UnixTime = None
    registered: Bool = False
    created_at: LocalTime = None
    updated_at: LocalTime = None


class Activation(BaseModel):
    """Spec §2.2: one device bound to a licence."""

    model_config = _CONFIG

    id: ReqInt
    license_id: Int = None
    product_id: Int = None
    activated: Bool = False
    host_id: Str = ""
    device_tag: Str = ""
    created_at: LocalTime = None
    updated_at: LocalTime = None
    product_name: Str = ""
    serial: Str = ""
    sku_name: Str = ""
    sku: Str = ""


class Product(BaseModel):
    """Spec §2.3. ``key``, ``signature``, ``signature_trial`` are vendor secrets: not in repr."""

    model_config = _CONFIG

    id: ReqInt
    name: Str = ""
    code: Str = ""
    filename: Str = ""
    key: Str = Field(default="", repr=False)
    signature: Str = Field(default="", repr=False)
    signature_trial: Str = Field(default="", repr=False)
    active: Bool = False
    max_host_count: Int = None
    created_at: LocalTime = None
    updated_at: LocalTime = None


#: the sentence of each validation message (marked, English: ``reason_sentence`` translates)
REASON_SENTENCES: dict[str, str] = {
    "valid": N_("The licence is valid for this product."),
    "expired": N_("The licence has expired."),
    "not_started": N_("The licence is not active yet: its start date is in the future."),
    "product_mismatch": N_("The licence does not cover this product."),
    "product_inactive": N_("The product is no longer active."),
    "host_limit_reached": N_("All seats of this licence are in use: no further device can be "
                             "activated."),
    "activation_disabled": N_("This device's activation is switched off."),
}


class ValidationResult(BaseModel):
    """Spec §2.4. A message other than ``valid`` is a result with ``valid`` False."""

    model_config = _CONFIG

    message: Str = ""
    licensee_name: Str = ""
    licensee_email: Str = ""
    sku_number: Str = ""
    product_code: Str = ""
    version_code: Str = ""

    @property
    def valid(self) -> bool:
        return self.message.strip().lower() == "valid"

    @property
    def reason_sentence(self) -> str:
        """A sentence for the known messages, in the language in use (a
        :class:`~.sentence.Sentence`: its English too); any other message as the service
        said it (through :func:`licensedesk.display_text.visible`: a stranger's text)."""
        key = self.message.strip().lower()
        if key in REASON_SENTENCES:
            return say(REASON_SENTENCES[key])
        said = visible(self.message.strip())
        return Sentence(said) if said else say(N_("The service gave no reason."))
