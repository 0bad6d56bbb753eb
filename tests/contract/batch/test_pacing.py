"""Pacing against the sandbox, proven from the server's side: the concurrency bound,
429 storms that slow the whole batch without failing a row, servers that fail half
the calls, cancelling half-way."""

from __future__ import annotations

import asyncio

import pytest

from licensedesk.api import LicenseClient
from licensedesk.batch.check import BatchCheck
from licensedesk.batch.model import CheckResult, Status
from tests.support.aio import loop_turns, run_async

from .helpers import UNKNOWN, check, client_config

KINDS = (
    "perpetual",
    "subscription_active",
    "subscription_expired",
    "trial",
    "host_limit",
    "no_activations",
    "many_activations",
    "offline",
)


def serials(sandbox, unknowns: int = 0) -> list[str]:
    """The demo serials plus well-formed unknown ones (one request each)."""
    extra = [f"ZZZZ-{n:04d}-ZZZZ-{n:04d}-ZZZZ" for n in range(unknowns)]
    return [sandbox.serial(k) for k in KINDS] + extra


@pytest.mark.parametrize("limit", [1, 3, 8, 32])
def test_never_more_requests_in_flight_than_the_concurrency(sandbox, limit):
    # every request takes long enough for the next ones to be sent meanwhile: at 32,
    # a loaded machine takes more than 25 ms to send 32 requests
    sandbox.set_latency(25 if limit <= 8 else 300)
    run = check(sandbox, serials(sandbox, unknowns=24), write="write", concurrency=limit)
    assert len(run.results) == 32
    assert sandbox.max_in_flight == limit  # reached, never passed
    assert sandbox.request_count() == run.batch.sent


def test_a_429_holds_every_worker_for_retry_after(sandbox):
    # the very first show-license is answered 429 "Retry-After: 1"; 7 other workers run
    sandbox.faults.add("rate_limit", path="/v2/licenses/show-license/", times=1, retry_after=1)
    run = check(sandbox, serials(sandbox, unknowns=40), concurrency=8)
    assert all(r.status != Status.ERROR for r in run.results) and len(run.results) == 48
    served = sandbox.served()
    (busy,) = [s for s in served if s.status == 429]
    # in the Retry-After second the other 7 workers send at most one request each after
    # the one already on its way when the 429 left the server (sent before the client
    # read it; on a loaded machine both land late); without the gate the 47 quick serials
    # would all be sent in it
    quiet = [s for s in served if busy.ended < s.arrived < busy.ended + 0.85]
    assert len(quiet) <= 2 * 7, quiet
    assert max(s.arrived for s in served) > busy.ended + 0.9  # and on afterwards
    assert run.batch.gate.pauses >= 1


def test_a_storm_of_429_slows_but_every_row_is_answered(sandbox):
    names, product = serials(sandbox, unknowns=8), sandbox.product_code("perpetual")
    clean = check(sandbox, names, write="write", product=product)
    sandbox.faults.add("rate_limit", path="/v2/", rate=0.4, retry_after=0)
    sandbox.clear_requests()
    stormy = check(sandbox, names, write="write", product=product)
    by_index = sorted(stormy.results, key=lambda r: r.index)
    assert by_index == sorted(clean.results, key=lambda r: r.index)  # the same answers
    answered_429 = [s for s in sandbox.served() if s.status == 429]
    assert answered_429  # it did storm; POSTs (validate, products) were asked again too
    assert any(s.method == "POST" for s in answered_429)
    assert stormy.batch.gate.pauses >= len(answered_429)


def test_a_server_failing_half_the_calls_still_gives_one_row_each(sandbox):
    sandbox.faults.add("http500_html", path="/v2/", rate=0.5)
    names = serials(sandbox, unknowns=24)
    run = check(sandbox, names, write="write")
    assert sorted(r.index for r in run.results) == list(range(len(names)))
    errors = [r for r in run.results if r.status == Status.ERROR]
    assert errors, "half the calls failed: some rows could not be checked"
    for row in errors:
        assert row.words == f"could not check: {row.reason}"
        assert "HTTP 500" in row.reason and row.error is not None
    for row in run.results:
        if row.status != Status.ERROR and row.found and row.seats is None:
            assert row.reason.startswith("Seats could not be read:")


def test_no_connection_gives_an_error_row_each(sandbox):
    from tests.support.net import free_port

    class Closed:  # the sandbox's credentials, a port where nothing listens
        url = f"http://127.0.0.1:{free_port()}"
        creds = sandbox.creds

    run = check(Closed, [sandbox.serial("trial"), UNKNOWN], config={"max_retries": 0})
    assert {r.status for r in run.results} == {Status.ERROR}
    assert all(r.words.startswith("could not check: Could not connect") for r in run.results)


def test_cancel_half_way_keeps_what_was_delivered_and_stops_sending(sandbox):
    sandbox.set_latency(20)
    names = serials(sandbox, unknowns=32)

    async def main():
        async with LicenseClient(client_config(sandbox)) as client:
            batch = BatchCheck(client, names, concurrency=4)
            got: list[CheckResult] = []

            def on_result(result: CheckResult) -> None:
                got.append(result)
                if len(got) == 10:
                    task.cancel()

            task = asyncio.ensure_future(batch.run(on_result))
            with pytest.raises(asyncio.CancelledError):
                await task
            return batch, got

    batch, got = run_async(main())
    assert len(got) == batch.done == 10  # nothing delivered after the cancel
    assert len({r.index for r in got}) == 10
    assert batch.sent < 20 + 4  # at most 2 per delivered row, plus one per worker
    assert sandbox.request_count() <= batch.sent


def test_an_error_in_on_result_stops_the_batch_and_is_raised(sandbox):
    async def main():
        async with LicenseClient(client_config(sandbox)) as client:
            batch = BatchCheck(client, serials(sandbox, unknowns=16), concurrency=2)

            def on_result(result: CheckResult) -> None:
                raise RuntimeError("the table is gone")

            with pytest.raises(RuntimeError, match="the table is gone"):
                await batch.run(on_result)
            return batch

    batch = run_async(main())
    assert batch.done == 1
    assert sandbox.request_count() < 10


class AnsweredAtOnce:
    """The sandbox's answers for one serial, asked once, then given back without waiting:
    a service whose answers are always in already (below the real runs above)."""

    def __init__(self, client: LicenseClient, answers: dict) -> None:
        self.config = client.config
        self.has_write_pair = client.has_write_pair
        self.may_write = client.may_write
        self.answers = answers
        self.calls = 0

    def __getattr__(self, name: str):
        async def call(*args):
            self.calls += 1
            return self.answers[name]

        return call


def test_a_worker_lets_the_loop_take_a_turn_before_each_call(sandbox):
    """Answers that are in at once do not run back to back: the window's loop gets a
    turn between two calls (to paint, to fire its timers)."""
    serial = sandbox.serial("perpetual")

    async def main() -> tuple[int, int]:
        async with LicenseClient(client_config(sandbox, "read", "read_write")) as real:
            answers = {
                "show_license": await real.show_license(serial),
                "activations": await real.activations(serial),
                "license_products": await real.license_products(serial),
            }
            client = AnsweredAtOnce(real, answers)
            results: list[CheckResult] = []
            batch = BatchCheck(client, [serial] * 10, concurrency=1)
            _, turns = await loop_turns(batch.run(results.append))
            assert [r.status for r in results] == [results[0].status] * 10
            return turns, client.calls

    turns, calls = run_async(main())
    assert calls == 30  # licence, activations, products for each of ten serials
    assert turns >= calls
