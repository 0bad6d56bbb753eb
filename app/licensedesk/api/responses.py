"""Turn an HTTP response into a JSON body or the right :class:`ApiError` (spec §7).

An ``{"error": {...}}`` body is an error whatever the HTTP status, even 200.
Errors are recognised first by the service's message, then by its
``status_code``, then by the HTTP status: a 403 with words of its own is a refusal
of the request, not of the credentials. A non-JSON answer becomes
``ServiceError`` when the status says the server failed (5xx, 429) and
``BadResponse`` otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from licensedesk.display_text import visible
from licensedesk.i18n import N_

from .errors import (
    ApiError,
    BadResponse,
    ErrorDetails,
    NotAuthorized,
    NotFound,
    RateLimited,
    Refused,
    SeatLimitReached,
    ServiceError,
    UpgradeMismatch,
)
from .redact import redact
from .sentence import Sentence, say
from .verdicts import Verdict, classify

#: Deepest nesting of arrays/objects accepted in an answer. The spec's bodies are at
#: most 4 deep; a deeper answer is a broken or hostile server, and 10^5 levels would
#: otherwise end in Python's RecursionError.
MAX_DEPTH = 64


@dataclass(frozen=True)
class ReadAnswer:
    """A response whose body the transport has read itself, within the size limit."""

    status_code: int
    headers: Mapping[str, str]
    content: bytes | bytearray


def _norm(message: str | None) -> str:
    return (message or "").strip().rstrip("!. ").lower()


_KNOWN: dict[str, tuple[type[ApiError], str | None, str]] = {
    _norm("You are not authorized!"): (NotAuthorized, None, NotAuthorized.default_sentence),
    _norm("License does not exist!"): (NotFound, "license", N_("This serial does not exist.")),
    _norm("Activation does not exist!"): (
        NotFound,
        "activation",
        N_("This activation does not exist (it may have been deleted already)."),
    ),
    _norm("Current license does not exist!"): (
        NotFound,
        "current_license",
        N_("The current licence (the one to upgrade from) does not exist."),
    ),
    _norm("Upgrade license does not exist!"): (
        NotFound,
        "upgrade_license",
        N_("The upgrade licence does not exist."),
    ),
    _norm("Upgrade license does not match for upgrade with current license!"): (
        UpgradeMismatch,
        None,
        N_("The upgrade licence does not match the current licence, so it cannot upgrade it."),
    ),
}


def says(error: ApiError, message: str) -> bool:
    """Whether the service's own message of ``error`` is ``message`` (tolerant compare)."""
    return _norm(error.details.server_message) == _norm(message)


def map_error(
    *,
    message: str | None,
    status_code: int | None,
    http_status: int | None,
    not_found_what: str = "license",
    details: ErrorDetails | None = None,
) -> ApiError:
    """The error for a service message / body status_code / HTTP status.

    The message decides first: only "You are not authorized!", or a 401/403 without a
    message, is about the credentials (the client's :class:`~.permissions.Permissions`
    then says which pair). A 401/403 with other words is a refusal of the request (the
    live service's 403 "You do not have any free licenses for this sku…"), said with
    the service's words (DESIGN.md §2)."""
    details = details or ErrorDetails(
        http_status=http_status, status_code=status_code, server_message=message
    )
    if http_status == 429 or status_code == 429:
        return RateLimited(None, details)
    known = _KNOWN.get(_norm(message))
    if known is not None:
        cls, what, sentence = known
        if cls is NotFound:
            return NotFound(say(sentence), details, what=what or not_found_what)
        return cls(say(sentence), details)
    code = status_code or http_status or 0
    # the service's own words go into our sentence: made harmless to show (display_text.py)
    said = visible(message.strip()) if message else ""
    if (code == 401 or code == 403) and not said:
        return NotAuthorized(None, details)
    if code == 404:
        # TRANSLATORS: {message} is the service's own message (English, as it sent it)
        found = (
            say(N_("The service could not find it: {message}"), message=said)
            if said
            else say(N_("The service could not find it."))
        )
        return NotFound(found, details, what=not_found_what)
    if code >= 500:
        # TRANSLATORS: {message} is the service's own message (English, as it sent it)
        failed = (
            say(
                N_("The licence service had an internal problem (HTTP {code}): {message}"),
                code=code,
                message=said,
            )
            if said
            else say(N_("The licence service had an internal problem (HTTP {code})."), code=code)
        )
        return ServiceError(failed, details)
    if said:
        # a refusal in the service's words (422 …): not a crash; a full licence is named
        refused = SeatLimitReached if classify(message) is Verdict.HOST_LIMIT else Refused
        # TRANSLATORS: {message} is the service's own message (English, as it sent it)
        return refused(
            say(N_("The licence service refused the request: {message}"), message=said), details
        )
    return BadResponse(unexpected_status(code), details)


def shape_error(name: str, cause: str | None = None, status: int | None = None) -> BadResponse:
    """An object of the spec's model ``name`` that could not be read (``cause``: why)."""
    # TRANSLATORS: {name} is a model name of the spec: License, Activation, Product…
    return BadResponse(
        say(N_("The licence service sent {name} data of an unexpected shape."), name=name),
        ErrorDetails(http_status=status, cause=cause),
    )


def not_json(status: int) -> Sentence:
    """The sentence of an answer that is not JSON (and not a web page)."""
    return say(
        N_("The server's answer could not be read: it is not valid JSON (HTTP {status})."),
        status=status,
    )


def nested_too_deep(status: int) -> Sentence:
    """The sentence of an answer nested deeper than :data:`MAX_DEPTH`."""
    return say(
        N_(
            "The server's answer could not be read: its data is nested more than "
            "{depth} levels deep (HTTP {status})."
        ),
        depth=MAX_DEPTH,
        status=status,
    )


def unexpected_status(code: int) -> Sentence:
    """A status the spec does not use (not 2xx, and no message said what it meant)."""
    return say(N_("The licence service answered with unexpected status {code}."), code=code)


def _as_int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` (decoded JSON) nests arrays/objects more than ``limit`` deep.
    Level by level, without recursion: a deep answer cannot exhaust the stack, and the
    walk costs a fraction of the ``json.loads`` before it."""
    level = [value] if type(value) is dict or type(value) is list else []
    depth = 1
    while level:
        if depth > limit:
            return True
        below = []
        for item in level:
            for child in item.values() if type(item) is dict else item:
                if type(child) is dict or type(child) is list:
                    below.append(child)
        level = below
        depth += 1
    return False


def _unreadable(sentence: Sentence, status: int, details: ErrorDetails) -> ApiError:
    """A body that is not usable JSON: the server failed (5xx, 429) or answered badly."""
    if status == 429:
        return RateLimited(None, details)
    if status >= 500:
        return ServiceError(sentence, details)
    return BadResponse(sentence, details)


def _looks_like_html(response: ReadAnswer) -> bool:
    ctype = response.headers.get("content-type", "").lower()
    head = response.content[:512].lstrip().lower()
    return "html" in ctype or head.startswith((b"<!doctype", b"<html", b"<"))


def decode(
    response: ReadAnswer,
    *,
    not_found_what: str,
    method: str,
    url: str,
) -> dict[str, Any]:
    """Return the JSON object of a success, or raise the mapped ApiError."""
    status = response.status_code
    body = _parsed(response, method=method, url=url)
    message, code, said_error = _error_of(body, status)
    if said_error or status >= 400:
        raise map_error(
            message=message,
            status_code=code,
            http_status=status,
            not_found_what=not_found_what,
            details=ErrorDetails(
                method=method, url=url, http_status=status, status_code=code, server_message=message
            ),
        )
    if not 200 <= status < 300:
        raise BadResponse(
            unexpected_status(status), ErrorDetails(method=method, url=url, http_status=status)
        )
    if not isinstance(body, dict):
        raise BadResponse(
            say(N_("The licence service sent an empty answer (HTTP {status})."), status=status)
            if body is None
            else say(
                N_("The licence service sent an answer of an unexpected shape (HTTP {status})."),
                status=status,
            ),
            ErrorDetails(method=method, url=url, http_status=status, cause=_snippet(response)),
        )
    return body


def _parsed(response: ReadAnswer, *, method: str, url: str) -> Any:
    """The decoded JSON body (``None`` when empty); an unreadable or too deep one raises."""
    status = response.status_code
    try:
        body = json.loads(response.content) if response.content.strip() else None
        deep = too_deep(body)
    except RecursionError:
        deep = True
    except (ValueError, UnicodeDecodeError):
        if _looks_like_html(response):
            sentence = say(
                N_("The server answered with a web page instead of data (HTTP {status})."),
                status=status,
            )
        else:
            sentence = not_json(status)
        details = ErrorDetails(method=method, url=url, http_status=status, cause=_snippet(response))
        raise _unreadable(sentence, status, details) from None
    if deep:
        raise BadResponse(
            nested_too_deep(status),
            ErrorDetails(method=method, url=url, http_status=status, cause=_snippet(response)),
        )
    return body


def _error_of(body: Any, status: int) -> tuple[str | None, int | None, bool]:
    """(message, body status_code, whether the body is an ``{"error": …}``) of an answer.
    Without an error body, a failed status's ``message`` is the service's words."""
    if isinstance(body, dict) and "error" in body and body["error"]:
        err = body["error"]
        if isinstance(err, dict):
            message, code = err.get("message"), _as_int(err.get("status_code"))
        else:
            message, code = str(err), None
        if message is not None and not isinstance(message, str):
            message = str(message)
        return message, code, True
    message = body.get("message") if isinstance(body, dict) and status >= 400 else None
    return (message if isinstance(message, str) else None), None, False


def _snippet(response: ReadAnswer, limit: int = 200) -> str:
    text = response.content[:limit].decode("utf-8", "replace").strip()
    return redact(text) + ("…" if len(response.content) > limit else "")
