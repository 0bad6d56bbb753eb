"""Benchmark: POST /v2/licenses/valid against a trivial route of the same sandbox server.

Run: .venv/bin/python tests/bench/bench_sandbox.py [--requests N] [--concurrency C]

Starts ``licensedesk-sandbox serve`` on a fresh demo database as a subprocess and
drives it from this process with C concurrent httpx.AsyncClient workers (loopback
only, bounded in count and time). Prints throughput, p50/p99 latency of each
route and the ratio validate/trivial. Not a test: no pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

from licensedesk.sandbox.demo import create_demo

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.support.sandbox_process import SandboxProcess

TIME_LIMIT_S = 60.0


async def run_phase(name: str, send, total: int, clients: list[httpx.AsyncClient]):
    """``total`` requests over one worker per client (clients are created beforehand:
    creating an httpx client costs ~25 ms of CPU, which would pollute the latencies)."""
    latencies: list[float] = []
    failures = 0
    remaining = total
    deadline = time.perf_counter() + TIME_LIMIT_S

    async def worker(client: httpx.AsyncClient) -> None:
        nonlocal remaining, failures
        while remaining > 0 and time.perf_counter() < deadline:
            remaining -= 1
            started = time.perf_counter()
            response = await send(client)
            latencies.append(time.perf_counter() - started)
            if response.status_code != 200:
                failures += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker(client) for client in clients))
    elapsed = time.perf_counter() - started
    ordered = sorted(latencies)
    figures = {
        "requests": len(latencies),
        "failures": failures,
        "seconds": elapsed,
        "rps": len(latencies) / elapsed,
        "p50_ms": statistics.median(ordered) * 1000,
        "p99_ms": ordered[int(len(ordered) * 0.99) - 1] * 1000,
    }
    print(
        f"{name:<28} {figures['requests']:>6} req  {figures['seconds']:6.2f} s  "
        f"{figures['rps']:8.1f} req/s  p50 {figures['p50_ms']:6.2f} ms  "
        f"p99 {figures['p99_ms']:6.2f} ms  failures {failures}"
    )
    return figures


async def main_async(url: str, data: dict, total: int, concurrency: int) -> None:
    pair = data["catalogue"]["credentials"]["read"]
    body = {
        **pair,
        "serial": data["catalogue"]["serials"]["perpetual"],
        "code": data["catalogue"]["product_codes"]["perpetual"],
        "version": "2.0",
    }

    async def trivial(client: httpx.AsyncClient) -> httpx.Response:
        return await client.get(url + "/v2/ping")

    async def validate(client: httpx.AsyncClient) -> httpx.Response:
        return await client.post(url + "/v2/licenses/valid", json=body)

    clients = [httpx.AsyncClient(timeout=30) for _ in range(concurrency)]
    try:
        await run_phase("warm-up GET /v2/ping", trivial, 200, clients)
        await run_phase("warm-up POST valid", validate, 200, clients)
        ping = await run_phase("GET /v2/ping (trivial)", trivial, total, clients)
        valid = await run_phase("POST /v2/licenses/valid", validate, total, clients)
    finally:
        for client in clients:
            await client.aclose()
    print(f"ratio validate/trivial throughput: {valid['rps'] / ping['rps']:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000, help="per route")
    parser.add_argument("--concurrency", type=int, default=32)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        data = create_demo(db)
        with SandboxProcess(db, stderr=None) as sandbox:
            print(
                f"sandbox at {sandbox.url}; {options.concurrency} concurrent clients, "
                f"{options.requests} requests per route"
            )
            asyncio.run(main_async(sandbox.url, data, options.requests, options.concurrency))


if __name__ == "__main__":
    main()
