"""Half-open connections and the connection bound (issue #13), over raw sockets.

A client that opens a connection and sends half a request head, or nothing, used to
hold a file descriptor for ever; about a thousand of them and nobody got an answer.
Now a head must arrive within ``--header-timeout`` seconds, at most
``--max-connections`` are open (by default below RLIMIT_NOFILE), and a newcomer over
the bound closes the connection that has waited longest for a head.
"""

from __future__ import annotations

import resource
import socket

import pytest

from licensedesk.sandbox.demo import create_demo
from licensedesk.sandbox.server import SandboxServer
from tests.support.sandbox_process import SandboxProcess

from ...support.waiting import wait_for
from .helpers import HTTP
from .rawhttp import assert_json_error, connect, parse_responses, read_until_closed, request

HALF_HEAD = b"GET /v2/ping HTTP/1.1\r\nHost: sandbox\r\n"  # no blank line: it never ends
PING = request("GET", "/v2/ping", close=False)


def _closed_with(sock: socket.socket, statuses: set[int], timeout: float = 10.0) -> None:
    """The server closes ``sock``, saying why with a JSON error (or silently: ``{None}``)."""
    data, closed = read_until_closed(sock, timeout)
    assert closed, f"still open after {timeout} s, got {data[:100]!r}"
    if not data:
        assert None in statuses
        return
    [response] = parse_responses(data)
    assert_json_error(response)
    assert response.status in statuses, response.status


@pytest.fixture
def quick_server(tmp_path):
    """A server of its own with 0.3 s for a head (and as long again for a body)."""
    create_demo(tmp_path / "s.db")
    with SandboxServer(tmp_path / "s.db", header_timeout=0.3) as server:
        yield server


@pytest.fixture
def small_server(tmp_path):
    """A server of its own with at most 3 connections (and time-outs that never fire
    during a test, however slow the machine)."""
    create_demo(tmp_path / "s.db")
    with SandboxServer(tmp_path / "s.db", header_timeout=60, max_connections=3) as server:
        yield server


def test_a_half_sent_head_is_answered_408_and_closed(quick_server):
    with connect(quick_server.url) as sock:
        sock.sendall(HALF_HEAD)
        _closed_with(sock, {408})


def test_a_connection_that_sends_nothing_is_closed_silently(quick_server):
    with connect(quick_server.url) as sock:
        _closed_with(sock, {None})


def test_a_kept_alive_connection_gets_the_same_time_out_for_its_next_head(quick_server):
    with connect(quick_server.url) as sock:
        sock.sendall(PING)
        first = b""
        while b'{"status":"ok"}' not in first:
            first += sock.recv(4096)
        sock.sendall(HALF_HEAD)  # the next request's head never ends
        _closed_with(sock, {408}, timeout=4)  # well before the 5 s keep-alive time-out


def test_a_body_that_never_completes_is_answered_408_and_closed(quick_server):
    head = (
        b"POST /v2/licenses/valid HTTP/1.1\r\nHost: sandbox\r\n"
        b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    )
    with connect(quick_server.url) as sock:
        sock.sendall(head + b'{"serial": ')
        _closed_with(sock, {408})


def test_an_unread_body_after_an_early_answer_does_not_hold_the_connection(quick_server):
    head = (
        b"POST /v2/licenses/valid HTTP/1.1\r\nHost: sandbox\r\n"
        b"Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n"
    )
    with connect(quick_server.url) as sock:
        sock.sendall(head + b"{")
        data, closed = read_until_closed(sock, 10)
    assert closed
    [response] = parse_responses(data)  # the 413 came at once; the close after the time-out
    assert_json_error(response, 413)


def test_a_newcomer_over_the_bound_closes_the_longest_waiting_connection(small_server):
    waiting = [connect(small_server.url) for _ in range(3)]
    try:
        waiting[0].sendall(HALF_HEAD[:10])
        wait_for(lambda: small_server.open_connections() == 3, what="3 open connections")
        assert HTTP.get(small_server.url + "/v2/ping").status_code == 200
        _closed_with(waiting[0], {503})  # the oldest made room
    finally:
        for sock in waiting:
            sock.close()


def test_over_the_bound_with_every_connection_busy_the_newcomer_gets_503(small_server):
    small_server.latency_ms = 1000
    busy = [connect(small_server.url) for _ in range(3)]
    try:
        for sock in busy:
            sock.sendall(PING)
        wait_for(lambda: small_server.state.requests.in_flight == 3, what="3 in flight")
        with connect(small_server.url) as newcomer:
            _closed_with(newcomer, {503})
        small_server.latency_ms = 0
        for sock in busy:  # the busy ones are answered all the same
            data = b""
            while b'{"status":"ok"}' not in data:
                data += sock.recv(4096)
    finally:
        for sock in busy:
            sock.close()


def _low_fd_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


def test_hundreds_of_half_open_connections_neither_starve_requests_nor_stay_open(tmp_path):
    """300 half-open connections against a server allowed 256 descriptors: requests
    are still answered, and the server closes every half-open one by itself."""
    create_demo(tmp_path / "h.db")
    with SandboxProcess(
        tmp_path / "h.db", "--header-timeout", "1", preexec_fn=_low_fd_limit
    ) as server:
        attackers: list[socket.socket] = []
        try:
            for _ in range(300):
                attackers.append(connect(server.url))
                attackers[-1].sendall(HALF_HEAD)
            for _ in range(3):  # bounded: the client's time-out fails the test
                assert HTTP.get(server.url + "/v2/ping", timeout=10).status_code == 200
            for sock in attackers:  # 408 after the head time-out, or 503 to make room
                _closed_with(sock, {408, 503, None}, timeout=15)
            more = [connect(server.url) for _ in range(50)]  # still accepting, still bounded
            assert HTTP.get(server.url + "/v2/ping", timeout=10).status_code == 200
            for sock in more:
                _closed_with(sock, {None}, timeout=15)
                sock.close()
        finally:
            for sock in attackers:
                sock.close()
