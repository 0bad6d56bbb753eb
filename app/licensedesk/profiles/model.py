"""``Profile``: where a connection goes and how, never the api_keys themselves."""

from __future__ import annotations

import dataclasses
import math
import zoneinfo
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from licensedesk.api.config import TRANSPORTS, Transport, is_loopback_host
from licensedesk.i18n import N_, _

__all__ = ["Profile", "ProfileError", "is_loopback_host"]

MAX_NAME_LENGTH = 100
MAX_TIMEOUT = 600.0
#: a batch check's parallel requests (``batch_concurrency``): 1..32, 8 by default
BATCH_CONCURRENCY = (1, 32)


class ProfileError(ValueError):
    """A profile or the profiles file is not usable; ``str()`` is a sentence for a person,
    in the language in use."""

    @property
    def sentence(self) -> str:
        return str(self)


def _normalize_base_url(raw: object) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise ProfileError(
            _("The base URL is empty: give the service address, e.g. https://licenses.example.com.")
        )
    text = raw.strip()
    try:
        parts = urlsplit(text)
        host = parts.hostname
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number
    except ValueError as exc:
        raise ProfileError(
            _("The base URL {url} is not a valid address ({problem}).").format(
                url=repr(text), problem=exc
            )
        ) from None
    if parts.scheme.lower() not in ("http", "https"):
        raise ProfileError(
            _(
                "The base URL {url} must start with https:// (or http:// for a local service)."
            ).format(url=repr(text))
        )
    if not host:
        raise ProfileError(_("The base URL {url} has no host name.").format(url=repr(text)))
    if parts.username or parts.password:
        raise ProfileError(_("The base URL must not contain a user name or password."))
    if parts.query or parts.fragment:
        raise ProfileError(
            _("The base URL {url} must not contain a query (?) or fragment (#).").format(
                url=repr(text)
            )
        )
    path = parts.path.rstrip("/")
    # The client adds the /v2 prefix itself; a pasted ".../v2" would double it.
    if path.endswith("/v2"):
        path = path[: -len("/v2")]
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, "", ""))


# Each field's sentences whole (marked here, translated when raised): "The {what} must be
# text" would glue a translated name into a translated sentence.
_MUST_BE_TEXT = {
    "read_app_id": N_("The read app_id must be text."),
    "write_app_id": N_("The write app_id must be text."),
    "ca_bundle": N_("The CA bundle path must be text."),
}
_MUST_BE_SECONDS = {
    "connect_timeout": N_("The connect time-out must be a number of seconds."),
    "read_timeout": N_("The read time-out must be a number of seconds."),
    "deadline": N_("The deadline of a call must be a number of seconds."),
}
_SECONDS_RANGE = {
    "connect_timeout": N_(
        "The connect time-out must be more than 0 and at most {max} seconds (got {value})."
    ),
    "read_timeout": N_(
        "The read time-out must be more than 0 and at most {max} seconds (got {value})."
    ),
    "deadline": N_(
        "The deadline of a call must be more than 0 and at most {max} seconds (got {value})."
    ),
}
_MUST_BE_FLAG = {
    "legacy_activation_routes": N_("The legacy activation routes setting must be true or false."),
    "verify_tls": N_("The TLS verification setting must be true or false."),
    "allow_insecure_http": N_("The allow insecure http setting must be true or false."),
}


def _optional_text(value: object, field: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ProfileError(_(_MUST_BE_TEXT[field]))
    text = value.strip()
    return text or None


def _timeout(value: object, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ProfileError(_(_MUST_BE_SECONDS[field]))
    seconds = float(value)
    if not math.isfinite(seconds) or seconds <= 0 or seconds > MAX_TIMEOUT:
        raise ProfileError(_(_SECONDS_RANGE[field]).format(max=f"{MAX_TIMEOUT:g}", value=value))
    return seconds


def _timezone(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ProfileError(
            _("The server time zone is empty: use an IANA name such as UTC or Europe/Berlin.")
        )
    name = value.strip()
    if name == "UTC":  # always valid, even where the system has no tz database (Windows)
        return name
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ProfileError(
            _(
                "The server time zone {zone} is not a known IANA time zone name "
                "(such as UTC or Europe/Berlin)."
            ).format(zone=repr(name))
        ) from None
    return name


def _batch_concurrency(value: object) -> int:
    low, high = BATCH_CONCURRENCY
    whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if isinstance(value, bool) or not whole:
        raise ProfileError(_("The batch concurrency must be a whole number of requests."))
    if not low <= value <= high:
        raise ProfileError(
            _(
                "The batch concurrency must be from {low} to {high} requests at a time (got {value})."
            ).format(low=low, high=high, value=value)
        )
    return int(value)


def _flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise ProfileError(_(_MUST_BE_FLAG[field]))
    return value


@dataclass(frozen=True, slots=True)
class Profile:
    """A named connection to a License Management Service.

    Values are checked and normalised when the profile is made; a problem
    raises :class:`ProfileError` with a sentence. The api_keys are not part of
    a profile: they live in the OS keyring (:class:`~licensedesk.profiles.SecretStore`).
    """

    name: str
    base_url: str
    read_app_id: str | None = None
    write_app_id: str | None = None
    transport: Transport | None = None
    legacy_activation_routes: bool = False
    connect_timeout: float = 5.0
    read_timeout: float = 20.0
    #: seconds a whole call may take, retries included (the time-outs bound one read);
    #: profiles saved before it get 60
    deadline: float = 60.0
    server_timezone: str = "UTC"
    verify_tls: bool = True
    ca_bundle: str | None = None
    allow_insecure_http: bool = False
    #: requests a batch check keeps in flight at once; profiles saved before it get 8
    batch_concurrency: int = 8

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.name, str) or not self.name.strip():
            raise ProfileError(_("A profile needs a name."))
        name = self.name.strip()
        if len(name) > MAX_NAME_LENGTH:
            raise ProfileError(
                _("The profile name is longer than {max} characters.").format(max=MAX_NAME_LENGTH)
            )
        if any(not ch.isprintable() for ch in name):
            raise ProfileError(_("The profile name must not contain control characters."))
        set_(self, "name", name)

        base_url = _normalize_base_url(self.base_url)
        set_(self, "base_url", base_url)

        set_(self, "read_app_id", _optional_text(self.read_app_id, "read_app_id"))
        set_(self, "write_app_id", _optional_text(self.write_app_id, "write_app_id"))
        if self.read_app_id is None and self.write_app_id is None:
            raise ProfileError(
                _(
                    "Profile {name} needs at least one app_id (a read or a write credential pair)."
                ).format(name=repr(name))
            )

        transport = self.transport
        if isinstance(transport, str):
            transport = transport.strip().lower() or None
        if transport is not None and transport not in TRANSPORTS:
            raise ProfileError(
                _(
                    "The transport {transport} is not one of json, form or query "
                    "(or empty for the client's default)."
                ).format(transport=repr(self.transport))
            )
        set_(self, "transport", transport)

        set_(
            self,
            "legacy_activation_routes",
            _flag(self.legacy_activation_routes, "legacy_activation_routes"),
        )
        set_(self, "connect_timeout", _timeout(self.connect_timeout, "connect_timeout"))
        set_(self, "read_timeout", _timeout(self.read_timeout, "read_timeout"))
        set_(self, "deadline", _timeout(self.deadline, "deadline"))
        set_(self, "server_timezone", _timezone(self.server_timezone))
        set_(self, "verify_tls", _flag(self.verify_tls, "verify_tls"))
        set_(self, "ca_bundle", _optional_text(self.ca_bundle, "ca_bundle"))
        set_(self, "allow_insecure_http", _flag(self.allow_insecure_http, "allow_insecure_http"))
        set_(self, "batch_concurrency", _batch_concurrency(self.batch_concurrency))

        if self.is_plain_http and not self.is_loopback and not self.allow_insecure_http:
            raise ProfileError(
                _(
                    "The address {url} uses unencrypted http:// to a host that is not this "
                    "computer: the api_key would travel in clear text. Use https://, or turn on "
                    "'allow insecure http' for this profile if you accept that."
                ).format(url=base_url)
            )

    # ------------------------------------------------------------ facts

    @property
    def host(self) -> str:
        return urlsplit(self.base_url).hostname or ""

    @property
    def is_plain_http(self) -> bool:
        return self.base_url.startswith("http://")

    @property
    def is_loopback(self) -> bool:
        return is_loopback_host(self.host)

    @property
    def pairs(self) -> tuple[str, ...]:
        """The credential pairs this profile has an app_id for: ``"read"``, ``"write"``."""
        return tuple(pair for pair in ("read", "write") if self.app_id(pair))

    def app_id(self, pair: str) -> str | None:
        if pair == "read":
            return self.read_app_id
        if pair == "write":
            return self.write_app_id
        raise ValueError(f"pair must be 'read' or 'write', not {pair!r}")

    @property
    def verify(self) -> bool | str:
        """httpx's ``verify``: False, True, or the CA bundle path."""
        if not self.verify_tls:
            return False
        return self.ca_bundle or True

    def warnings(self) -> list[str]:
        """Sentences to show next to this profile (insecure transport, no TLS check)."""
        out = []
        if self.is_plain_http and not self.is_loopback:
            out.append(
                _("This profile sends its api_key unencrypted over http:// to {host}.").format(
                    host=self.host
                )
            )
        if not self.verify_tls and not self.is_plain_http:
            out.append(
                _(
                    "TLS certificates of {host} are not checked: anyone on the network "
                    "path could pose as the service."
                ).format(host=self.host)
            )
        return out

    # ------------------------------------------------------------ (de)serialise

    def replace(self, **changes: Any) -> Profile:
        """A copy with some fields changed (validated again)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Profile:
        """A profile from the settings file; unknown keys (from newer versions) are ignored."""
        if not isinstance(data, dict):
            raise ProfileError(_("A profile entry in the profiles file is not an object."))
        known = {f.name for f in dataclasses.fields(cls)}
        missing = {"name", "base_url"} - data.keys()
        if missing:
            raise ProfileError(
                _("A profile entry lacks {fields}.").format(fields=", ".join(sorted(missing)))
            )
        return cls(**{k: v for k, v in data.items() if k in known})
