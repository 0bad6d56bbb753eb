"""The client against a hostile server (issue #13): every answer bounded in size, depth
and time, each failing with a sentence. In process, over real loopback sockets; the
same bounds are checked from outside (RSS and wall clock of a child) in
tests/contract/cli/test_hostile_limits.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from licensedesk.api import BadResponse, ClientConfig, Credentials, LicenseClient, TimedOut
from licensedesk.api.responses import MAX_DEPTH
from licensedesk.batch.check import BatchCheck
from licensedesk.batch.model import Status
from tests.support.aio import run_async

from .hostile_server import HostileServer
from .odd_server import ACTIVATIONS, LICENSE

SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
CODE = "0f0e0d0c-0b0a-0908-0706-050403020100"
SHOW = "/v2/licenses/show-license/"
ACTS = "/v2/activations/"


@pytest.fixture
def server():
    with HostileServer() as hostile:
        # a client that lost its limits fails these tests instead of filling or hanging them
        hostile.stream_cap, hostile.trickle_for = 64 * 1024**2, 10.0
        yield hostile


def call(server: HostileServer, method: str, *args: Any, **config: Any) -> Any:
    """``client.method(*args)`` in a fresh loop with a client of ``config`` on ``server``."""
    config.setdefault("retry_backoff", 0.0)

    async def main() -> Any:
        cfg = ClientConfig(server.url, read=Credentials("app", "sk_hostile_key_0001"), **config)
        async with LicenseClient(cfg) as client:
            return await getattr(client, method)(*args)

    return run_async(main())


def fails(server: HostileServer, error: type, method: str, *args: Any, **config: Any):
    with pytest.raises(error) as caught:
        call(server, method, *args, **config)
    return caught.value


# -- size --------------------------------------------------------------------------------


def test_a_declared_content_length_over_the_limit_is_refused_before_the_body(server):
    server.default = "huge_length"
    err = fails(server, BadResponse, "show_license", SERIAL)
    assert err.sentence == (
        "The licence service announced an answer of 2,048 MB, more than "
        "the 4 MB accepted for one answer: it was not read."
    )
    assert err.details.http_status == 200 and "Content-Length 2147483648" in err.details.cause
    assert len(server.requests) == 1  # not retried


def test_the_sizes_are_written_as_the_language_in_use_writes_numbers(server):
    """German: "2.048 MB" (the shipped catalogue); the English kept for exports: "2,048"."""
    from licensedesk import i18n

    server.default = "huge_length"
    assert i18n.use_language("de") == "de"
    try:
        err = fails(server, BadResponse, "show_license", SERIAL)
    finally:
        i18n.use_language("en")
    assert err.sentence.startswith("Der Lizenzdienst hat eine Antwort von 2.048 MB angek")
    assert "die 4 MB" in err.sentence
    assert err.english.startswith("The licence service announced an answer of 2,048 MB,")


def test_an_endless_chunked_answer_is_cut_at_the_limit(server):
    server.default = "endless_chunks"
    err = fails(server, BadResponse, "show_license", SERIAL, max_answer_bytes=256 * 1024)
    assert err.sentence == (
        "The licence service sent more than 256 KB in one answer: the rest was not read."
    )


def test_a_write_cut_at_the_limit_says_the_change_may_have_been_made(server):
    server.default = "endless_chunks"
    err = fails(server, BadResponse, "set_activation", 21, False, max_answer_bytes=64 * 1024)
    assert err.sentence.endswith(
        "The change may or may not have been made: reload before trying again."
    )


def test_an_activations_list_may_be_larger_than_any_other_answer(server):
    many = [dict(ACTIVATIONS[0], id=str(i), product_name="P" * 200) for i in range(1, 400)]
    server.bodies[ACTS] = {"data": many}
    server.bodies[SHOW] = {"data": dict(LICENSE, serial=SERIAL, padding="x" * 150_000)}
    size = len(json.dumps(server.bodies[ACTS]))
    limits = {"max_answer_bytes": 100_000, "max_list_answer_bytes": 4 * size}
    assert size > limits["max_answer_bytes"]
    assert len(call(server, "activations", SERIAL, **limits)) == len(many)
    err = fails(server, BadResponse, "show_license", SERIAL, **limits)
    assert "the 98 KB accepted" in err.sentence  # the licence's own, smaller limit

    limits["max_list_answer_bytes"] = size // 2
    err = fails(server, BadResponse, "activations", SERIAL, **limits)
    assert "sent more than" in err.sentence or "announced an answer of" in err.sentence


# -- depth -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["deep_arrays", "deep_objects"])
@pytest.mark.parametrize("method", ["show_license", "activations"])
def test_100k_nested_levels_are_an_answer_not_understood(server, kind, method):
    server.default = kind
    err = fails(server, BadResponse, method, SERIAL)
    assert err.sentence == (
        "The server's answer could not be read: its data is nested more "
        f"than {MAX_DEPTH} levels deep (HTTP 200)."
    )


def test_nesting_just_over_the_limit_is_refused_and_a_little_is_tolerated(server):
    def nested(depth: int) -> Any:
        value: Any = 1
        for _ in range(depth):
            value = [value]
        return value

    # the body (1) and its data (2), then the unknown field's own levels
    server.bodies[SHOW] = {"data": dict(LICENSE, serial=SERIAL, extra=nested(MAX_DEPTH - 1))}
    fails(server, BadResponse, "show_license", SERIAL)
    server.bodies[SHOW] = {"data": dict(LICENSE, serial=SERIAL, extra=nested(MAX_DEPTH - 2))}
    assert call(server, "show_license", SERIAL).serial == SERIAL


# -- time --------------------------------------------------------------------------------


def test_a_trickling_answer_ends_at_the_deadline_as_a_time_out(server):
    server.default = "trickle"
    err = fails(server, TimedOut, "show_license", SERIAL, deadline=1.0, read_timeout=5.0)
    assert err.sentence == (
        "The licence service did not answer in time: no complete answer within 1 s."
    )
    assert err.details.method == "GET" and "deadline" in err.details.cause
    assert "sk_hostile_key_0001" not in err.details.describe()


def test_a_trickling_write_says_the_change_may_have_been_made(server):
    server.default = "trickle"
    err = fails(server, TimedOut, "validate", SERIAL, CODE, deadline=0.5)
    assert err.sentence.startswith("The licence service did not answer in time")
    assert err.sentence.endswith(
        "The change may or may not have been made: reload before trying again."
    )


def test_the_deadline_covers_retries_and_their_waits(server):
    server.bodies[SHOW] = {"error": {"message": "busy", "status_code": 503}}
    server.statuses[SHOW] = 503
    # without a deadline: 3 tries with waits of 10 s and 30 s between them
    err = fails(server, TimedOut, "show_license", SERIAL, deadline=0.5, retry_backoff=10.0)
    assert "within 0.5 s" in err.sentence
    assert len(server.requests) == 1  # cut during the first wait


def test_a_batch_check_shows_the_deadline_as_a_time_out(server):
    server.default = "trickle"

    async def main() -> list:
        cfg = ClientConfig(server.url, read=Credentials("app", "sk_hostile_key_0001"), deadline=0.5)
        rows: list = []
        async with LicenseClient(cfg) as client:
            await BatchCheck(client, [SERIAL], concurrency=1).run(rows.append)
        return rows

    (row,) = run_async(main())
    assert row.status == Status.ERROR
    assert row.words == (
        "could not check: The licence service did not answer in time: "
        "no complete answer within 0.5 s."
    )
    assert isinstance(row.error, TimedOut)


# -- text ---------------------------------------------------------------------------------


def test_the_service_message_in_a_sentence_is_made_visible(server):
    server.bodies[SHOW] = {
        "error": {"message": "No\x1b[2J\x1b]0;pwned\x07 \u202eenil", "status_code": 422}
    }
    err = fails(server, Exception, "show_license", SERIAL)
    assert err.sentence == (
        "The licence service refused the request: No\\x1b[2J\\x1b]0;pwned\\x07 \\u202eenil"
    )
    assert err.details.server_message == "No\x1b[2J\x1b]0;pwned\x07 \u202eenil"  # as sent
    assert "\x1b" not in err.details.describe() and "\u202e" not in err.details.describe()
