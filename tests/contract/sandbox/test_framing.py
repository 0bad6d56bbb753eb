"""Request smuggling and malformed requests (issue #13), over raw sockets.

A request with both Content-Length and Transfer-Encoding is read one way by one
server and another way by the next: a second request hides in its body. The sandbox
answers it once, 400, and closes, so a request sent behind it on the same connection
is never answered. Requests h11 cannot parse get the spec's JSON error body too.
"""

from __future__ import annotations

import pytest

from .rawhttp import assert_json_error, exchange

SMUGGLED = b"GET /v2/ping HTTP/1.1\r\nHost: sandbox\r\n\r\n"


def _post(headers: bytes, body: bytes, version: bytes = b"1.1") -> bytes:
    return (
        b"POST /v2/licenses/valid HTTP/" + version + b"\r\nHost: sandbox\r\n"
        b"Content-Type: application/json\r\n" + headers + b"\r\n" + body
    )


@pytest.mark.parametrize(
    ("headers", "body"),
    [
        (b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", b"0\r\n\r\n"),
        (b"Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", b"0\r\n\r\n"),
        # CL.TE: a front end that trusts Content-Length forwards all of it as one body
        (
            b"Content-Length: %d\r\nTransfer-Encoding: chunked\r\n" % (5 + len(SMUGGLED)),
            b"0\r\n\r\n",
        ),
        (b"Content-Length: 0\r\nTransfer-Encoding: chunked\r\n", b"0\r\n\r\n"),
        (b"Content-Length: 5\r\nTransfer-Encoding: CHUNKED\r\n", b"0\r\n\r\n"),
    ],
    ids=["cl-then-te", "te-then-cl", "cl-covers-smuggled", "cl-zero", "te-upper-case"],
)
def test_content_length_with_transfer_encoding_is_refused_and_the_connection_closed(
    sandbox, headers, body
):
    responses, closed = exchange(sandbox.url, _post(headers, body) + SMUGGLED)
    assert len(responses) == 1, [r.status for r in responses]  # the smuggled one: no answer
    assert_json_error(responses[0], 400)
    assert "framing" in responses[0].json()["error"]["message"]
    assert responses[0].headers["connection"] == "close"
    assert closed
    assert sandbox.request_count("GET", "/v2/ping") == 0
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 0


def test_transfer_encoding_on_http_1_0_is_refused(sandbox):
    responses, closed = exchange(
        sandbox.url, _post(b"Transfer-Encoding: chunked\r\n", b"0\r\n\r\n", b"1.0") + SMUGGLED
    )
    assert [r.status for r in responses] == [400] and closed


def test_pipelined_requests_without_ambiguity_are_still_answered_in_order(sandbox):
    """Keep-alive and pipelining of honest requests are unchanged."""
    ping = b"GET /v2/ping HTTP/1.1\r\nHost: sandbox\r\n\r\n"
    last = b"GET /v2/ping HTTP/1.1\r\nHost: sandbox\r\nConnection: close\r\n\r\n"
    chunked = _post(b"Transfer-Encoding: chunked\r\n", b"2\r\n{}\r\n0\r\n\r\n")
    responses, closed = exchange(sandbox.url, ping + chunked + last)
    assert [r.status for r in responses] == [200, 401, 200] and closed


@pytest.mark.parametrize(
    "data",
    [
        b"GET /v2/\xff HTTP/1.1\r\nHost: sandbox\r\n\r\n",
        b"GET /v2/ping?\xed\xa0\x80 HTTP/1.1\r\nHost: sandbox\r\n\r\n",
        b"POST /v2/licenses/valid HTTP/1.1\r\nHost: sandbox\r\nTransfer-Encoding: gzip\r\n\r\n",
        b"POST /v2/licenses/valid HTTP/1.1\r\nHost: sandbox\r\nContent-Length: 1\r\n"
        b"Content-Length: 2\r\n\r\nxy",
        b"POST /v2/licenses/valid HTTP/1.1\r\nHost: sandbox\r\nContent-Length: -1\r\n\r\n",
        b"GET /v2/ping HTTP/1.1\r\nHost: sandbox\r\nBad Header\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",  # a TLS ClientHello on plain HTTP
        b"GET /v2/ping HTTP/1.1\r\n" + b"X-Long: " + b"a" * 20000 + b"\r\n\r\n",
    ],
    ids=[
        "raw-byte-path",
        "raw-surrogate-query",
        "unknown-te",
        "two-lengths",
        "negative-length",
        "header-without-colon",
        "tls-hello",
        "huge-head",
    ],
)
def test_malformed_requests_get_a_json_400_and_a_close(sandbox, data):
    responses, closed = exchange(sandbox.url, data)
    assert len(responses) == 1 and closed
    assert_json_error(responses[0], 400)


def test_a_malformed_request_after_a_good_one_on_the_same_connection_gets_its_400(sandbox):
    ping = b"GET /v2/ping HTTP/1.1\r\nHost: sandbox\r\n\r\n"
    responses, closed = exchange(sandbox.url, ping + b"GET /v2/\xff HTTP/1.1\r\n\r\n")
    assert [r.status for r in responses] == [200, 400] and closed
    assert_json_error(responses[1], 400)
