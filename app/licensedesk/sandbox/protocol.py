"""uvicorn's h11 protocol, hardened for a server that strangers may talk to.

- The connection's transport is exposed in the ASGI scope: ASGI has no way to drop
  a connection without a response, and the faults ``drop``, ``drop_after_commit``
  and ``truncated`` need it (``scope["licensedesk.transport"]``).
- A request head must arrive within ``header_timeout`` seconds of the connection
  (or, on a kept-alive connection, of its first byte), and its body within as long
  again. uvicorn times out only idle kept-alive connections, so a client that sent
  half a head, or nothing, held its file descriptor for ever: about a thousand of
  them and nobody got an answer.
- At most ``max_connections`` connections are open, below the descriptor limit.
  A new one over the bound closes the connection that has waited longest for a
  head (half-open or idle), so normal requests keep being answered under that
  attack; only when every connection is busy with a request is the newcomer
  answered 503.
- A request with both Content-Length and Transfer-Encoding (or Transfer-Encoding
  on HTTP/1.0) is refused with 400 and the connection closed: proxies and servers
  disagree on where such a body ends, which is how a second request is smuggled.
- Malformed requests, time-outs and refusals get the spec's JSON error body, not
  uvicorn's plain-text one.
"""

from __future__ import annotations

import http
import logging
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .errors import error_body_bytes, send_error
from .faults import TRANSPORT_KEY

log = logging.getLogger("licensedesk.sandbox.server")

DEFAULT_HEADER_TIMEOUT = 5.0
RESERVED_FDS = 32  # SQLite files, the listening socket, stdio, the event loop's own
MAX_CONNECTIONS_CAP = 1024  # enough for any test; each connection costs memory too
LISTEN_QUEUE = 128  # the kernel's queue of connections not yet accepted
MAX_ACCEPT_BATCH = 128


@dataclass(frozen=True)
class ConnectionLimits:
    """What one server allows (docs/sandbox.md, "What it defends against").

    ``accept_batch``: asyncio accepts up to this many connections per wake-up (it is
    uvicorn's ``backlog``), before any of them reaches
    :meth:`SandboxProtocol.connection_made` and can make room; the descriptors of a
    few such batches must fit between ``max_connections`` and the descriptor limit.
    """

    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    max_connections: int = MAX_CONNECTIONS_CAP
    accept_batch: int = MAX_ACCEPT_BATCH


def fd_limit() -> int | None:
    """The soft RLIMIT_NOFILE, or None where there is none to respect (Windows)."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else soft


def default_limits(
    header_timeout: float | None = None, max_connections: int | None = None
) -> ConnectionLimits:
    """Bounds below the descriptor limit, so accept() never fails with EMFILE (asyncio
    then logs an error per pending connection and stops accepting for a second)."""
    soft = fd_limit()
    if soft is None:
        batch, bound = MAX_ACCEPT_BATCH, MAX_CONNECTIONS_CAP
    else:
        batch = max(8, min(MAX_ACCEPT_BATCH, soft // 16))
        bound = max(8, min(MAX_CONNECTIONS_CAP, soft - RESERVED_FDS - 4 * batch))
    return ConnectionLimits(
        header_timeout=DEFAULT_HEADER_TIMEOUT if header_timeout is None else header_timeout,
        max_connections=max_connections or bound,
        accept_batch=batch,
    )


AMBIGUOUS_FRAMING = (
    "Ambiguous request framing: both Content-Length and Transfer-Encoding "
    "(or Transfer-Encoding on HTTP/1.0)."
)


def raw_error(status: int, message: str) -> bytes:
    """A whole HTTP/1.1 error response that closes the connection, for the protocol level."""
    body = error_body_bytes(status, message)
    head = (
        f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def ambiguous_framing(scope: dict[str, Any]) -> bool:
    """Both Content-Length and Transfer-Encoding, or Transfer-Encoding on HTTP/1.0."""
    names = {name for name, _ in scope["headers"]}
    if b"transfer-encoding" not in names:
        return False
    return b"content-length" in names or scope["http_version"] == "1.0"


class SandboxProtocol(H11Protocol):
    """H11Protocol with the transport in the scope, a head time-out and a connection bound."""

    limits = ConnectionLimits()  # each server uses a subclass with its own (protocol_class)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: Any = None
        self._phase = "head"
        self._waiting_since = 0.0
        inner = self.app

        async def app(scope: Any, receive: Any, send: Any) -> None:
            scope[TRANSPORT_KEY] = self.transport
            if scope["type"] == "http" and ambiguous_framing(scope):
                log.warning("refused a request with ambiguous framing from %s", self.client)
                # "connection: close": uvicorn closes the connection after it
                await send_error(send, 400, AMBIGUOUS_FRAMING, [(b"connection", b"close")])
                return
            await inner(scope, receive, send)

        self.app = app

    # -- connection bound ---------------------------------------------------------
    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        crowded = self._open_connections() >= self.limits.max_connections
        super().connection_made(transport)
        if crowded and not self._make_room():
            log.warning("refused a connection: %d open", self.limits.max_connections)
            self._give_up(503, "Too many connections: try again shortly.", always=True)
            return
        self._start_timer("head")

    def _open_connections(self) -> int:
        return sum(1 for c in self.connections if not c.transport.is_closing())

    @property
    def awaiting_head(self) -> bool:
        """Between requests: nothing of a request is being handled on this connection."""
        idle = self.cycle is None or self.cycle.response_complete
        return idle and self.conn.their_state is h11.IDLE

    def _make_room(self) -> bool:
        """Close the connection that has waited longest for a head; False if none waits."""
        waiting = [
            c
            for c in self.connections
            if c is not self
            and isinstance(c, SandboxProtocol)
            and c.awaiting_head
            and not c.transport.is_closing()
        ]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c._waiting_since)
        oldest._give_up(503, "Too many connections: this one waited longest for a request.")
        return True

    # -- head (and body) time-out ------------------------------------------------
    def _start_timer(self, phase: str) -> None:
        """``header_timeout`` seconds for the head; once it is complete, as long again
        for the body (a body trickled byte by byte held a connection for ever too)."""
        self._cancel_head_timer()
        self._phase = phase
        if phase == "head":
            self._waiting_since = self.loop.time()
        self._head_timer = self.loop.call_later(self.limits.header_timeout, self._timed_out)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _follow_request(self) -> None:
        """Start, move or stop the clock after bytes arrived or a response ended. An idle
        kept-alive connection has no clock of ours (uvicorn closes it after 5 s): it
        starts with the first byte of the next head."""
        if self.transport.is_closing():
            self._cancel_head_timer()
        elif self.conn.their_state is h11.IDLE:
            if self._head_timer is None and self.conn.trailing_data[0]:
                self._start_timer("head")
        elif self.conn.their_state is h11.SEND_BODY:
            if self._phase != "body" or self._head_timer is None:
                self._start_timer("body")
        else:
            self._cancel_head_timer()  # the whole request is in

    def _timed_out(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        if self.awaiting_head:
            self._give_up(408, "Request head not received in time.")
        elif self.conn.their_state is h11.SEND_BODY:
            if self.cycle is not None and self.cycle.response_started:
                self.transport.close()  # answered already; the rest of the body never came
            else:
                self._give_up(408, "Request body not received in time.", always=True)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow_request()

    def on_response_complete(self) -> None:
        self._waiting_since = self.loop.time()  # for _make_room: waiting again from now
        super().on_response_complete()
        self._follow_request()  # a pipelined request may have begun

    def _give_up(self, status: int, message: str, *, always: bool = False) -> None:
        """Close; say why (JSON) only to a client that has sent part of a request head
        (an unused connection, e.g. a browser's preconnect, is closed silently)."""
        self._cancel_head_timer()
        if always or self.conn.trailing_data[0]:
            self.transport.write(raw_error(status, message))
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    # -- malformed requests -------------------------------------------------------
    def send_400_response(self, msg: str) -> None:
        """uvicorn answers a request h11 cannot parse in plain text; answer the spec's JSON."""
        self._cancel_head_timer()
        if self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):  # no answer begun to this one
            self.transport.write(raw_error(400, "Malformed HTTP request."))
        self.transport.close()


def protocol_class(limits: ConnectionLimits) -> type[SandboxProtocol]:
    """A SandboxProtocol subclass bound to one server's limits (uvicorn takes a class)."""
    return type("SandboxProtocol", (SandboxProtocol,), {"limits": limits})
