"""What the sandbox may write into a log line about a request: never an api_key.

Redacting ``api_key=...`` in the raw query string was not enough: the server decodes
names (``api%5Fkey`` is ``api_key`` to it and is accepted), a whole ``name=value`` can
hide in an encoded name, and a path can carry a key (an encoded ``?``, or a key sent
where a serial belongs). So a request is described from what the server decoded, and
only what looks harmless is shown: route words, serials, ids, UUIDs, short lower-case
words. Anything else is ``*`` (and an ``api_key`` value is always ``***``). On top,
every formatted log line of ``serve`` goes through :func:`redact`.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import parse_qsl, unquote

_API_KEY = re.compile(r"""(api(?:_|-|\s|%5f)*key["']?\s*[=:]\s*["']?)[^&\s"',;}]*""", re.IGNORECASE)
_HARMLESS = re.compile(
    r"[A-Z0-9]{4}(-[A-Z0-9]{4}){4}"  # a serial
    r"|\d{1,18}"  # an id
    r"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"  # a product code
    r"|\d+(\.\d+)+"  # a version
    r"|[a-z0-9][a-z0-9.\-]{0,23}"  # a route word, a short lower-case value (demo-read, true)
)
# arguments of spec §4 whose values may be shown when they look harmless
_KNOWN = {
    "app_id",
    "serial",
    "code",
    "version",
    "host_id",
    "device_tag",
    "activated",
    "current_serial",
    "upgrade_serial",
    "sku_number",
    "name",
    "email",
}


def redact(text: str) -> str:
    """Hide every ``api_key=``/``"api_key": `` value in free text (the last safety net)."""
    return _API_KEY.sub(r"\1***", text)


def _shown(value: str) -> str:
    return value if _HARMLESS.fullmatch(value) else "*"


def safe_path(raw_path: bytes) -> str:
    """The path with every segment that does not look harmless replaced by ``*``."""
    text = raw_path.decode("latin-1")
    return "/".join(
        segment if not segment else _shown(unquote(segment)) for segment in text.split("/")
    )


def safe_query(query_string: bytes) -> str:
    """Decoded argument names and values as the server reads them, shown only when safe."""
    shown = []
    for name, value in parse_qsl(
        query_string.decode("latin-1"), keep_blank_values=True, errors="replace"
    ):
        key = name.lower()
        if key == "api_key":
            shown.append("api_key=***")
        elif key in _KNOWN:
            shown.append(f"{key}={_shown(value)}")
        else:
            shown.append("*=*")
    return "&".join(shown)


def request_target(raw_path: bytes, query_string: bytes) -> str:
    """What an access-log line shows of a request's target."""
    query = safe_query(query_string) if query_string else ""
    return safe_path(raw_path) + (f"?{query}" if query else "")


class RedactingFormatter(logging.Formatter):
    """Applies :func:`redact` to the whole formatted record, tracebacks included."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))
