"""How the sandbox says a validation's outcome: the live service's way, or the earlier one.

``errors`` (the default, as the vendor documents the live service): every outcome
but ``valid`` is an error body with the vendor's sentence and a matching HTTP
status. ``data`` (``serve --validation-answers data``): the earlier form, a 200
whose ``data.message`` is a word (``expired``, ``not_started``,
``product_mismatch``, ``product_inactive``, ``host_limit_reached``,
``activation_disabled``); an unknown serial is 404 ``License does not exist!``
there, and an outcome without a word of its own carries the vendor's sentence.
Clients must understand both (DESIGN.md §2).
"""

from __future__ import annotations

from typing import Any

from .errors import LICENSE_MISSING, ApiError

FORMS = ("errors", "data")
#: the earlier form's words (an unknown product code was a mismatch there too)
_DATA_WORDS = {"product_unknown": "product_mismatch"}
_OLD_WORDS = frozenset(
    {
        "expired",
        "not_started",
        "product_mismatch",
        "product_inactive",
        "host_limit_reached",
        "activation_disabled",
    }
)

#: outcome -> (HTTP status, the vendor's sentence). Published wordings where there are
#: some; the others are the sandbox's choice of words for the library's status codes.
_LIVE = {
    "serial_unknown": (404, "Serial does not exist or registered!"),
    "product_unknown": (404, "Product does not exist!"),
    "product_mismatch": (422, "Product is not for this SKU!"),
    "product_inactive": (422, "Product is not active!"),
    "no_subscription": (404, "No Active Subscription!"),
    "other_trial": (422, "Another trial license has already been activated on this device!"),
    "host_limit_reached": (422, "Maximum number of hosts reached!"),
    "activation_disabled": (422, "Activation is deactivated!"),
}
#: expired / not started, by licence type
_DATED = {
    ("expired", "trial"): (404, "Trial license expired!"),
    ("expired", "subscription"): (404, "Subscription license expired!"),
    ("expired", ""): (404, "License expired!"),
    ("not_started", "trial"): (404, "Trial license not started!"),
    ("not_started", "subscription"): (404, "Subscription license not started!"),
    ("not_started", ""): (404, "License not started!"),
}


def _live(word: str, kind: str) -> tuple[int, str]:
    if word in ("expired", "not_started"):
        return _DATED.get((word, kind)) or _DATED[(word, "")]
    return _LIVE[word]


def answer(result: dict[str, Any], form: str) -> dict[str, Any]:
    """The body to send for ``validation.validate``'s result, or raise the error body."""
    data = dict(result["data"])
    word, kind = data.pop("message"), data.pop("type", "")
    if word == "valid":
        return {"data": {"message": "valid", **data}}
    if form == "errors":
        raise ApiError(*_live(word, kind))
    if word == "serial_unknown":
        raise ApiError(404, LICENSE_MISSING)
    word = _DATA_WORDS.get(word, word)
    return {"data": {"message": word if word in _OLD_WORDS else _live(word, kind)[1], **data}}
