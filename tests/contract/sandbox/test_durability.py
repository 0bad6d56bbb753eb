"""Concurrent upgrades serialise; data survives a restart and a kill -9 of the server process."""

from __future__ import annotations

import asyncio
import signal

import httpx

from licensedesk.sandbox.demo import create_demo
from licensedesk.sandbox.server import SandboxServer
from tests.support.sandbox_process import SandboxProcess

from .helpers import HTTP, cred_args


def test_concurrent_upgrades_of_one_licence_exactly_one_wins(sandbox):
    args = {
        **cred_args(sandbox, "read"),
        "current_serial": sandbox.serial("upgrade_current"),
        "upgrade_serial": sandbox.serial("upgrade_target"),
    }

    async def race() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=sandbox.url, timeout=20) as client:
            calls = [client.post("/v2/licenses/upgrade", json=args) for _ in range(8)]
            return await asyncio.gather(*calls)

    responses = asyncio.run(race())
    codes = sorted(r.status_code for r in responses)
    assert codes == [200] + [404] * 7
    losers = [r.json()["error"]["message"] for r in responses if r.status_code == 404]
    assert set(losers) == {"Current license does not exist!"}


def _delete_one(url: str, data: dict) -> int:
    pair = data["catalogue"]["credentials"]["read_write"]
    activation = data["activations"][0]["id"]
    response = HTTP.delete(f"{url}/v2/activations/{activation}", params=pair)
    assert response.status_code == 200
    return activation


def _exists(url: str, data: dict, activation: int) -> bool:
    pair = data["catalogue"]["credentials"]["read_write"]
    serial = data["catalogue"]["serials"]["perpetual"]
    listed = HTTP.get(f"{url}/v2/activations/{serial}", params=pair).json()["data"]
    return activation in {a["id"] for a in listed}


def test_data_survives_a_restart(tmp_path):
    db = tmp_path / "restart.db"
    data = create_demo(db)
    with SandboxServer(db) as first:
        activation = _delete_one(first.url, data)
    with SandboxServer(db) as second:
        assert not _exists(second.url, data, activation)
        assert _exists(second.url, data, activation + 1)


def test_data_survives_kill_9_of_the_serve_process(tmp_path):
    db = tmp_path / "kill.db"
    data = create_demo(db)
    with SandboxProcess(db) as server:
        activation = _delete_one(server.url, data)
        assert server.kill() == -signal.SIGKILL
    with SandboxProcess(db) as server:
        assert not _exists(server.url, data, activation)
        assert _exists(server.url, data, activation + 1)
