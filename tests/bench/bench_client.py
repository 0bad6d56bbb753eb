"""Client benchmarks against a sandbox subprocess. Prints figures; asserts nothing.

1. Throughput: rounds of 800 show-licence calls through LicenseClient vs raw
   httpx.AsyncClient, same concurrency, same sandbox, alternating; the figure is the median
   of the rounds' ratios, with their spread (goal: ratio >= 0.9). Both sides wait mostly
   on the sandbox, which shares the two CPUs: one round's ratio ranges 0.75-1.2 here, so
   9 rounds (3 gave 0.81-0.90 between runs of the same code).
2. Parallel lookup: licence + products + activations with asyncio.gather over one client,
   sandbox at --latency-ms 100; wall time / one round trip (goal: <= 1.15).

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

from licensedesk.api import ClientConfig, Credentials, LicenseClient
from licensedesk.api.http_client import async_client

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
CPU: dict[str, list[float]] = {"client": [], "raw": [], "same": []}


async def _workers(n: int, job, side: str = "") -> float:
    queue = iter(range(n))

    async def worker():
        for _ in queue:
            await job()

    start, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
    if side:
        CPU[side].append((time.process_time() - cpu) / n)
    return n / (time.perf_counter() - start)


async def throughput(url: str, app_id: str, key: str,
                     serial: str) -> tuple[list[float], list[float], list[float]]:
    cfg = ClientConfig(url, read=Credentials(app_id, key))
    limits = httpx.Limits(max_connections=32, max_keepalive_connections=16)
    raw_url = f"{url}/v2/licenses/show-license/{serial}"
    params = {"app_id": app_id, "api_key": key}
    client_rates, raw_rates, same_rates = [], [], []
    async with (LicenseClient(cfg) as client, httpx.AsyncClient(limits=limits) as raw,
                async_client(verify=True, limits=limits) as same):

        async def via_client():
            await client.show_license(serial)

        async def get(http: httpx.AsyncClient):
            response = await http.get(raw_url, params=params)
            response.raise_for_status()
            response.json()

        async def via_raw():
            await get(raw)

        async def plain(n: int, side: str = "") -> float:
            """Raw httpx as it comes."""
            return await _workers(n, via_raw, side)

        async def via_same():
            await get(same)

        await _workers(200, via_client)  # warm the pools
        await plain(200)
        await _workers(200, via_same)
        for _ in range(ROUNDS):  # interleaved, so drift hits all alike
            client_rates.append(await _workers(CALLS, via_client, "client"))
            raw_rates.append(await plain(CALLS, "raw"))
            same_rates.append(await _workers(CALLS, via_same, "same"))
    return client_rates, raw_rates, same_rates


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
            client_rates, raw_rates, same_rates = asyncio.run(
                throughput(sandbox.url, *read, serial))
        print(
            f"throughput: {CALLS} show-license calls a round, concurrency {CONCURRENCY}, "
            f"{ROUNDS} interleaved rounds"
        )
        print(f"  LicenseClient   {statistics.median(client_rates):8.0f} calls/s (median)")
        print(f"  raw httpx       {statistics.median(raw_rates):8.0f} calls/s (median)")
        print(f"  raw httpx on LicenseClient's connections (network backend, pool locks) "
              f"{statistics.median(same_rates):8.0f} calls/s (median)")
        ratios = [c / r for c, r in zip(client_rates, raw_rates, strict=True)]
        figure("client_throughput", "LicenseClient / raw httpx throughput",
               statistics.median(ratios), 0.9, op=">=", runs=ratios)
        cpu = {side: statistics.median(v) * 1e6 for side, v in CPU.items()}
        print(f"  this process's CPU per call: LicenseClient {cpu['client']:.0f} us, raw httpx "
              f"{cpu['raw']:.0f} us, raw httpx on the same connections {cpu['same']:.0f} us")
        same = [c / r for c, r in zip(client_rates, same_rates, strict=True)]
        figure("client_own_work", "LicenseClient / raw httpx on the same connections, throughput"
               " (the client's own work: models, checks, redaction)",
               statistics.median(same), None, runs=same)
        figure("client_cpu", "raw httpx / LicenseClient CPU per call (throughput if CPU-bound)",
               cpu["raw"] / cpu["client"], None,
               runs=[r / c for c, r in zip(CPU["client"], CPU["raw"], strict=True)])

        with SandboxProcess(db, latency_ms=100) as sandbox:
            single, lookup = asyncio.run(parallel(sandbox.url, read, rw, serial))
        print(
            "parallel lookup (licence + products + activations), sandbox --latency-ms 100,"
            " median of 7"
        )
        print(f"  one round trip  {single * 1000:8.1f} ms")
        print(f"  gather of three {lookup * 1000:8.1f} ms")
        figure("client_gather", "three calls gathered / one round trip", lookup / single, 1.15)


if __name__ == "__main__":
    main()
