"""Batch check benchmark against a sandbox subprocess at --latency-ms 100. Prints figures;
asserts nothing.

1,000 distinct serials (500 licences cloned from the demo's, 500 unknown), read pair, so
a found serial costs two requests (show-license, activations) and an unknown one one.
With ``concurrency`` workers each keeping one request in flight, the ideal wall time is
``requests × RTT / concurrency``, RTT measured on the same server in the same run.
Printed: that ratio (goal <= 1.15) for the engine (``BatchCheck``), for the command
line (``licensedesk-cli check --json`` in a subprocess: start-up included) and for the
window (the real batch window in a fresh offscreen Qt process, read-only profile: from
pressing Check to the last row shown), median of three runs each. About three minutes.

Run: .venv/bin/python tests/bench/bench_batch.py
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from licensedesk.api import ApiError, ClientConfig, Credentials, LicenseClient
from licensedesk.batch.check import BatchCheck
from licensedesk.batch.parse import parse_serials

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.bench._figures import figure
from tests.support.sandbox_process import SandboxProcess

SERIALS = 1000
FOUND = 500
CONCURRENCY = 8
LATENCY_MS = 100
RUNS = 3
SANDBOX = [sys.executable, "-m", "licensedesk.sandbox"]
_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def _serial(rng: random.Random) -> str:
    return "-".join("".join(rng.choice(_CHARS) for _ in range(4)) for _ in range(5))


def dataset(db: Path, folder: Path) -> tuple[dict, list[str]]:
    """The demo plus clones of its licences (new serials, their devices too); the input."""
    data = json.loads(subprocess.run([*SANDBOX, "demo", "--db", str(db), "--json"], check=True,
                                     capture_output=True, text=True).stdout)  # fmt: skip
    rng = random.Random(1000)
    originals, devices = list(data["licenses"]), list(data["activations"])
    found: list[str] = []
    next_id, next_activation = len(originals) + 1, len(devices) + 1
    while len(found) < FOUND:
        source = originals[len(found) % len(originals)]
        clone = {**source, "id": next_id, "serial": _serial(rng)}
        data["licenses"].append(clone)
        for device in (d for d in devices if d["license_id"] == source["id"]):
            host = "".join(rng.choice("0123456789abcdef") for _ in range(32))
            data["activations"].append({**device, "id": next_activation, "license_id": next_id,
                                        "host_id": host})  # fmt: skip
            next_activation += 1
        found.append(clone["serial"])
        next_id += 1
    unknown = [_serial(rng) for _ in range(SERIALS - FOUND)]
    (folder / "dataset.json").write_text(json.dumps(data))
    subprocess.run([*SANDBOX, "load", "--db", str(db), str(folder / "dataset.json")], check=True,
                   capture_output=True)  # fmt: skip
    serials = found + unknown
    rng.shuffle(serials)
    return data, serials


async def rtt(client: LicenseClient, serial: str, samples: int = 21) -> float:
    """Median time of one show-license, on an open connection."""
    await client.show_license(serial)
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        await client.show_license(serial)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


async def engine(url: str, read: tuple[str, str], serials: list[str],
                 known: str) -> tuple[float, float, int]:  # fmt: skip
    """(RTT, wall time of the batch, requests sent)."""
    async with LicenseClient(ClientConfig(url, read=Credentials(*read))) as client:
        one = await rtt(client, known)
        batch = BatchCheck(client, serials, concurrency=CONCURRENCY)
        rows = []
        start = time.perf_counter()
        await batch.run(rows.append)
        wall = time.perf_counter() - start
        assert len(rows) == len(serials) and batch.done == len(serials)
        return one, wall, batch.sent


def cli(url: str, read: tuple[str, str], path: Path) -> float:
    env = {**os.environ, "LICENSEDESK_API_KEY": read[1],
           "LICENSEDESK_CONFIG_DIR": str(path.parent / "config")}  # fmt: skip
    args = [sys.executable, "-m", "licensedesk.cli", "check", str(path), "--json",
            "--concurrency", str(CONCURRENCY), "--base-url", url, "--app-id", read[0]]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    assert done.returncode == 1, done.stderr  # unknown serials: exit 1
    assert len(done.stdout.splitlines()) == SERIALS
    return wall


def window(url: str, read: tuple[str, str], path: Path) -> float:
    """The window's wall time, measured in a fresh process (``--window``)."""
    args = [sys.executable, __file__, "--window", url, read[0], str(path)]
    done = subprocess.run(args, env={**os.environ, "LICENSEDESK_BENCH_KEY": read[1]},
                          stdout=subprocess.PIPE, text=True, check=True)  # fmt: skip
    return float(done.stdout.strip().splitlines()[-1])


def window_run(url: str, app_id: str, path: Path) -> None:
    """In this process: the real window checks the file's serials; prints the wall time."""
    sys.path.insert(0, str(Path(__file__).parent))
    from _ui_bench_support import make_app, make_desk, wait_until

    _app, loop = make_app()
    with tempfile.TemporaryDirectory() as tmp:
        desk = make_desk(url, app_id, os.environ["LICENSEDESK_BENCH_KEY"],
                         str(Path(tmp) / "s.ini"), write=False)  # fmt: skip
        batch = desk.batch.open()
        batch.set_text(path.read_text())

        async def run() -> float:
            with contextlib.suppress(ApiError):  # open the connection, as the engine's run
                await desk.connections.client().show_license(
                    parse_serials(path.read_text()).serials[0])
            start = time.perf_counter()
            desk.batch.check()
            await wait_until(lambda: not batch.is_running(), timeout=600)
            wall = time.perf_counter() - start
            assert batch.model.answered() == SERIALS, batch.model.answered()
            await desk.aclose()
            return wall

        print(f"{loop.run_until_complete(run()):.4f}")


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--window":
        window_run(sys.argv[2], sys.argv[3], Path(sys.argv[4]))
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "bench.db"
        data, serials = dataset(db, folder)
        path = folder / "serials.txt"
        path.write_text("\n".join(serials) + "\n")
        assert parse_serials(path.read_text()).serials == tuple(serials)
        cred = data["catalogue"]["credentials"]["read"]
        read = (cred["app_id"], cred["api_key"])
        requests = 2 * FOUND + (SERIALS - FOUND)
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; {SERIALS} serials "
              f"({FOUND} found: 2 requests each, {SERIALS - FOUND} unknown: 1), read pair, "
              f"concurrency {CONCURRENCY}, sandbox --latency-ms {LATENCY_MS}")  # fmt: skip
        engine_runs, cli_runs, window_runs, rtts = [], [], [], []
        with SandboxProcess(db, latency_ms=LATENCY_MS) as sandbox:
            for _ in range(RUNS):  # interleaved, so drift hits both alike
                known = data["catalogue"]["serials"]["perpetual"]
                one, wall, sent = asyncio.run(engine(sandbox.url, read, serials, known))
                assert sent == requests, (sent, requests)
                rtts.append(one)
                engine_runs.append(wall)
                cli_runs.append(cli(sandbox.url, read, path))
                window_runs.append(window(sandbox.url, read, path))
        one = statistics.median(rtts)
        ideal = requests * one / CONCURRENCY
        print(f"  RTT (median show-license)  {one * 1000:8.1f} ms")
        print(f"  requests                   {requests:8d}")
        print(f"  ideal {requests} x RTT / {CONCURRENCY}  {ideal:8.2f} s")
        for key, name, runs in (("batch_engine", "engine (BatchCheck)", engine_runs),
                                ("batch_cli", "CLI (subprocess)", cli_runs),
                                ("batch_window", "window (Qt process)", window_runs)):
            wall = statistics.median(runs)
            shown = ", ".join(f"{r:.2f}" for r in runs)
            print(f"  {name:<20} wall {wall:7.2f} s  (runs {shown})")
            figure(key, f"batch of {SERIALS:,} at {LATENCY_MS} ms, {name} / ideal",
                   wall / ideal, 1.15, runs=[r / ideal for r in runs])


if __name__ == "__main__":
    main()
