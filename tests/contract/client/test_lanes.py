"""``Lanes``: the client's connections in small pools. As many requests in flight as
connections, on connections kept for the next request; a lane counts its open answers
back to nothing, failures included; a few calls stay in the first lane."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from licensedesk.api import LicenseClient
from licensedesk.api.lanes import LANE, Lanes
from tests.support.aio import run_async

from .helpers import config


def client_on(lanes: Lanes, streams: list[object]) -> httpx.AsyncClient:
    """A client over ``lanes`` that notes each answer's connection (httpx's public
    ``network_stream`` extension)."""

    async def note(response: httpx.Response) -> None:
        streams.append(response.extensions.get("network_stream"))

    return httpx.AsyncClient(transport=lanes, event_hooks={"response": [note]})


def test_32_in_flight_at_once_on_32_kept_connections(sandbox):
    sandbox.set_latency(30)
    lanes = Lanes(32, verify=False, keepalive_expiry=4.0)
    streams: list[object] = []
    serial = sandbox.serial("perpetual")

    async def main() -> None:
        async with client_on(lanes, streams) as http:
            client = LicenseClient(config(sandbox), http)
            for _ in range(3):  # rounds that end together, as at a fixed round trip
                await asyncio.gather(*(client.show_license(serial) for _ in range(32)))
        assert lanes.open == [0] * len(lanes.lanes)

    run_async(main())
    assert sandbox.max_in_flight == 32
    assert len(streams) == 96 and len({id(s) for s in streams}) == 32  # reused, never more


def test_calls_one_after_the_other_stay_on_one_connection(sandbox):
    lanes = Lanes(32, verify=False, keepalive_expiry=4.0)
    streams: list[object] = []

    async def main() -> None:
        async with client_on(lanes, streams) as http:
            client = LicenseClient(config(sandbox), http)
            for _ in range(5):
                await client.show_license(sandbox.serial("perpetual"))

    run_async(main())
    assert len({id(s) for s in streams}) == 1


@pytest.mark.parametrize("connections", [1, 12])
def test_a_failed_request_gives_its_place_back(connections):
    lanes = Lanes(connections, verify=False, keepalive_expiry=4.0)
    assert len(lanes.lanes) == -(-connections // LANE)

    async def main() -> None:
        async with httpx.AsyncClient(transport=lanes) as http:
            with pytest.raises(httpx.ConnectError):
                await http.get("http://127.0.0.1:9/v2/nothing")  # discard port: refused

    run_async(main())
    assert lanes.open == [0] * len(lanes.lanes)
