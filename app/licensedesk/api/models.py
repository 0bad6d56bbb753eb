"""Typed, immutable models of spec §2, tolerant of the server's choices (DESIGN.md §2).

Tolerance rules (one place: the readers of :mod:`.wire`, which the annotations name):
- booleans: true/false, 0/1, "0"/"1", "true"/"false" (any case), "yes"/"no";
  ``null`` → False;
- integers: numbers or numeric strings ("42", "42.0"); ``null`` → None;
- strings the spec types as plain ``string``: ``null`` → ``""`` (so callers never
  test for None); numbers are turned into their text. Fields the spec types
  "string or null" (sku_url, image_url, name, email) keep ``None``;
- unknown fields are ignored, missing fields get their default;
- ``created_at``/``updated_at`` ("YYYY-MM-DD HH:MM:SS") are read in the server's
  time zone (``from_wire(data, tz)``, UTC if None) and become
  aware datetimes; ISO strings with an offset keep it; ``null``/"" → None;
- ``start_at``/``end_at`` (unix seconds, also as strings) → aware UTC datetimes;
  ``null``/"" → None.
"""

from __future__ import annotations

from dataclasses import field

from .sentence import english_of
from .verdicts import Verdict, classify, refusal_words, verdict_sentence
from .wire import (
    Bool,
    Int,
    LocalTime,
    OptStr,
    ReqInt,
    Str,
    UnixTime,
    WireModel,
    wire_model,
)


@wire_model
class License(WireModel):
    """Spec §2.1. ``sku_upgrade``/``definer`` come from show-license only (else None)."""

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


@wire_model
class Activation(WireModel):
    """Spec §2.2: one device bound to a licence."""

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


@wire_model
class Product(WireModel):
    """Spec §2.3. ``key``, ``signature``, ``signature_trial`` are vendor secrets: not in repr."""

    id: ReqInt
    name: Str = ""
    code: Str = ""
    filename: Str = ""
    key: Str = field(default="", repr=False)
    signature: Str = field(default="", repr=False)
    signature_trial: Str = field(default="", repr=False)
    active: Bool = False
    max_host_count: Int = None
    created_at: LocalTime = None
    updated_at: LocalTime = None


@wire_model
class ValidationResult(WireModel):
    """Spec §2.4. A message other than ``valid`` is a result with ``valid`` False; so is
    the error body the live service answers instead (the client turns it into one, with
    the vendor's sentence as ``message``)."""

    message: Str = ""
    licensee_name: Str = ""
    licensee_email: Str = ""
    sku_number: Str = ""
    product_code: Str = ""
    version_code: Str = ""

    @property
    def verdict(self) -> Verdict:
        """What the answer means (:mod:`.verdicts`: both forms, every known message)."""
        return classify(self.message)

    @property
    def valid(self) -> bool:
        return self.verdict is Verdict.VALID

    @property
    def reason_sentence(self) -> str:
        """A sentence for the verdict, in the language in use (a
        :class:`~.sentence.Sentence`: its English too); an unknown message is "not valid"
        with the service's own words (through :func:`licensedesk.display_text.visible`)."""
        return verdict_sentence(self.verdict, self.message)

    @property
    def refusal(self) -> str:
        """What the history keeps of a "no" (English): :func:`.verdicts.refusal_words`."""
        return refusal_words(self.message) or str(english_of(self.reason_sentence))
