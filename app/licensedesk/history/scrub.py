"""The canary rule of the history: no key, no password, no URL query ever reaches a store.

Every entry goes through :func:`clean_entry` before it is written or imported:

- the service is reduced to scheme, host and port (user info, path, query dropped);
- text fields lose ``api_key=…`` values (also percent-encoded and in JSON or
  Python reprs), ``password=…``, the password of a ``scheme://user:pw@host`` URL,
  the query string of any URL, tokens shaped like the service's keys (``sk_…``),
  and every literal secret that was registered (:func:`register_secret`: the
  team database's password; and, when the client is loaded, every api_key the
  client registered with ``licensedesk.api.redact``);
- ``before`` loses keys named like secrets (``api_key``, ``password``, product
  ``key``/``signature``…) and is capped in size.

Why our own patterns rather than importing ``licensedesk.api.redact``: the
history layer does not depend on the client (importing it loads httpx); when
the client *is* loaded, its registry of keys is used as well.
"""

from __future__ import annotations

import functools
import json
import re
import sys
import threading
from typing import Any
from urllib.parse import urlsplit

from .model import Entry

__all__ = [
    "MASK",
    "clean_before",
    "clean_entry",
    "register_secret",
    "scrub_text",
    "service_origin",
]

MASK = "***"
BEFORE_LIMIT = 8_000  # characters of JSON: "a small dict", never a dump of a whole response

SECRET_NAMES = frozenset(
    {
        "api_key",
        "apikey",
        "password",
        "passwd",
        "pwd",
        "secret",
        "token",
        "key",
        "signature",
        "signature_trial",
        "authorization",
        "write_api_key",
        "read_api_key",
    }
)

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
    client_redact = sys.modules.get("licensedesk.api.redact")
    if _MIGHT_HOLD.search(out) is None and not _holds_literal(out, client_redact):
        return out
    for pattern in _PATTERNS:
        out = pattern.sub(lambda m: m.group(1) + MASK, out)
    with _lock:
        literals = sorted(_secrets, key=len, reverse=True)
    for secret in literals:
        out = out.replace(secret, MASK)
    if client_redact is not None:  # the client's own registry of api_keys
        out = client_redact.redact(out)
    return out


def _holds_literal(text: str, client_redact: Any) -> bool:
    """Whether a registered secret (ours, or the client's when it is loaded) is in ``text``."""
    mine = tuple(_secrets)  # a copy in one step: another thread may register one meanwhile
    if mine and any(secret in text for secret in mine):
        return True
    return client_redact is not None and client_redact.holds_registered(text)


@functools.lru_cache(maxsize=256)  # a desk's few services, a million entries
def service_origin(url: str | None) -> str | None:
    """``https://user:pw@host:8443/v2?api_key=…`` → ``https://host:8443``."""
    if not url:
        return None
    text = str(url).strip()
    if "://" not in text:
        text = "https://" + text
    try:
        parts = urlsplit(text)
        host = parts.hostname
        port = parts.port
    except ValueError:
        return None
    if not host:
        return None
    if ":" in host:  # IPv6
        host = f"[{host}]"
    scheme = (parts.scheme or "https").lower()
    return f"{scheme}://{host}" + (f":{port}" if port else "")


def _plain(text: str) -> bool:
    """Whether no pattern and no registered secret can change ``text`` (:data:`_MIGHT_HOLD`)."""
    return _MIGHT_HOLD.search(text) is None and not _holds_literal(
        text, sys.modules.get("licensedesk.api.redact")
    )


def _already_clean(value: Any, texts: list[str]) -> bool:
    """Whether ``value`` is JSON as it is (text keys, no secret-named key, no tuple, set or
    other object), collecting its strings into ``texts`` for one :func:`_plain` test."""
    if isinstance(value, str):
        texts.append(value)
        return True
    if value is None or isinstance(value, bool | int | float):
        return True
    if isinstance(value, dict):
        return all(
            isinstance(k, str) and k.lower() not in SECRET_NAMES and _already_clean(v, texts)
            for k, v in value.items()
        )
    if isinstance(value, list):
        return all(_already_clean(v, texts) for v in value)
    return False


def clean_before(before: Any) -> dict[str, Any] | None:
    """A JSON-safe copy of ``before`` without secret-named keys, scrubbed, size-capped
    (``before`` itself when it is already so: an import of a million entries)."""
    if before is None:
        return None
    texts: list[str] = []
    if isinstance(before, dict) and _already_clean(before, texts) and _plain("\x00".join(texts)):
        size = len(json.dumps(before, ensure_ascii=False))
        if size > BEFORE_LIMIT:
            return {"note": f"what the row looked like was too large to keep ({size} characters)"}
        return before
    if not isinstance(before, dict):
        before = {"value": before}
    cleaned = _clean_value(before)
    text = json.dumps(cleaned, ensure_ascii=False, default=str)
    if len(text) > BEFORE_LIMIT:
        return {"note": f"what the row looked like was too large to keep ({len(text)} characters)"}
    return json.loads(text)


def _clean_value(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            str(k): _clean_value(v) for k, v in value.items() if str(k).lower() not in SECRET_NAMES
        }
    if isinstance(value, list | tuple | set):
        return [_clean_value(v) for v in value]
    if isinstance(value, str):
        return scrub_text(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    return scrub_text(str(value))


def clean_entry(entry: Entry) -> Entry:
    """The entry as it may be stored."""
    texts = (
        entry.user,
        entry.machine,
        entry.display_name,
        entry.profile,
        entry.serial,
        entry.product,
        entry.detail,
    )
    if _plain("\x00".join(t for t in texts if t)):  # one test instead of seven
        service, before = service_origin(entry.service), clean_before(entry.before)
        if entry.user and entry.machine and service == entry.service and before is entry.before:
            return entry  # as it may be stored already (an import of a million entries)
        return entry.replace(
            user=entry.user or "unknown",
            machine=entry.machine or "unknown",
            service=service,
            before=before,
        )
    return entry.replace(
        user=scrub_text(entry.user) or "unknown",
        machine=scrub_text(entry.machine) or "unknown",
        display_name=scrub_text(entry.display_name),
        profile=scrub_text(entry.profile),
        service=service_origin(entry.service),
        serial=scrub_text(entry.serial),
        product=scrub_text(entry.product),
        before=clean_before(entry.before),
        detail=scrub_text(entry.detail),
    )
