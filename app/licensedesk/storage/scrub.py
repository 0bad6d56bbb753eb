"""Text without secrets: no key, no password, no URL query reaches a store or a sentence
about one (the canary rule).

:func:`scrub_text` masks ``api_key=…`` values (also percent-encoded and in JSON or Python
reprs), ``password=…``, the password of a ``scheme://user:pw@host`` URL, the query
string of any URL, tokens shaped like the service's keys (``sk_…``), and every literal
secret that was registered (:func:`register_secret`: the team database's password; and,
when the client is loaded, every api_key the client registered with
``licensedesk.api.redact``). The history cleans its entries with it
(:mod:`licensedesk.history.scrub`), the database layer its sentences.

Why our own patterns rather than importing ``licensedesk.api.redact``: the stores do not
depend on the client (importing it loads httpx); when the client *is* loaded, its
registry of keys is used as well.
"""

from __future__ import annotations

import re
import sys
import threading

__all__ = ["MASK", "plain", "register_secret", "scrub_text"]

MASK = "***"

_PATTERNS = (
    # api_key=VALUE / password=VALUE in URLs, queries, form bodies, conninfo strings
    re.compile(r"(?i)((?:api_key|password|passwd|pwd)\s*(?:=|%3D))[^&\s\"'#<>,;)\]}]*"),
    # "api_key": "VALUE" (JSON) and 'api_key': 'VALUE' (Python reprs)
    re.compile(r"(?i)(\\?[\"']\s*(?:api_key|password)\\?[\"']\s*:\s*\\?[\"'])(?:[^\"'\\]|\\.)*"),
    # scheme://user:PASSWORD@host
    re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://[^\s/:@?#\"'<>]*:)[^\s@/?#\"'<>]*(?=@)"),
    # the query of any URL
    re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://[^\s?#\"'<>]*\?)[^\s#\"'<>)]*"),
    # tokens shaped like the service's api_keys
    re.compile(r"()\bsk_[A-Za-z0-9_]{12,}"),
)

#: Every pattern above, and the client's (``licensedesk.api.redact``), needs one of these
#: in the text: ``=`` or ``%3D`` (a value assigned), ``://`` (a URL), ``sk_``, or the name
#: ``api_key``/``password`` (JSON and reprs). A text without any of them (most of a
#: history: times, names, the service's messages) is kept as it is without running them:
#: importing a million entries spent most of its time in these patterns.
_MIGHT_HOLD = re.compile(r"(?i)=|%3d|://|sk_|api_key|password")

_secrets: set[str] = set()
_lock = threading.Lock()


def register_secret(value: str | None) -> None:
    """Mask this exact string in every entry from now on (short values are ignored)."""
    if isinstance(value, str) and len(value) >= 4:
        with _lock:
            _secrets.add(value)


def scrub_text(text: str | None) -> str | None:
    """``text`` without keys, passwords and URL queries."""
    if not text:
        return text
    out = str(text)
    if plain(out):
        return out
    for pattern in _PATTERNS:
        out = pattern.sub(lambda m: m.group(1) + MASK, out)
    with _lock:
        literals = sorted(_secrets, key=len, reverse=True)
    for secret in literals:
        out = out.replace(secret, MASK)
    client_redact = sys.modules.get("licensedesk.api.redact")
    if client_redact is not None:  # the client's own registry of api_keys
        out = client_redact.redact(out)
    return out


def plain(text: str) -> bool:
    """Whether no pattern and no registered secret (ours, or the client's when it is
    loaded) can change ``text`` (:data:`_MIGHT_HOLD`)."""
    if _MIGHT_HOLD.search(text) is not None:
        return False
    mine = tuple(_secrets)  # a copy in one step: another thread may register one meanwhile
    if mine and any(secret in text for secret in mine):
        return False
    client_redact = sys.modules.get("licensedesk.api.redact")
    return client_redact is None or not client_redact.holds_registered(text)
