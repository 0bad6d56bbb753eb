"""Client benchmarks against a sandbox subprocess. Prints figures; asserts nothing.

1. Throughput: rounds of 800 show-licence calls through LicenseClient vs a raw
   httpx.AsyncClient with the client's limits, same concurrency, same sandbox,
   alternating; the figure is the median of the rounds' ratios, with their spread. Each
   round runs on a fresh client, warmed just before it: a connection left idle while
   the other side's round ran could reach the sandbox's keep-alive limit (uvicorn's 5 s,
   httpx's own expiry is 5 s too), and a request sent as the busy server closes it ends
   in "Server disconnected without sending a response". Nothing is retried: a failed
   call is counted and printed with its side.
2. Parallel lookup: licence + products + activations with asyncio.gather over one client,
   sandbox at --latency-ms 100; wall time / one round trip, for information.

Run: .venv/bin/python tests/bench/bench_client.py
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from licensedesk.api import ApiError, ClientConfig, Credentials, LicenseClient

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.bench._figures import figure
from tests.support.sandbox_process import SandboxProcess

CALLS = 800
CONCURRENCY = 16
ROUNDS = 9
SANDBOX = [str(Path(sys.executable).with_name("licensedesk-sandbox"))]


def demo(db: Path) -> dict:
    out = subprocess.run(
        [*SANDBOX, "demo", "--db", str(db), "--json"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out)


#: this process's CPU seconds per call, by side (the sandbox runs in its own process)
CPU: dict[str, list[float]] = {"client": [], "raw": []}
#: failed calls by side and error (none retried)
FAILED: dict[str, dict[str, int]] = {"client": {}, "raw": {}}
LIMITS = httpx.Limits(max_connections=32, max_keepalive_connections=16)  # LicenseClient's


async def _workers(n: int, job, side: str = "") -> float:
    queue = iter(range(n))

    async def worker():
        for _ in queue:
            try:
                await job()
            except (httpx.HTTPError, ApiError) as exc:
                failed = FAILED[side or "client"]
                failed[repr(exc)] = failed.get(repr(exc), 0) + 1

    start, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
    if side:
        CPU[side].append((time.process_time() - cpu) / n)
    return n / (time.perf_counter() - start)


async def client_round(cfg: ClientConfig, serial: str, n: int) -> float:
    async with LicenseClient(cfg) as client:

        async def call():
            await client.show_license(serial)

        await _workers(2 * CONCURRENCY, call)  # open the connections
        return await _workers(n, call, "client")


async def raw_round(url: str, params: dict, n: int) -> float:
    async with httpx.AsyncClient(limits=LIMITS) as raw:

        async def call():
            response = await raw.get(url, params=params)
            response.raise_for_status()
            response.json()

        await _workers(2 * CONCURRENCY, call)
        return await _workers(n, call, "raw")


async def throughput(
    url: str, app_id: str, key: str, serial: str
) -> tuple[list[float], list[float]]:
    cfg = ClientConfig(url, read=Credentials(app_id, key))
    raw_url = f"{url}/v2/licenses/show-license/{serial}"
    params = {"app_id": app_id, "api_key": key}
    client_rates, raw_rates = [], []
    await client_round(cfg, serial, 200)  # warm the sandbox
    await raw_round(raw_url, params, 200)
    for side in CPU.values():
        side.clear()  # the warm-up rounds are not counted
    for _ in range(ROUNDS):  # interleaved, so drift hits both alike
        client_rates.append(await client_round(cfg, serial, CALLS))
        raw_rates.append(await raw_round(raw_url, params, CALLS))
    return client_rates, raw_rates


async def parallel(url: str, read, write, serial: str) -> tuple[float, float]:
    cfg = ClientConfig(url, read=Credentials(*read), write=Credentials(*write))
    singles, lookups = [], []
    async with LicenseClient(cfg) as client:
        await asyncio.gather(
            client.show_license(serial), client.license_products(serial), client.activations(serial)
        )  # open three connections
        for _ in range(7):
            start = time.perf_counter()
            await client.show_license(serial)
            singles.append(time.perf_counter() - start)
            start = time.perf_counter()
            await asyncio.gather(
                client.show_license(serial),
                client.license_products(serial),
                client.activations(serial),
            )
            lookups.append(time.perf_counter() - start)
    return statistics.median(singles), statistics.median(lookups)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        data = demo(db)
        cat = data["catalogue"]
        read = (cat["credentials"]["read"]["app_id"], cat["credentials"]["read"]["api_key"])
        rw = (
            cat["credentials"]["read_write"]["app_id"],
            cat["credentials"]["read_write"]["api_key"],
        )
        serial = cat["serials"]["perpetual"]
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, httpx {httpx.__version__}")

        with SandboxProcess(db) as sandbox:
            client_rates, raw_rates = asyncio.run(throughput(sandbox.url, *read, serial))
        print(
            f"throughput: {CALLS} show-license calls a round, concurrency {CONCURRENCY}, "
            f"{ROUNDS} interleaved rounds, each on a fresh warmed client"
        )
        print(f"  LicenseClient   {statistics.median(client_rates):8.0f} calls/s (median)")
        print(f"  raw httpx       {statistics.median(raw_rates):8.0f} calls/s (median)")
        for side, errors in FAILED.items():
            for error, count in errors.items():
                print(f"  {side}: {count} call(s) failed, not retried: {error}")
        ratios = [c / r for c, r in zip(client_rates, raw_rates, strict=True)]
        figure(
            "client_throughput",
            "LicenseClient / raw httpx throughput",
            statistics.median(ratios),
            0.9,
            op=">=",
            runs=ratios,
        )
        cpu = {side: statistics.median(v) * 1e6 for side, v in CPU.items()}
        figure(
            "client_cpu",
            f"LicenseClient / raw httpx CPU per call ({cpu['client']:.0f} / {cpu['raw']:.0f} us)",
            cpu["client"] / cpu["raw"],
            None,
            runs=[c / r for c, r in zip(CPU["client"], CPU["raw"], strict=True)],
        )

        with SandboxProcess(db, latency_ms=100) as sandbox:
            single, lookup = asyncio.run(parallel(sandbox.url, read, rw, serial))
        print(
            "parallel lookup (licence + products + activations), sandbox --latency-ms 100,"
            " median of 7"
        )
        print(f"  one round trip  {single * 1000:8.1f} ms")
        print(f"  gather of three {lookup * 1000:8.1f} ms")
        figure("client_gather", "three calls gathered / one round trip", lookup / single, None)


if __name__ == "__main__":
    main()
