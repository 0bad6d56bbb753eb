"""Batch check benchmark against a sandbox subprocess at --latency-ms 100. Prints figures;
asserts nothing.

By default 1,000 distinct serials at concurrency 8; ``--big``: 20,000 at concurrency 32
(issue #36: a batch bound by the network, not by our CPU). Half are licences cloned from
the demo's, half unknown; read pair, so a found serial costs two requests (show-license,
activations) and an unknown one one. With ``concurrency`` workers each keeping one
request in flight, the ideal wall time is ``requests × RTT / concurrency``, RTT measured
on the same server in the same run; the sandbox's latency is its own sleep, not CPU.
Printed: that ratio (goal <= 1.15) for the engine (``BatchCheck``, keeping the licence
book as the CLI does), for the command line (``licensedesk-cli check --json`` in a
subprocess: start-up included) and for the window (the real batch window in a fresh
offscreen Qt process, read-only profile: from pressing Check to the last row shown),
median of ``--runs`` runs each (3; 1 with ``--big``); and for each the client's own CPU
per request (its process's CPU time, the book's worker thread included, over the
requests: the sandbox shares the machine's CPUs) and its peak memory. About three
minutes; ``--big`` about eight.

Run: .venv/bin/python tests/bench/bench_batch.py [--big] [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from licensedesk.api import ApiError, ClientConfig, Credentials, LicenseClient
from licensedesk.batch.check import BatchCheck
from licensedesk.batch.parse import parse_serials

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.bench._figures import figure, spread
from tests.support.sandbox_process import SandboxProcess

LATENCY_MS = 100
SANDBOX = [sys.executable, "-m", "licensedesk.sandbox"]
_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


@dataclass(frozen=True)
class Size:
    serials: int
    concurrency: int
    runs: int

    @property
    def found(self) -> int:
        return self.serials // 2

    @property
    def requests(self) -> int:
        return 2 * self.found + (self.serials - self.found)


@dataclass(frozen=True)
class Measured:
    """One run: wall seconds, the client's CPU seconds, its peak RSS in MB."""

    wall: float
    cpu: float
    rss: float


def _serial(rng: random.Random) -> str:
    return "-".join("".join(rng.choice(_CHARS) for _ in range(4)) for _ in range(5))


def dataset(db: Path, folder: Path, size: Size) -> tuple[dict, list[str]]:
    """The demo plus clones of its licences (new serials, their devices too); the input."""
    data = json.loads(
        subprocess.run(
            [*SANDBOX, "demo", "--db", str(db), "--json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    rng = random.Random(1000)
    originals, devices = list(data["licenses"]), list(data["activations"])
    found: list[str] = []
    next_id, next_activation = len(originals) + 1, len(devices) + 1
    while len(found) < size.found:
        source = originals[len(found) % len(originals)]
        clone = {**source, "id": next_id, "serial": _serial(rng)}
        data["licenses"].append(clone)
        for device in (d for d in devices if d["license_id"] == source["id"]):
            host = "".join(rng.choice("0123456789abcdef") for _ in range(32))
            data["activations"].append(
                {**device, "id": next_activation, "license_id": next_id, "host_id": host}
            )
            next_activation += 1
        found.append(clone["serial"])
        next_id += 1
    unknown = [_serial(rng) for _ in range(size.serials - size.found)]
    (folder / "dataset.json").write_text(json.dumps(data))
    subprocess.run(
        [*SANDBOX, "load", "--db", str(db), str(folder / "dataset.json")],
        check=True,
        capture_output=True,
    )
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


def _rss_mb(kilobytes: float) -> float:
    return kilobytes / 1024 if sys.platform != "darwin" else kilobytes / 1024**2


async def engine(
    url: str, read: tuple[str, str], serials: list[str], known: str, size: Size, book: Path
) -> tuple[float, Measured, int]:
    """(RTT, the batch's run, requests sent); the book kept as the command line keeps it."""
    from licensedesk.book import BookKeeper
    from licensedesk.book.observer import BookObserver
    from licensedesk.history import HistorySettings

    keeper = BookKeeper.from_settings(HistorySettings(), data_dir=book)
    async with LicenseClient(ClientConfig(url, read=Credentials(*read))) as client:
        client.on_seen = BookObserver(keeper, "Bench", url)
        one = await rtt(client, known)
        batch = BatchCheck(client, serials, concurrency=size.concurrency)
        rows = []
        cpu, start = time.process_time(), time.perf_counter()
        await batch.run(rows.append)
        wall = time.perf_counter() - start
        await asyncio.get_running_loop().run_in_executor(None, keeper.close, 60.0)
        cpu = time.process_time() - cpu  # the book's writes of this batch included
        assert len(rows) == len(serials) and batch.done == len(serials)
        rss = _rss_mb(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
        return one, Measured(wall, cpu, rss), batch.sent


def _measured_child(args: list[str], env: dict[str, str], out: Path) -> tuple[int, Measured]:
    """Run ``args`` with stdout into ``out``: (exit code, wall, its CPU and peak RSS)."""
    with out.open("w") as stdout:
        start = time.perf_counter()
        child = subprocess.Popen(args, env=env, stdout=stdout, stderr=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return child.returncode, Measured(wall, cpu, _rss_mb(usage.ru_maxrss))


def cli(url: str, read: tuple[str, str], path: Path, size: Size) -> Measured:
    env = {
        **os.environ,
        "LICENSEDESK_API_KEY": read[1],
        "LICENSEDESK_CONFIG_DIR": str(path.parent / "config"),
        "LICENSEDESK_DATA_DIR": str(path.parent / "cli-data"),
    }
    args = [
        sys.executable,
        "-m",
        "licensedesk.cli",
        "check",
        str(path),
        "--json",
        "--concurrency",
        str(size.concurrency),
        "--base-url",
        url,
        "--app-id",
        read[0],
    ]
    out = path.parent / "cli-out.jsonl"
    code, run = _measured_child(args, env, out)
    assert code == 1, code  # unknown serials: exit 1
    assert len(out.read_text().splitlines()) == size.serials
    return run


def window(url: str, read: tuple[str, str], path: Path, size: Size) -> Measured:
    """The window's run, measured in a fresh process (``--window``): wall and CPU from
    Check to the last row, peak RSS of the process."""
    args = [
        sys.executable,
        __file__,
        "--window",
        url,
        read[0],
        str(path),
        str(size.serials),
        str(size.concurrency),
    ]
    out = path.parent / "window-out.txt"
    code, run = _measured_child(args, {**os.environ, "LICENSEDESK_BENCH_KEY": read[1]}, out)
    assert code == 0, code
    wall, cpu = (float(v) for v in out.read_text().split())
    return Measured(wall, cpu, run.rss)


def window_run(url: str, app_id: str, path: Path, serials: int, concurrency: int) -> None:
    """In this process: the real window checks the file's serials; prints wall and CPU."""
    sys.path.insert(0, str(Path(__file__).parent))
    from _ui_bench_support import make_app, make_desk, wait_until

    _app, loop = make_app()
    with tempfile.TemporaryDirectory() as tmp:
        desk = make_desk(
            url,
            app_id,
            os.environ["LICENSEDESK_BENCH_KEY"],
            str(Path(tmp) / "s.ini"),
            write=False,
            concurrency=concurrency,
        )
        batch = desk.batch.open()
        batch.set_text(path.read_text())

        async def run() -> tuple[float, float]:
            with contextlib.suppress(ApiError):  # open the connection, as the engine's run
                await desk.connections.client().show_license(
                    parse_serials(path.read_text()).serials[0]
                )
            cpu, start = time.process_time(), time.perf_counter()
            task = desk.batch.check()
            assert task is not None
            await task
            await wait_until(lambda: not batch.is_running(), timeout=600)
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
            assert batch.model.answered() == serials, batch.model.answered()
            await desk.aclose()
            return wall, cpu

        wall, cpu = loop.run_until_complete(run())
        print(f"{wall:.4f} {cpu:.4f}")


PARTS = {
    "engine": "engine (BatchCheck)",
    "cli": "CLI (subprocess)",
    "window": "window (Qt process)",
}


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="20,000 serials at concurrency 32")
    parser.add_argument("--runs", type=int, help="runs of each (3; 1 with --big)")
    parser.add_argument("--parts", default="engine,cli,window", help="which of " + ", ".join(PARTS))
    args = parser.parse_args()
    args.size = Size(20_000, 32, args.runs or 1) if args.big else Size(1000, 8, args.runs or 3)
    args.parts = [p for p in args.parts.split(",") if p]
    return args


def measure(args: argparse.Namespace, folder: Path) -> tuple[list[float], dict]:
    """Every run of every part on one sandbox, interleaved (drift hits each alike)."""
    size = args.size
    data, serials = dataset(folder / "bench.db", folder, size)
    path = folder / "serials.txt"
    path.write_text("\n".join(serials) + "\n")
    assert parse_serials(path.read_text()).serials == tuple(serials)
    cred = data["catalogue"]["credentials"]["read"]
    read = (cred["app_id"], cred["api_key"])
    known = data["catalogue"]["serials"]["perpetual"]
    rtts: list[float] = []
    runs: dict[str, list[Measured]] = {part: [] for part in args.parts}
    with SandboxProcess(folder / "bench.db", latency_ms=LATENCY_MS) as sandbox:
        for n in range(size.runs):
            client = LicenseClient(ClientConfig(sandbox.url, read=Credentials(*read)))
            rtts.append(asyncio.run(_rtt_then_close(client, known)))
            for part in args.parts:
                if part == "engine":
                    book = folder / f"engine-book-{n}"
                    one, run, sent = asyncio.run(
                        engine(sandbox.url, read, serials, known, size, book)
                    )
                    assert sent == size.requests, (sent, size.requests)
                    rtts.append(one)
                else:
                    run = (cli if part == "cli" else window)(sandbox.url, read, path, size)
                runs[part].append(run)
    return rtts, runs


async def _rtt_then_close(client: LicenseClient, known: str) -> float:
    async with client:
        return await rtt(client, known)


def main() -> None:
    if len(sys.argv) == 7 and sys.argv[1] == "--window":
        window_run(sys.argv[2], sys.argv[3], Path(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]))
        return
    args = options()
    size = args.size
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load "
        f"{os.getloadavg()[0]:.1f}; {size.serials:,} serials ({size.found:,} found: 2 "
        f"requests each, {size.serials - size.found:,} unknown: 1), read pair, concurrency "
        f"{size.concurrency}, sandbox --latency-ms {LATENCY_MS}",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as tmp:
        rtts, runs = measure(args, Path(tmp))
    one = statistics.median(rtts)
    ideal = size.requests * one / size.concurrency
    shown = spread([r * 1000 for r in rtts], 1)
    print(f"  RTT (median show-license)  {one * 1000:8.1f} ms  ({shown})")
    print(f"  requests                   {size.requests:8,d}")
    print(f"  ideal {size.requests:,} x RTT / {size.concurrency}  {ideal:8.2f} s")
    prefix = "batch_big" if args.big else "batch"
    for part, measured in runs.items():
        name = PARTS[part]
        walls = [m.wall for m in measured]
        per_request = [m.cpu / size.requests * 1000 for m in measured]
        print(
            f"  {name:<20} wall {statistics.median(walls):7.2f} s  (runs "
            f"{', '.join(f'{w:.2f}' for w in walls)}); own CPU "
            f"{statistics.median(per_request):.3f} ms a request ({spread(per_request, 3)}); "
            f"peak RSS {max(m.rss for m in measured):.0f} MB",
            flush=True,
        )
        figure(
            f"{prefix}_{part}",
            f"batch of {size.serials:,} at {LATENCY_MS} ms, concurrency "
            f"{size.concurrency}, {name} / ideal",
            statistics.median(walls) / ideal,
            1.15,
            runs=[w / ideal for w in walls],
        )
        figure(
            f"{prefix}_{part}_cpu",
            f"  {name}: own CPU a request",
            statistics.median(per_request),
            None,
            unit="ms",
            runs=per_request,
            record=False,
        )


if __name__ == "__main__":
    main()
