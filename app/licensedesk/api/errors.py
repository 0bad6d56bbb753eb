"""The client's errors: one small tree, like httpx's, so callers catch at the depth they need.

Every error carries ``sentence`` (for a person; also ``str(err)``) and
``details`` (for a "Details" box: HTTP status, the service's own status code
and message, the request with the key redacted).

    ApiError
    ├── NotAuthorized          credentials refused (or a write key lacking write permission);
    │                          .remedy: the pair to add or check
    ├── NotFound               .what: license | activation | current_license | upgrade_license
    ├── UpgradeMismatch        the upgrade licence does not match the current one
    ├── InvalidInput           .field; refused before anything was sent
    ├── TransportError         no usable answer arrived (connection broke)
    │   ├── ConnectFailed      could not connect
    │   ├── TimedOut           connect or read time-out, or the call's deadline passed
    │   └── TlsError           certificate / TLS handshake problem
    ├── BadResponse            not JSON, wrong shape, unexpected status, too large or deep
    └── ServiceError           the service reported a problem (5xx, other messages)
        ├── RateLimited        HTTP 429 "Too Many Requests!": asked again in vain
        └── Refused            the service answered no in its own words (422 …), not a crash
            └── SeatLimitReached   every seat of the licence is in use
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from licensedesk.display_text import visible
from licensedesk.i18n import N_, _

from .sentence import english_of, say


@dataclass(frozen=True)
class ErrorDetails:
    """What went over the wire, for a "Details" box. ``url`` is always redacted."""

    method: str | None = None
    url: str | None = None
    http_status: int | None = None
    status_code: int | None = None
    server_message: str | None = None
    cause: str | None = None

    def describe(self) -> str:
        """Multi-line text: one ``Label: value`` line per known item. The service's message
        and the cause are the server's text: shown with :func:`visible` (no terminal
        escapes, no bidi reordering, no line of their own)."""
        lines = []
        if self.method or self.url:
            lines.append(
                _("Request: {method} {url}")
                .format(method=self.method or "?", url=self.url or "")
                .rstrip()
            )
        if self.http_status is not None:
            lines.append(_("HTTP status: {status}").format(status=self.http_status))
        if self.status_code is not None:
            lines.append(_("Service status code: {code}").format(code=self.status_code))
        if self.server_message is not None:
            lines.append(
                _("Service message: {message}").format(message=visible(self.server_message))
            )
        if self.cause:
            lines.append(_("Cause: {cause}").format(cause=visible(self.cause)))
        return "\n".join(lines) if lines else _("No further details.")


class ApiError(Exception):
    """Base of every error the client raises. ``str(err) == err.sentence``.

    ``sentence`` is in the language in use; the client gives a
    :class:`~.sentence.Sentence`, whose English :attr:`english` is what exports and the
    history keep. ``default_sentence`` (marked, English) is translated when raised."""

    default_sentence = N_("The request to the licence service failed.")

    def __init__(self, sentence: str | None = None, details: ErrorDetails | None = None) -> None:
        self.sentence: str = sentence or say(self.default_sentence)
        self.details = details or ErrorDetails()
        super().__init__(self.sentence)

    @property
    def english(self) -> str:
        """The sentence in English (a sentence given as a plain ``str``: itself)."""
        return str(english_of(self.sentence))

    def __str__(self) -> str:
        return self.sentence

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.sentence!r})"


class Remedy(Enum):
    """What a person changes so that a refused call can work: a pair to add (the profile
    lacks it) or to check (the service refused it). The client's sentence says what was
    refused; each front end says where this is done (the window its menu, the command
    line its ``profile`` command), so ``api/`` names neither."""

    ADD_READ = "add_read"
    ADD_WRITE = "add_write"
    CHECK_READ = "check_read"
    CHECK_WRITE = "check_write"


class NotAuthorized(ApiError):
    """The service refused the credentials: "You are not authorized!", or a 401/403 without
    a message. ``remedy``: what to change (None when the client cannot tell)."""

    default_sentence = N_("The service did not accept the app ID and API key.")

    def __init__(
        self,
        sentence: str | None = None,
        details: ErrorDetails | None = None,
        *,
        remedy: Remedy | None = None,
    ) -> None:
        self.remedy = remedy
        super().__init__(sentence, details)


class NotFound(ApiError):
    """Something named in the request does not exist; ``what`` says which."""

    default_sentence = N_("The service could not find what was asked for.")

    def __init__(
        self, sentence: str | None = None, details: ErrorDetails | None = None, *, what: str
    ) -> None:
        self.what = what
        super().__init__(sentence, details)

    def __repr__(self) -> str:
        return f"NotFound({self.sentence!r}, what={self.what!r})"


class UpgradeMismatch(ApiError):
    """POST licenses/upgrade: the upgrade licence is not an upgrade of the current one."""

    default_sentence = N_("The upgrade licence does not match the current licence.")


class InvalidInput(ApiError):
    """Input refused by the client before sending; ``field`` names the argument."""

    default_sentence = N_("The input is not valid.")

    def __init__(
        self, sentence: str | None = None, details: ErrorDetails | None = None, *, field: str = ""
    ) -> None:
        self.field = field
        super().__init__(sentence, details)

    def __repr__(self) -> str:
        return f"InvalidInput({self.sentence!r}, field={self.field!r})"


class TransportError(ApiError):
    """No usable answer arrived: the connection failed or broke."""

    default_sentence = N_("The connection to the licence service broke before an answer arrived.")


class ConnectFailed(TransportError):
    default_sentence = N_(
        "Could not connect to the licence service. Check the address and the network."
    )


class TimedOut(TransportError):
    default_sentence = N_("The licence service did not answer in time.")


class TlsError(TransportError):
    default_sentence = N_(
        "The secure connection to the licence service failed: its certificate could not be "
        "verified."
    )


class BadResponse(ApiError):
    """The answer could not be understood: not JSON, wrong shape, unexpected status, larger
    than the client reads or nested deeper than it decodes (docs/client.md "Limits")."""

    default_sentence = N_("The licence service sent an answer that could not be understood.")


class ServiceError(ApiError):
    """The service reported a problem of its own (5xx, too many requests, other messages)."""

    default_sentence = N_("The licence service reported a problem.")


class RateLimited(ServiceError):
    """HTTP 429: the service limits how often it is asked. Reads were asked again (within
    the call's deadline) before this was raised; writes never are."""

    default_sentence = N_(
        "The licence service is rate limiting requests (HTTP 429, too many "
        "requests). Wait a moment and try again."
    )


class Refused(ServiceError):
    """The service understood the request and said no in its own words (a 4xx such as
    422): the change was not made. A :class:`ServiceError` still, so callers that catch
    at that depth keep working; one that must tell a refusal from a crash catches this."""


class SeatLimitReached(Refused):
    """The service refused because every seat of the licence is in use ("Maximum number
    of hosts reached!"): freeing a seat, not trying again, helps."""

    default_sentence = N_(
        "All seats of this licence are in use: no further device can be activated."
    )
