"""Keep ``api_key`` values out of logs, error texts and reprs (DESIGN.md §3).

``redact(text)`` masks ``api_key=…`` (URLs, query strings, form bodies, also
percent-encoded ``api_key%3D…``), ``"api_key": "…"`` (JSON) and
``'api_key': '…'`` (Python reprs), plus any literal key registered with
:func:`register_secret` (every :class:`LicenseClient` registers its keys).

Logging: a filter on a logger only sees records *created by that logger*,
not records propagated from child loggers. :func:`install_redaction`
therefore attaches :class:`RedactingFilter` to ``licensedesk``, ``httpx``,
``httpcore`` **and** to every already-known child of those names, plus
httpcore's usual children (``httpcore.connection``, ``httpcore.http11`` …).
Our own modules obtain their loggers through :func:`get_logger`, which
attaches the filter too. Loggers created later under other names are not
covered; the client also never formats an unredacted URL itself.
"""

from __future__ import annotations

import logging
import re
import threading

MASK = "***"

_QUERY_RE = re.compile(r"(?i)(api_key(?:=|%3D))[^&\s\"'#<>,;)\]}]*")
_JSON_RE = re.compile(r'(?i)("api_key"\s*:\s*")((?:[^"\\]|\\.)*)(")')
_PYREPR_RE = re.compile(r"(?i)('api_key'\s*:\s*')((?:[^'\\]|\\.)*)(')")
_JSON_BYTES_RE = re.compile(r'(?i)(\\?"api_key\\?"\s*:\s*\\?")([^"\\]*)')

#: each pattern above needs ``api_key`` (any case: ``(?i)`` also takes the Kelvin sign for
#: k); its ``_key`` part, case-sensitive with a literal ``_``, is found much faster
_MIGHT_HOLD = re.compile("_[kK\u212a][eE][yY]")

_secrets: set[str] = set()
_lock = threading.Lock()

ROOT_NAMES = ("licensedesk", "httpx", "httpcore")
_HTTPCORE_CHILDREN = (
    "httpcore.connection",
    "httpcore.connection_pool",
    "httpcore.http11",
    "httpcore.http2",
    "httpcore.proxy",
    "httpcore.socks",
)


def register_secret(value: str) -> None:
    """Mask this exact string wherever it appears (short values are ignored)."""
    if isinstance(value, str) and len(value) >= 6:
        with _lock:
            _secrets.add(value)


def holds_registered(text: str) -> bool:
    """Whether a registered key is in ``text`` (the history's cheap test before scrubbing)."""
    secrets = tuple(_secrets)  # a copy in one step: another thread may register one meanwhile
    return bool(secrets) and any(secret in text for secret in secrets)


def redact(text: str) -> str:
    """Return ``text`` with every api_key value replaced by ``***``."""
    if not isinstance(text, str) or not text:
        return text
    if _MIGHT_HOLD.search(text) is None and not holds_registered(text):
        return text  # a history export's megabytes: one quick scan instead of four
    out = _QUERY_RE.sub(lambda m: m.group(1) + MASK, text)
    out = _JSON_RE.sub(lambda m: m.group(1) + MASK + m.group(3), out)
    out = _PYREPR_RE.sub(lambda m: m.group(1) + MASK + m.group(3), out)
    out = _JSON_BYTES_RE.sub(lambda m: m.group(1) + MASK, out)
    with _lock:
        secrets = sorted(_secrets, key=len, reverse=True)
    for secret in secrets:
        if secret in out:
            out = out.replace(secret, MASK)
    return out


class RedactingFilter(logging.Filter):
    """Rewrites a record's message so no api_key survives; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_licensedesk_redacted", False):
            return True
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: keep what we can, redacted
            message = f"{record.msg!r} {record.args!r}"
        record.msg = redact(message)
        record.args = None
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        record._licensedesk_redacted = True
        return True


_FILTER = RedactingFilter()


def _attach(logger: logging.Logger) -> None:
    if not any(isinstance(f, RedactingFilter) for f in logger.filters):
        logger.addFilter(_FILTER)


def install_redaction() -> None:
    """Attach the filter to our loggers and httpx's/httpcore's (idempotent)."""
    names = set(ROOT_NAMES) | set(_HTTPCORE_CHILDREN)
    for name in list(logging.root.manager.loggerDict):
        if any(name == r or name.startswith(r + ".") for r in ROOT_NAMES):
            names.add(name)
    for name in names:
        _attach(logging.getLogger(name))


def get_logger(name: str) -> logging.Logger:
    """A module logger that already carries the redacting filter."""
    logger = logging.getLogger(name)
    _attach(logger)
    return logger
