"""What a validation's answer means: one :class:`Verdict` for every way a service says it.

The service answers POST licenses/valid in two forms (DESIGN.md §2): the live one,
an error body whose message is the vendor's sentence ("Subscription license
expired!", "Product does not exist!"…), and an earlier one, a 200 whose
``data.message`` is a word (``expired``, ``product_mismatch``…). Some of the
live wordings are not published, only named by the vendor's library (maximum
number of hosts, activation deactivated, SKU not active…), so messages are
recognised by their stems, and anything unrecognised is "not valid" with the
service's own words. This is the one place that reads those messages: the command
line, the window, the batch check and the history all ask :func:`classify`.
"""

from __future__ import annotations

import re
from enum import Enum

from licensedesk.display_text import visible
from licensedesk.i18n import N_

from .errors import (
    ApiError,
    NotAuthorized,
    NotFound,
    RateLimited,
    SeatLimitReached,
    ServiceError,
    UpgradeMismatch,
)
from .sentence import Sentence, say

__all__ = ["Verdict", "answered_no", "classify", "refusal_words", "spoken", "verdict_sentence"]

#: statuses about the request itself, not the licence: never a validation's answer
_PROTOCOL_STATUSES = frozenset({405, 407, 408, 411, 413, 414, 415, 431})


class Verdict(Enum):
    """A validation's outcome; the value is the word exports and ``--json`` carry."""

    VALID = "valid"
    EXPIRED = "expired"
    NOT_STARTED = "not_started"
    SERIAL_UNKNOWN = "serial_unknown"
    PRODUCT_UNKNOWN = "product_unknown"
    PRODUCT_INACTIVE = "product_inactive"
    HOST_LIMIT = "host_limit_reached"
    DEACTIVATED = "activation_deactivated"
    OTHER_TRIAL = "another_trial_on_device"
    NO_SUBSCRIPTION = "no_active_subscription"
    RATE_LIMITED = "rate_limited"
    NOT_VALID = "not_valid"


#: (verdict, stems): the first verdict with a stem found in the message wins, so the
#: narrower stems come first ("trial license not started" is not "expired").
_STEMS: tuple[tuple[Verdict, tuple[str, ...]], ...] = (
    (Verdict.RATE_LIMITED, ("too many requests", "rate limit")),
    (Verdict.OTHER_TRIAL, ("another trial",)),
    (Verdict.NO_SUBSCRIPTION, ("no active subscription",)),
    (Verdict.NOT_STARTED, ("not started", "not yet started", "not active yet")),
    (Verdict.EXPIRED, ("expired",)),
    (
        Verdict.SERIAL_UNKNOWN,
        (
            "serial does not exist",
            "license does not exist",
            "licence does not exist",
            "serial not found",
            "unknown serial",
        ),
    ),
    (
        Verdict.PRODUCT_UNKNOWN,
        (
            "product mismatch",
            "product does not exist",
            "not for this sku",
            "product not found",
            "unknown product",
        ),
    ),
    (
        Verdict.PRODUCT_INACTIVE,
        (
            "product inactive",
            "product not active",
            "product is not active",
            "sku not active",
            "sku is not active",
            "sku inactive",
        ),
    ),
    (Verdict.HOST_LIMIT, ("host limit", "maximum number", "max host", "allowed activations")),
    (Verdict.DEACTIVATED, ("deactivated", "activation disabled", "activation is disabled")),
)

#: the sentence of each verdict (marked, English: :func:`verdict_sentence` translates)
SENTENCES: dict[Verdict, str] = {
    Verdict.VALID: N_("The licence is valid for this product."),
    Verdict.EXPIRED: N_("The licence has expired."),
    Verdict.NOT_STARTED: N_("The licence is not active yet: its start date is in the future."),
    Verdict.SERIAL_UNKNOWN: N_(
        "The service does not know this serial, or it is already registered."
    ),
    Verdict.PRODUCT_UNKNOWN: N_("The licence does not cover this product."),
    Verdict.PRODUCT_INACTIVE: N_("The product is no longer active."),
    Verdict.HOST_LIMIT: SeatLimitReached.default_sentence,
    Verdict.DEACTIVATED: N_("This device's activation is switched off."),
    Verdict.OTHER_TRIAL: N_("Another trial licence has already been activated on this device."),
    Verdict.NO_SUBSCRIPTION: N_("There is no active subscription for this licence."),
    Verdict.RATE_LIMITED: RateLimited.default_sentence,
}
_SEPARATORS = re.compile(r"[\s_\-]+")
_CODE_WORD = re.compile(r"[a-z]+(_[a-z]+)*")


def _plain(message: str) -> str:
    """Lower case, ``_``/``-``/runs of spaces as one space, no end punctuation."""
    return _SEPARATORS.sub(" ", message.strip().lower()).strip(" !.?")


def classify(message: str | None, http_status: int | None = None) -> Verdict:
    """The verdict of a validation answer: ``message`` in either form; ``http_status``
    429 is a rate limit whatever the words."""
    if http_status == 429:
        return Verdict.RATE_LIMITED
    plain = _plain(message or "")
    if plain == "valid":
        return Verdict.VALID
    for verdict, stems in _STEMS:
        if any(stem in plain for stem in stems):
            return verdict
    return Verdict.NOT_VALID


def verdict_sentence(verdict: Verdict, message: str | None = None) -> Sentence:
    """A sentence for a person, in the language in use (with its English). "Not valid"
    carries the service's own words (made harmless to show: a stranger's text)."""
    if verdict is not Verdict.NOT_VALID:
        return say(SENTENCES[verdict])
    said = visible((message or "").strip())
    if not said:
        return say(N_("The licence is not valid: the service gave no reason."))
    # TRANSLATORS: {message} is the service's own words (English, as it sent them)
    return say(N_("Not valid: {message}"), message=said)


def answered_no(error: ApiError) -> bool:
    """Whether ``error``, raised for POST licenses/valid, is the service's answer about the
    licence (the live form: an error body with its own words), not a failure to ask:
    credentials refused, a rate limit, a server failure or a request it could not read
    are errors still."""
    if isinstance(error, NotAuthorized | RateLimited):
        return False
    if not isinstance(error, NotFound | UpgradeMismatch | ServiceError):
        return False
    details = error.details
    if not (details.server_message or "").strip():
        return False
    statuses = {details.http_status or 0, details.status_code or 0}
    return max(statuses) < 500 and not statuses & _PROTOCOL_STATUSES


def spoken(message: str | None) -> str:
    """The service's message when it is a sentence of its own (the live form), "" for a
    bare word of the earlier form (``expired``) or nothing: the words worth showing."""
    said = (message or "").strip()
    return said if said and not _CODE_WORD.fullmatch(said) else ""


def refusal_words(message: str | None) -> str:
    """What the history keeps of a "no" (in English, like everything it keeps): the
    service's own sentence as it wrote it, or, for a bare word of the earlier form
    (``host_limit_reached``), the verdict's sentence, which the history shows translated."""
    said = spoken(message)
    if said:
        return said
    said = (message or "").strip()
    verdict = classify(said)
    return SENTENCES.get(verdict, said) if verdict is not Verdict.NOT_VALID else said
