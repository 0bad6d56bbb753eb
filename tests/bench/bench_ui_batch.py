"""Main-thread stalls and memory while 10,000 batch-check rows arrive; sort and filter of them.

1. Network: a dataset with 10,000 extra licences (copies of the active subscription,
   no devices), served by ``licensedesk-sandbox serve`` in a separate process (no GIL
   sharing with the UI, like a real server). The real window checks all 10,000 (Ctrl+B
   window, Check, the profile's 8 requests at a time; 3 requests a serial with a
   read/write key: licence, activations, products). Figures: the time to the last row,
   the synchronous part of pressing Check (parse 10,000 lines + 10,000 waiting rows),
   and the gaps of a 10 ms heartbeat QTimer while the rows fill (goal p99 <= 16 ms).
2. UI alone: 10,000 synthesised ``CheckResult`` s pushed through the same chunked path
   (``ResultBuffer`` -> ``BatchModel.apply`` -> the shown table and progress bar) as
   at ``--rate`` answers a second (default 2,000: ~10 times what the local sandbox
   answers): what the window itself costs when the network is not the limit.
3. Sort (Status, Days left) and filter ("Expire within 30 days", back to all) of the
   10,000 rows, each with its repaint.
4. The memory 10,000 answered rows hold (tracemalloc).
Each part runs in a fresh process; peak RSS (``ru_maxrss``) before and after each.
Run: .venv/bin/python tests/bench/bench_ui_batch.py [--serials N] [--rate N]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _figures import figure
from _ui_bench_support import SandboxProcess, make_app, make_desk, wait_until

HEARTBEAT_MS = 10
WINDOW = 500  # gaps a stretch: 5 s of beats


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def many_licences(db: Path, n: int) -> tuple[list[str], dict]:
    """The demo data plus ``n`` licences with serials of their own (no devices)."""
    from licensedesk.sandbox import dataset
    from licensedesk.sandbox.demo import build

    data = build()
    template = next(
        x
        for x in data["licenses"]
        if x["serial"] == data["catalogue"]["serials"]["subscription_active"]
    )
    first = max(x["id"] for x in data["licenses"]) + 1
    serials = [
        f"BN{i // 100000 % 10}{i // 10000 % 10}-{i % 10000:04d}-BNCH-{i * 7919 % 10000:04d}-"
        f"{i % 9973:04d}"
        for i in range(n)
    ]
    for i, serial in enumerate(serials):
        data["licenses"].append(
            {
                **template,
                "id": first + i,
                "serial": serial,
                "end_at": template["end_at"] - (i % 400) * 86400,
            }
        )
    dataset.load(db, data)
    return serials, data["catalogue"]["credentials"]["read_write"]


class Heartbeat:
    """A 10 ms QTimer; the gaps between its beats are how long the UI did not respond."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.beats: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(HEARTBEAT_MS)
        self.timer.timeout.connect(lambda: self.beats.append(time.perf_counter()))

    async def start(self) -> None:
        self.timer.start()
        await wait_until(lambda: len(self.beats) > 5)

    async def stop(self) -> None:
        mark = len(self.beats)
        await wait_until(lambda: len(self.beats) > mark + 10)  # a few beats after the last paint
        self.timer.stop()

    def report(self, what: str, key: str | None = None) -> None:
        gaps = [(b - a) * 1000 for a, b in itertools.pairwise(self.beats)]
        print(
            f"  heartbeat {HEARTBEAT_MS} ms, {len(gaps)} gaps: median "
            f"{statistics.median(gaps):.1f} ms, max {max(gaps):.1f} ms  [{what}]"
        )
        # the p99 of each stretch of WINDOW gaps: how much one stretch differs from the next
        stretches = [
            percentile(gaps[i : i + WINDOW], 99) for i in range(0, len(gaps) - WINDOW // 2, WINDOW)
        ] or [percentile(gaps, 99)]
        figure(
            key or "",
            f"UI stall, {what}: heartbeat p99 gap",
            percentile(gaps, 99),
            16,
            unit="ms",
            runs=stretches,
            record=key is not None,
            note=f"(runs: the p99 of each {WINDOW * HEARTBEAT_MS // 1000} s)",
        )


def network(app, loop, scratch: Path, n: int) -> None:
    serials, creds = many_licences(scratch / "batch.db", n)
    with SandboxProcess(scratch / "batch.db", stderr=None) as sandbox:
        desk = make_desk(sandbox.url, creds["app_id"], creds["api_key"], str(scratch / "s.ini"))
        window = desk.batch.open()
        window.set_text("\n".join(serials))
        beat = Heartbeat()
        before = peak_mb()

        async def run() -> tuple[float, float, int]:
            await desk.connections.client().show_license(serials[0])  # open the connection
            await beat.start()
            t = time.perf_counter()
            desk.batch.check()
            pressed = (time.perf_counter() - t) * 1000
            await wait_until(lambda: not window.is_running(), timeout=900)
            total = time.perf_counter() - t
            await beat.stop()
            answered = window.model.answered()
            await desk.aclose()
            return pressed, total, answered

        pressed, total, answered = loop.run_until_complete(run())
    print(
        f"1. network (sandbox process, {n:,} found licences, 8 at a time): "
        f"{answered:,} rows in {total:.1f} s ({answered / total:,.0f} a second); "
        f"pressing Check (parse + {n:,} waiting rows): {pressed:.0f} ms"
    )
    beat.report(f"batch check, {n:,} rows from the sandbox", "stall_batch")
    print(f"  peak RSS {before:.0f} MB before, {peak_mb():.0f} MB after")
    figure(
        "rss_batch", f"peak RSS after a batch check of {n:,} serials", peak_mb(), None, unit="MB"
    )
    window.close()


def synthesised_results(n: int) -> tuple[list[str], list]:
    """``n`` answers of every kind, as the engine makes them (a fifth not found / error)."""
    from licensedesk.batch.model import CheckResult, Seats, Status

    now = datetime.now(UTC)
    serials = [f"SYN{i // 10000 % 10}-{i % 10000:04d}-ABCD-EFGH-{i % 7:04d}" for i in range(n)]
    statuses = (Status.ACTIVE, Status.EXPIRING, Status.EXPIRED, Status.NOT_FOUND, Status.ERROR)
    results = []
    for i, serial in enumerate(serials):
        status = statuses[i % len(statuses)]
        found = status not in (Status.NOT_FOUND, Status.ERROR)
        days = (i % 700) - 100
        results.append(
            CheckResult(
                i,
                serial,
                status,
                str(status),
                found=found,
                type="subscription" if found else None,
                licensee=f"Customer {i}" if found else None,
                email=f"c{i}@example.com",
                sku="SP-2024-SUB",
                sku_name="Studio Pro 2024 (1-year subscription)",
                start=now - timedelta(days=365 - days),
                end=now + timedelta(days=days),
                days_left=days,
                seats=(Seats("Studio Pro", i % 3, 3),) if found else None,
            )
        )
    return serials, results


def synthesised(app, loop, n: int, rate: int):
    """Returns the window with ``n`` answered rows (for the sort/filter part)."""
    from licensedesk.ui.batch.buffer import ResultBuffer
    from licensedesk.ui.batch.window import BatchWindow
    from licensedesk.ui.shell.start import settle_interpreter

    serials, results = synthesised_results(n)
    window = BatchWindow()
    window.resize(1180, 700)
    window.show()
    settle_interpreter()  # as the app does once started
    buffer = ResultBuffer()
    done = [0]

    def flushed(chunk: list) -> None:
        window.model.apply(chunk)
        done[0] += len(chunk)
        window.set_progress(done[0], n, "")

    buffer.flushed.connect(flushed)
    beat = Heartbeat()
    before = peak_mb()

    async def run() -> float:
        window.show_rows(serials, ())
        window.set_running(True, n)
        await beat.start()
        t = time.perf_counter()
        step = max(1, rate // 100)  # every 10 ms
        for start in range(0, n, step):
            for result in results[start : start + step]:
                buffer.add(result)
            await asyncio.sleep(0.01)
        await wait_until(lambda: done[0] == n)
        took = time.perf_counter() - t
        window.set_running(False)
        await beat.stop()
        return took

    took = loop.run_until_complete(run())
    print(
        f"2. UI alone ({n:,} synthesised answers at {rate:,} a second through ResultBuffer -> "
        f"BatchModel.apply, table and progress shown): all in {took:.1f} s"
    )
    beat.report(f"{n:,} synthesised rows at {rate:,}/s")
    print(f"  peak RSS {before:.0f} MB before, {peak_mb():.0f} MB after")
    return window


def sort_filter(app, window) -> None:
    from PySide6.QtCore import Qt

    from licensedesk.ui.batch.model import COL_DAYS, COL_STATUS

    view = window.table

    def timed(fn) -> float:
        t = time.perf_counter()
        fn()
        app.processEvents()  # the repaint too
        return (time.perf_counter() - t) * 1000

    sorts = [
        timed(lambda: view.sortByColumn(COL_STATUS, Qt.SortOrder.AscendingOrder)),
        timed(lambda: view.sortByColumn(COL_DAYS, Qt.SortOrder.DescendingOrder)),
    ]
    combo = window.filter_combo
    filters = [
        timed(lambda: combo.setCurrentIndex(combo.findData("expiring"))),
        timed(lambda: combo.setCurrentIndex(combo.findData("all"))),
    ]
    n = window.model.rowCount()
    print(
        f"3. {n:,} rows: sort {', '.join(f'{s:.0f}' for s in sorts)} ms; "
        f"filter {', '.join(f'{f:.0f}' for f in filters)} ms"
    )
    figure("sort_batch", f"first sort of {n:,} batch rows", sorts[0], 100, unit="ms", runs=sorts)
    figure(
        "filter_batch",
        f"first filter of {n:,} batch rows",
        filters[0],
        100,
        unit="ms",
        runs=filters,
    )


def row_memory(n: int) -> None:
    """What ``n`` answered rows hold (traced Python allocations, not the RSS)."""
    import gc
    import tracemalloc

    from licensedesk.ui.batch.model import BatchModel

    gc.collect()
    tracemalloc.start()
    serials, results = synthesised_results(n)
    model = BatchModel()
    model.set_input(serials)
    model.apply(results)
    del results
    gc.collect()
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(
        f"4. {model.rowCount():,} answered rows hold {held / 2**20:.1f} MB "
        f"({held / n / 1024:.1f} KiB a row: the CheckResult, its times and seats, the serial)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--serials", type=int, default=10_000)
    parser.add_argument("--rate", type=int, default=2_000, help="synthesised answers a second")
    parser.add_argument("--part", choices=("network", "ui"), help="one part only (this process)")
    args = parser.parse_args()
    if args.part is None:  # each part in a fresh process: one part's heap never slows another
        for part in ("network", "ui"):
            subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--part",
                    part,
                    "--serials",
                    str(args.serials),
                    "--rate",
                    str(args.rate),
                ],
                check=True,
            )
        return
    app, loop = make_app()
    print(f"[{args.part}] peak RSS at start: {peak_mb():.0f} MB")
    if args.part == "network":
        network(app, loop, Path(tempfile.mkdtemp(prefix="ld-bench-batch-")), args.serials)
    else:
        window = synthesised(app, loop, args.serials, args.rate)
        sort_filter(app, window)
        row_memory(args.serials)


if __name__ == "__main__":
    main()
