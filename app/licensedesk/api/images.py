"""Fetching a licence's ``image_url`` safely (no Qt).

The image of a SKU may live anywhere (the service's own media route, a shop's
CDN), so it is fetched as a stranger's URL, never as a call of the service:

- **Separate request, no credentials.** Its own small ``httpx.AsyncClient``
  (owned by :class:`ImageFetcher`), not the profile's: that one may hold the
  service's cookies. No ``app_id``/``api_key``, no auth, no cookies (dropped
  after every answer); a URL with a user name, or one that contains one of
  the profile's keys, is refused.
- **Same address rules as the profile** (config.py): ``http``/``https`` only;
  plain ``http`` only to a loopback host unless the profile allows insecure
  http; TLS verification and CA bundle as the profile's. A path starting with
  ``/`` resolves against the profile's ``base_url`` (some servers send those).
- **Bounded.** At most :data:`MAX_REDIRECTS` redirects, each target checked
  by the same rules; a declared ``Content-Length`` over the cap is refused
  before the body is read, and the body is counted while it streams (stopped
  at :data:`MAX_IMAGE_BYTES`, decoded bytes, so gzip cannot inflate past it);
  short connect/read time-outs plus :data:`TOTAL_TIMEOUT` for the whole fetch.
- **Only images.** ``Content-Type`` must be ``image/*``; decoding is the
  caller's business (the UI decodes with Qt, size already capped).

Failures are the errors of errors.py (NotFound ``what="image"``, BadResponse,
TimedOut, ConnectFailed, TlsError, InvalidInput ``field="image_url"``…), with
``details`` that never hold a key.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

import httpx

from licensedesk.i18n import N_, N_plural

from . import http_client
from .config import ClientConfig, is_loopback_host
from .errors import (
    ApiError,
    BadResponse,
    ConnectFailed,
    ErrorDetails,
    InvalidInput,
    NotFound,
    ServiceError,
    TimedOut,
    TlsError,
    TransportError,
)
from .redact import get_logger, redact
from .sentence import Sentence, say, say_counted
from .tls import TlsFailure, tls_failure, verify_setting

log = get_logger("licensedesk.api.images")

MAX_IMAGE_BYTES = 2 * 1024 * 1024
MAX_REDIRECTS = 3
CONNECT_TIMEOUT = 3.0
READ_TIMEOUT = 5.0
TOTAL_TIMEOUT = 10.0
ACCEPT = "image/png, image/jpeg, image/gif, image/webp, image/svg+xml, image/*;q=0.8"
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
LATE = N_("The image did not arrive in time.")


@dataclass(frozen=True)
class FetchedImage:
    """The bytes of an image, its content type (``image/png``) and the URL it came from."""

    data: bytes
    content_type: str
    url: str

    def __repr__(self) -> str:
        return f"FetchedImage({self.content_type}, {len(self.data)} bytes, {self.url!r})"


def shown_url(url: str, secrets: tuple[str, ...] = ()) -> str:
    """``url`` for a log line or a Details box: keys and a user:password part masked."""
    text = redact(url)
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    scheme, sep, rest = text.partition("://")
    if sep:
        authority, slash, path = rest.partition("/")
        if "@" in authority:
            authority = "***@" + authority.rsplit("@", 1)[1]
        text = scheme + sep + authority + slash + path
    return text


def _bad_url(sentence: Sentence, url: str, secrets: tuple[str, ...] = ()) -> InvalidInput:
    details = ErrorDetails(method="GET", url=shown_url(url, secrets))
    return InvalidInput(sentence, details, field="image_url")


def resolve_image_url(
    url: str,
    base_url: str | None = None,
    *,
    allow_insecure_http: bool = False,
    secrets: tuple[str, ...] = (),
) -> str:
    """The absolute URL to fetch for ``url``, or InvalidInput when it must not be fetched.

    ``/path`` resolves against ``base_url`` (the profile's service root);
    other relative forms are refused. ``secrets``: strings that must not
    appear in the URL (the profile's api_keys).
    """
    if not isinstance(url, str) or not url.strip():
        raise _bad_url(say(N_("The image address is empty.")), "")
    url = url.strip()
    if url.startswith("/") and not url.startswith("//"):
        if not base_url:
            raise _bad_url(
                say(N_("The image address is relative and no service address is known.")), url
            )
        parts = urlsplit(base_url)
        url = f"{parts.scheme}://{parts.netloc}{url}"
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        raise _bad_url(say(N_("The image address is not a valid address.")), url, secrets) from None
    if parts.scheme.lower() not in ("http", "https") or not host:
        raise _bad_url(say(N_("The image address is not an http:// or https:// address.")), url)
    if parts.username is not None or parts.password is not None:
        raise _bad_url(say(N_("The image address contains a user name: it is not fetched.")), url)
    if parts.scheme.lower() == "http" and not allow_insecure_http and not is_loopback_host(host):
        raise _bad_url(
            say(
                N_(
                    "The image address uses unencrypted http:// for {host}: it is not fetched "
                    "(the profile does not allow insecure http)."
                ),
                host=host,
            ),
            url,
        )
    if any(s and s in url for s in secrets):
        raise _bad_url(
            say(N_("The image address contains an API key: it is not fetched.")), url, secrets
        )
    return url


def load_ahead(config: ClientConfig) -> None:
    """Build the TLS context a fetch for ``config``'s service will use (blocking: for a
    worker thread; the profile's client is made in one). Loading the CA bundle is slow
    enough to notice, and the first image would otherwise pay it on the UI thread even
    for a plain-http service, whose own client needs none: an image may live, or be
    redirected, on https. A bundle that cannot be used is left for the fetch to say."""
    with contextlib.suppress(InvalidInput):
        verify_setting(config.verify)


class ImageFetcher:
    """Fetches images over its own httpx client (see the module docstring).

    The client is made on the first fetch and kept until :meth:`aclose` (the
    app calls it on quit): making an ``httpx.AsyncClient`` builds a TLS
    context on the UI thread, too much to pay on every lookup.
    """

    def __init__(
        self,
        *,
        max_bytes: int = MAX_IMAGE_BYTES,
        max_redirects: int = MAX_REDIRECTS,
        connect_timeout: float = CONNECT_TIMEOUT,
        read_timeout: float = READ_TIMEOUT,
        total_timeout: float = TOTAL_TIMEOUT,
    ) -> None:
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self.timeout = httpx.Timeout(read_timeout, connect=connect_timeout, pool=connect_timeout)
        self.total_timeout = total_timeout
        self._http: httpx.AsyncClient | None = None
        self._verify_key: object = None
        self._users = 0
        #: bytes received by the last fetch (tests: a body over the cap stops early)
        self.last_received = 0

    @property
    def is_open(self) -> bool:
        return self._http is not None

    @property
    def in_flight(self) -> int:
        """Fetches running on the shared client now."""
        return self._users

    async def aclose(self) -> None:
        http, self._http = self._http, None
        if http is not None:
            await http.aclose()

    async def fetch(self, url: str, config: ClientConfig) -> FetchedImage:
        """GET the image at ``url`` under the rules of ``config`` (never its credentials)."""
        secrets = tuple(p.api_key for p in (config.read, config.write) if p is not None)
        target = resolve_image_url(
            url, config.base_url, allow_insecure_http=config.allow_insecure_http, secrets=secrets
        )
        http, shared = self._acquire(config)
        try:
            async with asyncio.timeout(self.total_timeout):
                return await self._get(http, target, config, secrets)
        except TimeoutError:
            raise TimedOut(
                say(LATE),
                ErrorDetails(method="GET", url=shown_url(target), cause="total time-out"),
            ) from None
        finally:
            await self._release(http, shared)

    # -- internals -------------------------------------------------------------
    def _acquire(self, config: ClientConfig) -> tuple[httpx.AsyncClient, bool]:
        key = str(config.verify)
        if self._http is not None and self._verify_key != key and self._users == 0:
            old, self._http = self._http, None
            asyncio.get_event_loop().create_task(old.aclose())
        if self._http is None:
            self._http = self._make_client(config)
            self._verify_key = key
        if self._verify_key != key:  # another profile's TLS settings, mid-fetch: a one-off
            return self._make_client(config), False
        self._users += 1
        return self._http, True

    async def _release(self, http: httpx.AsyncClient, shared: bool) -> None:
        if not shared:
            await asyncio.shield(http.aclose())
            return
        self._users -= 1

    def _make_client(self, config: ClientConfig) -> httpx.AsyncClient:
        return http_client.async_client(
            timeout=self.timeout,
            verify=verify_setting(config.verify),
            follow_redirects=False,  # followed here, each target checked
            limits=http_client.limits(4, idle=2),
        )

    async def _get(
        self, http: httpx.AsyncClient, url: str, config: ClientConfig, secrets: tuple[str, ...]
    ) -> FetchedImage:
        self.last_received = 0
        for _hop in range(self.max_redirects + 1):
            request = http.build_request("GET", url, headers={"Accept": ACCEPT})
            try:
                response = await http.send(request, stream=True)
            except httpx.HTTPError as exc:
                raise _transport_error(exc, url) from None
            try:
                http.cookies.clear()  # never replay what an image host set
                if response.status_code in _REDIRECTS and "location" in response.headers:
                    url = resolve_image_url(
                        urljoin(url, response.headers["location"]),
                        config.base_url,
                        allow_insecure_http=config.allow_insecure_http,
                        secrets=secrets,
                    )
                    continue
                return await self._read(response, url)
            finally:
                await response.aclose()
        raise BadResponse(
            say_counted(
                N_plural(
                    "The image address redirected more than {n} time.",
                    "The image address redirected more than {n} times.",
                ),
                self.max_redirects,
            ),
            ErrorDetails(method="GET", url=shown_url(url)),
        )

    async def _read(self, response: httpx.Response, url: str) -> FetchedImage:
        details = ErrorDetails(method="GET", url=shown_url(url), http_status=response.status_code)
        if response.status_code == 404 or response.status_code == 410:
            raise NotFound(say(N_("The image was not found on its server.")), details, what="image")
        if not 200 <= response.status_code < 300:
            raise ServiceError(
                say(N_("The image server answered HTTP {status}."), status=response.status_code),
                details,
            )
        content_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
        if not content_type.startswith("image/"):
            raise BadResponse(
                say(
                    N_("The image address did not return an image (content type {type})."),
                    type=content_type,
                )
                if content_type
                else say(N_("The image address did not return an image (content type missing).")),
                details,
            )
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            raise BadResponse(self._too_big(), details)
        body = bytearray()

        async def take(chunk: bytes) -> bool:
            body.extend(chunk)
            self.last_received = len(body)
            return True

        try:
            self.last_received = await http_client.read_within(response, self.max_bytes, take)
        except (httpx.HTTPError, httpx.StreamError) as exc:
            raise _transport_error(exc, url) from None
        if self.last_received > self.max_bytes:
            raise BadResponse(self._too_big(), details)
        if not body:
            raise BadResponse(say(N_("The image address returned an empty image.")), details)
        return FetchedImage(bytes(body), content_type, url)

    def _too_big(self) -> Sentence:
        return say(N_("The image is larger than {size} KiB."), size=self.max_bytes // 1024)


def _transport_error(exc: httpx.HTTPError, url: str) -> ApiError:
    details = ErrorDetails(
        method="GET", url=shown_url(url), cause=f"{type(exc).__name__}: {redact(str(exc))}"
    )
    if isinstance(exc, httpx.TimeoutException):
        return TimedOut(say(LATE), details)
    if isinstance(exc, httpx.ConnectError):
        tls = tls_failure(exc)
        if tls is TlsFailure.CERTIFICATE:
            return TlsError(
                say(N_("The image server's certificate could not be verified.")), details
            )
        if tls is TlsFailure.HANDSHAKE:
            return TlsError(
                say(N_("The secure connection to the image server could not be set up.")),
                details,
            )
        return ConnectFailed(say(N_("Could not connect to the image server.")), details)
    return TransportError(say(N_("The connection to the image server broke.")), details)


async def fetch_image(url: str, config: ClientConfig, **limits) -> FetchedImage:
    """One fetch with a client of its own, for the tests; the UI keeps an ImageFetcher."""
    fetcher = ImageFetcher(**limits)
    try:
        return await fetcher.fetch(url, config)
    finally:
        await fetcher.aclose()
