"""Connection settings of one profile: where the service is, which keys, how to talk to it.

Validated once, at construction, so a bad base URL or an unknown time zone is
reported before anything is sent. Keys never appear in ``repr``/``str``.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from licensedesk.i18n import N_

from .errors import InvalidInput
from .sentence import say

Transport = Literal["json", "form", "query"]
TRANSPORTS: tuple[str, ...] = ("json", "form", "query")
#: seconds a whole call may take, retries and their waits included (docs/client.md "Limits")
DEADLINE = 60.0
#: largest answer read for one call; an activations list gets more: read while it arrives,
#: its bytes are not kept (a site licence of 200,000 devices sends ~68 MB), but its
#: devices are, about 500 bytes each (docs/client.md, "Long lists")
MAX_ANSWER_BYTES = 4 * 1024**2
MAX_LIST_ANSWER_BYTES = 256 * 1024**2
#: the sentence of each setting that must be positive (one whole sentence each)
_MUST_BE_POSITIVE = {
    "connect_timeout": N_("The connect timeout must be positive."),
    "read_timeout": N_("The read timeout must be positive."),
    "deadline": N_("The deadline must be positive."),
    "max_answer_bytes": N_("The max answer bytes must be positive."),
    "max_list_answer_bytes": N_("The max list answer bytes must be positive."),
}


@dataclass(frozen=True)
class Credentials:
    """An application credential pair. ``api_key`` is hidden from ``repr``/``str``."""

    app_id: str
    api_key: str = field(repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.app_id, str) or not self.app_id.strip():
            raise InvalidInput(say(N_("The app ID is empty.")), field="app_id")
        if not isinstance(self.api_key, str) or not self.api_key.strip():
            raise InvalidInput(say(N_("The API key is empty.")), field="api_key")

    def __repr__(self) -> str:
        return f"Credentials(app_id={self.app_id!r}, api_key='***')"

    __str__ = __repr__


def is_loopback_host(host: str) -> bool:
    """True for ``localhost``, ``*.localhost``, ``127.0.0.0/8`` and ``::1``."""
    h = host.strip().strip("[]").rstrip(".").lower()
    if h == "localhost" or h.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class ClientConfig:
    """Everything a :class:`LicenseClient` needs; immutable, checked on construction.

    ``base_url`` is the service root without ``/v2`` (a trailing ``/v2`` is
    tolerated and removed). ``http://`` is refused unless the host is loopback
    or ``allow_insecure_http`` is set. ``retry_backoff`` is the first GET
    retry delay (then x3), ``retry_after_cap`` caps a server's Retry-After.
    ``deadline`` bounds a whole call (the time-outs bound one connect / one
    read); ``max_answer_bytes`` / ``max_list_answer_bytes`` bound what is read.
    """

    base_url: str
    read: Credentials | None = None
    write: Credentials | None = None
    transport: Transport | None = None
    legacy_activation_routes: bool = False
    connect_timeout: float = 5.0
    read_timeout: float = 20.0
    server_timezone: str = "UTC"
    verify: bool | str | Path = True
    allow_insecure_http: bool = False
    max_retries: int = 2
    retry_backoff: float = 0.2
    retry_after_cap: float = 10.0
    deadline: float = DEADLINE
    max_answer_bytes: int = MAX_ANSWER_BYTES
    max_list_answer_bytes: int = MAX_LIST_ANSWER_BYTES

    def __post_init__(self) -> None:
        url = _check_base_url(self.base_url, self.allow_insecure_http)
        object.__setattr__(self, "base_url", url)
        if self.transport is not None and self.transport not in TRANSPORTS:
            raise InvalidInput(
                say(
                    N_("Unknown argument transport {transport}: use json, form or query."),
                    transport=repr(self.transport),
                ),
                field="transport",
            )
        try:
            ZoneInfo(self.server_timezone or "UTC")
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise InvalidInput(
                say(
                    N_(
                        "Unknown server time zone {zone}: use an IANA name such as UTC or "
                        "Europe/Berlin."
                    ),
                    zone=repr(self.server_timezone),
                ),
                field="server_timezone",
            ) from exc
        for name in ("connect_timeout", "read_timeout", "deadline"):
            if not float(getattr(self, name)) > 0:
                raise InvalidInput(say(_MUST_BE_POSITIVE[name]), field=name)
        for name in ("max_answer_bytes", "max_list_answer_bytes"):
            if not int(getattr(self, name)) > 0:
                raise InvalidInput(say(_MUST_BE_POSITIVE[name]), field=name)
        if self.max_retries < 0 or self.retry_backoff < 0 or self.retry_after_cap < 0:
            raise InvalidInput(say(N_("Retry settings must not be negative.")), field="max_retries")

    @property
    def tz(self) -> ZoneInfo:
        """The server's time zone for ``created_at``/``updated_at``."""
        return ZoneInfo(self.server_timezone or "UTC")

    def __repr__(self) -> str:
        return (
            f"ClientConfig(base_url={self.base_url!r}, read={self.read!r}, write={self.write!r}, "
            f"transport={self.transport!r}, "
            f"legacy_activation_routes={self.legacy_activation_routes}, "
            f"server_timezone={self.server_timezone!r})"
        )

    __str__ = __repr__


def _check_base_url(url: str, allow_insecure_http: bool) -> str:
    if not isinstance(url, str) or not url.strip():
        raise InvalidInput(say(N_("The service address is empty.")), field="base_url")
    url = url.strip().rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidInput(
            say(
                N_("The service address {url} is not an http:// or https:// address."),
                url=repr(url),
            ),
            field="base_url",
        )
    if parts.query or parts.fragment or parts.username or parts.password:
        raise InvalidInput(
            say(N_("The service address must not contain a query, a fragment or a user name.")),
            field="base_url",
        )
    if parts.scheme == "http" and not allow_insecure_http and not is_loopback_host(parts.hostname):
        raise InvalidInput(
            say(
                N_(
                    "The service address uses unencrypted http:// for {host}. Use https://, or "
                    "allow insecure http in the profile (keys would travel in clear)."
                ),
                host=parts.hostname,
            ),
            field="base_url",
        )
    if url.endswith("/v2"):
        url = url[: -len("/v2")]
    return url
