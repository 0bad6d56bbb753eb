"""The canary rule of the history: no key, no password, no URL query ever reaches a store.

Every entry goes through :func:`clean_entry` before it is written or imported:

- the service is reduced to scheme, host and port (user info, path, query dropped);
- text fields are scrubbed (:func:`licensedesk.storage.scrub.scrub_text`);
- ``before`` loses keys named like secrets (``api_key``, ``password``, product
  ``key``/``signature``…) and is capped in size.
"""

from __future__ import annotations

import functools
import json
from typing import Any
from urllib.parse import urlsplit

from licensedesk.storage.scrub import plain, scrub_text

from .model import Entry

__all__ = ["clean_before", "clean_entry", "service_origin"]

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
    if isinstance(before, dict) and _already_clean(before, texts) and plain("\x00".join(texts)):
        clean, text = before, json.dumps(before, ensure_ascii=False)
    else:
        whole = before if isinstance(before, dict) else {"value": before}
        text = json.dumps(_clean_value(whole), ensure_ascii=False, default=str)
        clean = json.loads(text)
    if len(text) > BEFORE_LIMIT:
        return {"note": f"what the row looked like was too large to keep ({len(text)} characters)"}
    return clean


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
    if plain("\x00".join(t for t in texts if t)):  # one test instead of seven
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
