"""Building requests, sending them with GET-only retries, and mapping httpx failures.

Argument transport (DESIGN.md §2): credentials ride on every call. GET → query
string. Otherwise the config's ``transport`` decides for every non-GET call;
by default POST/PUT send a JSON body and DELETE a query string, like the
service's own examples. In form/query transport booleans travel as "1"/"0".

Retries: GET after connection refused, a time-out, or HTTP 429/502/503/504;
at most ``max_retries`` (2) times, waiting ``retry_backoff`` × 3^n or the
server's Retry-After (seconds, capped at ``retry_after_cap``). A POST that only
reads (licenses/products, a validation that records no host: ``Call.reads``)
is asked again after HTTP 429 only: the service refused it unread. A 429
without Retry-After (the live service promises none) waits a capped, jittered
back-off; a wait that would pass the call's deadline is not begun (the 429 is
raised as :class:`RateLimited`). Writes are never retried.

Limits (docs/client.md "Limits"): every answer is streamed and counted, and refused
past the call's limit (the config's ``max_answer_bytes``, 4 MiB, or
``max_list_answer_bytes``, 256 MiB, for an activations list, whose devices are read
while it arrives: ``Call.body_reader``); a declared ``Content-Length`` over it is
refused before a byte of the body is read. Every call, retries and their waits
included, ends within the config's ``deadline`` (60 s), whatever the server trickles:
the read time-out is per read, so it alone cannot bound a call.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx

from licensedesk.i18n import N_, N_plural, format_number

from . import http_client
from .agent import with_user_agent
from .config import ClientConfig, Credentials
from .errors import (
    BadResponse,
    ConnectFailed,
    ErrorDetails,
    InvalidInput,
    TimedOut,
    TlsError,
    TransportError,
)
from .offload import BIG_BODY, off_loop
from .redact import get_logger, redact
from .responses import ReadAnswer, decode
from .sentence import Sentence, say, say_counted
from .tls import TlsFailure, answers_plain_http, tls_failure, verify_setting

log = get_logger("licensedesk.api.transport")

#: https asked for, and the server's port speaks plain HTTP (TlsError's own sentence is
#: for a certificate that cannot be verified)
PLAIN_HTTP = N_(
    "The licence service answered without TLS (plain HTTP) on an https address, so the "
    "request was not sent. Check the address: its port may be the service's plain HTTP "
    "port."
)
#: another TLS failure: neither the certificate nor plain HTTP
HANDSHAKE_FAILED = N_(
    "The secure connection to the licence service failed: the TLS handshake did not complete."
)

RETRY_STATUSES = frozenset({429, 502, 503, 504})
BUSY = 429
# TRANSLATORS: {problem} is the sentence of what went wrong with a change that was sent
_MAYBE_DONE = N_("{problem} The change may or may not have been made: reload before trying again.")


def maybe_done(problem: Sentence) -> Sentence:
    """``problem`` plus the warning that the change was sent and may have been made."""
    return say(_MAYBE_DONE, problem=problem)


@dataclass(frozen=True)
class Call:
    """One request of the spec: method, raw path segments after /v2, arguments."""

    method: str
    segments: tuple[str, ...]
    args: dict[str, Any] = field(default_factory=dict)
    write: bool = False  # sent with the write pair (spec §5's permission table)
    changes: bool = False  # changes data (also when sent with the read pair)
    not_found_what: str = "license"
    long_list: bool = False  # an answer that may be long (activations): the larger limit
    reads: bool = False  # a POST that changes nothing: asked again after a 429
    #: given a success's status, the reader its body goes to piece by piece instead of
    #: being kept whole (``feed(chunk) -> bool``, ``finish() -> envelope``: list_body.py)
    body_reader: Callable[[int], Any] | None = field(default=None, compare=False)

    @property
    def busy_retried(self) -> bool:
        """Whether a 429 answer is asked again (a read: a GET, or a POST that only reads)."""
        return self.method == "GET" or self.reads

    @property
    def path(self) -> str:
        return "/v2/" + "/".join(encode_segment(s) for s in self.segments)


def encode_segment(segment: str) -> str:
    """Percent-encode one path segment, '/' included; dot segments too."""
    encoded = quote(str(segment), safe="")
    if encoded in (".", ".."):
        encoded = encoded.replace(".", "%2E")
    return encoded


def _size(size: int) -> Sentence:
    """``4 MB``, ``2,048 MB``, ``12 KB`` (binary units, said as people say them), the
    number written as the language in use writes it (``2.048 MB`` in German)."""
    if size >= 1024**2:
        mb = size / 1024**2
        return _amount(mb, 0 if mb >= 10 or mb.is_integer() else 1, "MB")
    if size >= 1024:
        return _amount(size / 1024, 0, "KB")
    return say_counted(N_plural("{n} byte", "{n} bytes"), size)


def _amount(value: float, decimals: int, unit: str) -> Sentence:
    return Sentence(f"{format_number(value, decimals)} {unit}", f"{value:,.{decimals}f} {unit}")


def _wire(value: Any) -> Any:
    if isinstance(value, bool):
        return "1" if value else "0"
    return value


def retry_after(headers: Mapping[str, str], cap: float) -> float | None:
    """An answer's Retry-After in seconds, capped; None when absent or not a number of
    seconds (an HTTP date: the caller falls back to its own back-off)."""
    raw = headers.get("retry-after")
    try:
        return max(0.0, min(float(raw.strip()), cap)) if raw is not None else None
    except ValueError:
        return None


class Transport:
    """Owns the httpx client (unless one was given) and sends :class:`Call` objects."""

    def __init__(self, config: ClientConfig, http: httpx.AsyncClient | None = None) -> None:
        self.config = config
        self.timeout = httpx.Timeout(
            config.read_timeout, connect=config.connect_timeout, pool=config.read_timeout
        )
        self.owns_http = http is None
        # a service on plain http (a local sandbox, a test) never does TLS: its client does
        # not load the CA bundle. Redirects are not followed, so every request
        # goes to base_url's scheme and host.
        tls = config.base_url.lower().startswith("https:")
        self.http = http or http_client.async_client(
            timeout=self.timeout,
            verify=verify_setting(config.verify) if tls else False,
            limits=http_client.limits(32, idle=32),
            lanes=True,
            follow_redirects=False,
        )
        #: replaced in tests to observe back-off without waiting
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    async def aclose(self) -> None:
        if self.owns_http:
            await self.http.aclose()

    def credentials(self, write: bool) -> Credentials:
        """The pair the spec's permission table asks for; the other one if only one is set."""
        cfg = self.config
        creds = (cfg.write or cfg.read) if write else (cfg.read or cfg.write)
        if creds is None:
            raise InvalidInput(
                say(
                    N_("This profile has no app ID and API key: add them in the profile settings.")
                ),
                field="credentials",
            )
        return creds

    def build(self, call: Call) -> httpx.Request:
        creds = self.credentials(call.write)
        args = {"app_id": creds.app_id, "api_key": creds.api_key}
        args.update({k: v for k, v in call.args.items() if v is not None})
        url = self.config.base_url + call.path
        method = call.method
        mode = "query" if method == "GET" else self.config.transport
        if mode is None:
            mode = "query" if method == "DELETE" else "json"
        kwargs: dict[str, Any] = {"timeout": self.timeout, "headers": with_user_agent()}
        if mode == "json":
            kwargs["json"] = args
        elif mode == "form":
            kwargs["data"] = {k: _wire(v) for k, v in args.items()}
        else:
            kwargs["params"] = {k: _wire(v) for k, v in args.items()}
        return self.http.build_request(method, url, **kwargs)

    async def send(self, call: Call) -> dict[str, Any]:
        """Send ``call`` (retrying GETs as allowed) and return the decoded JSON object.

        The whole call, retries and waits included, ends within ``config.deadline``."""
        deadline = self.config.deadline
        try:
            async with asyncio.timeout(deadline):
                return await self._send(call)
        except TimeoutError:
            url = redact(str(self.build(call).url))
            log.info("%s %s failed: no complete answer within %gs", call.method, url, deadline)
            sentence = say(
                N_(
                    "The licence service did not answer in time: no complete answer "
                    "within {seconds} s."
                ),
                seconds=f"{deadline:g}",
            )
            if call.method != "GET":
                sentence = maybe_done(sentence)
            details = ErrorDetails(
                method=call.method, url=url, cause=f"deadline of {deadline:g} s for the whole call"
            )
            raise TimedOut(sentence, details) from None

    async def _send(self, call: Call) -> dict[str, Any]:
        retries = self.config.max_retries if call.method == "GET" or call.reads else 0
        ends = time.monotonic() + self.config.deadline
        attempt = 0
        while True:
            request = self.build(call)
            url = redact(str(request.url))
            try:
                response = await self._receive(request, call, url)
            except httpx.HTTPError as exc:
                error = await self._transport_error(exc, call, url)
                retryable = isinstance(error, TimedOut) or (type(error) is ConnectFailed)
                if not (attempt < retries and retryable and call.method == "GET"):
                    log.info("%s %s failed: %s", call.method, url, type(exc).__name__)
                    raise error from None
                delay, why = self._backoff(attempt), type(exc).__name__
            else:
                log.debug("%s %s -> HTTP %s", call.method, url, response.status_code)
                delay = self._retry_delay(call, response, attempt, retries, ends)
                if delay is None:
                    kwargs = {
                        "not_found_what": call.not_found_what,
                        "method": call.method,
                        "url": url,
                    }
                    if len(response.content) > BIG_BODY:  # decoded in a worker thread
                        return await off_loop(decode, response, **kwargs)
                    return decode(response, **kwargs)
                why = f"HTTP {response.status_code}"
            log.info("retrying %s %s after %s (%.2fs)", call.method, url, why, delay)
            attempt += 1
            await self.sleep(delay)

    def _retry_delay(
        self, call: Call, response: ReadAnswer, attempt: int, retries: int, ends: float
    ) -> float | None:
        """How long to wait before asking again, or None to take this answer as it is."""
        status = response.status_code
        if attempt >= retries or status not in RETRY_STATUSES:
            return None
        if status != BUSY:
            return self._backoff(attempt) if call.method == "GET" else None
        if not call.busy_retried:
            return None
        after = retry_after(response.headers, self.config.retry_after_cap)
        delay = after if after is not None else self._busy_backoff(attempt)
        # a wait that the deadline would cut short is not begun: the 429 is the answer
        return delay if time.monotonic() + delay < ends else None

    async def _receive(self, request: httpx.Request, call: Call, url: str) -> ReadAnswer:
        """Send ``request`` and read its body, refusing one larger than the call's limit: a
        declared Content-Length over it before the body is read, else while it streams."""
        cfg = self.config
        limit = cfg.max_list_answer_bytes if call.long_list else cfg.max_answer_bytes
        response = await self.http.send(request, stream=True)
        try:
            declared = response.headers.get("content-length", "").strip()
            if declared.isdigit() and int(declared) > limit:
                raise self._too_big(call, url, response.status_code, limit, int(declared))
            reader = None
            if call.body_reader is not None and 200 <= response.status_code < 300:
                reader = call.body_reader(response.status_code)
            body = bytearray()

            async def take(chunk: bytes) -> bool:
                if reader is None:
                    body.extend(chunk)
                    return True
                return await reader.feed(chunk)

            if await http_client.read_within(response, limit, take) > limit:
                raise self._too_big(call, url, response.status_code, limit)
            if reader is not None:
                body = await reader.finish()  # what is left: the envelope of the list
            return ReadAnswer(response.status_code, response.headers, body)  # no copy
        finally:
            await response.aclose()

    def _too_big(
        self, call: Call, url: str, status: int, limit: int, declared: int | None = None
    ) -> BadResponse:
        size = _size(limit)
        if declared is not None:
            sentence = say(
                N_(
                    "The licence service announced an answer of {size}, more than the "
                    "{limit} accepted for one answer: it was not read."
                ),
                size=_size(declared),
                limit=size,
            )
        else:
            sentence = say(
                N_(
                    "The licence service sent more than {limit} in one answer: the "
                    "rest was not read."
                ),
                limit=size,
            )
        if call.method != "GET":
            sentence = maybe_done(sentence)
        cause = f"answer larger than {limit} bytes" + (
            f" (Content-Length {declared})" if declared is not None else ""
        )
        log.info("%s %s refused: %s", call.method, url, cause)
        return BadResponse(
            sentence, ErrorDetails(method=call.method, url=url, http_status=status, cause=cause)
        )

    def _backoff(self, attempt: int) -> float:
        return self.config.retry_backoff * (3**attempt)

    def _busy_backoff(self, attempt: int) -> float:
        """A 429 without Retry-After: the back-off, capped, between half and all of it (the
        jitter keeps the clients that were refused together from coming back together)."""
        full = min(self._backoff(attempt), self.config.retry_after_cap)
        return full * random.uniform(0.5, 1.0)

    async def _transport_error(self, exc: httpx.HTTPError, call: Call, url: str) -> TransportError:
        details = ErrorDetails(
            method=call.method,
            url=url,
            cause=f"{type(exc).__name__}: {redact(str(exc))}".rstrip(": "),
        )
        write = call.method != "GET"
        if isinstance(exc, httpx.TimeoutException):
            sentence = say(TimedOut.default_sentence)
            if write and not isinstance(exc, httpx.ConnectTimeout | httpx.PoolTimeout):
                sentence = maybe_done(sentence)
            return TimedOut(sentence, details)
        if isinstance(exc, httpx.ConnectError):
            tls = tls_failure(exc)
            if tls is TlsFailure.CERTIFICATE:
                return TlsError(None, details)
            if tls is TlsFailure.HANDSHAKE:
                base = httpx.URL(self.config.base_url)
                if await answers_plain_http(base, self.config.connect_timeout):
                    return TlsError(say(PLAIN_HTTP), details)
                return TlsError(say(HANDSHAKE_FAILED), details)
            return ConnectFailed(None, details)
        sentence = say(TransportError.default_sentence)
        if write:
            sentence = maybe_done(sentence)
        return TransportError(sentence, details)
