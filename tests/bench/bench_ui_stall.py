"""Main-thread stalls while 5,000 activations load and render; sort and filter of 10,000 rows.

1. A dataset where one serial has 5,000 activations (sandbox Python API:
   ``demo.build()`` + ``dataset.load``), served by ``licensedesk-sandbox serve``
   in a separate process (as a real server would be: no GIL sharing with the UI).
   A 10 ms heartbeat QTimer runs while the window looks the serial up and
   renders the table, 7 times; figure: the median of the 7 lookups' p99 gap between
   beats (goal <= 16 ms, one frame at 60 Hz), with the spread and the first lookup's.
2. The activations panel (the window's table, its model and filter) with 10,000 rows
   shown: the first sort (a click on a column) and the first filter (text typed in the
   filter box), goal <= 100 ms each, repaint included, median of 5 fresh panels; the
   process's RSS with the 10,000 rows shown.
3. For reference, the heartbeat's p99 gap with nothing to do: what this machine's load
   adds to any gap (the stall figures include it).
Run: .venv/bin/python tests/bench/bench_ui_stall.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _figures import figure
from _ui_bench_support import Heartbeat, SandboxProcess, make_app, make_desk, wait_until

N_BIG = 5000
RUNS = 7  # lookups of the big serial, each with its own heartbeat
FIRSTS = 5  # fresh tables of 10,000 rows, each sorted and filtered once


def big_dataset(db: Path) -> tuple[str, dict]:
    from licensedesk.sandbox import dataset
    from licensedesk.sandbox.demo import build

    data = build()
    serial = data["catalogue"]["serials"]["many_activations"]
    lic = next(x for x in data["licenses"] if x["serial"] == serial)
    template = next(a for a in data["activations"] if a["license_id"] == lic["id"])
    next_id = max(a["id"] for a in data["activations"]) + 1
    for i in range(N_BIG - sum(1 for a in data["activations"] if a["license_id"] == lic["id"])):
        data["activations"].append(
            {
                **template,
                "id": next_id + i,
                "host_id": f"{i:032x}",
                "activated": i % 5 != 0,
                "device_tag": ("Linux__64bits", "Windows 11__64bits", "macOS 14__64bits")[i % 3],
            }
        )
    dataset.load(db, data)
    return serial, data["catalogue"]["credentials"]["read_write"]


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def stall(app, loop, scratch: Path, runs: int = RUNS) -> None:
    serial, creds = big_dataset(scratch / "big.db")
    with SandboxProcess(scratch / "big.db", stderr=None) as sandbox:
        desk = make_desk(sandbox.url, creds["app_id"], creds["api_key"], str(scratch / "s.ini"))
        ws = desk.window.workspace
        heart = Heartbeat()
        beats, timer = heart.beats, heart.timer

        async def one() -> tuple[float, list[float]]:
            beats.clear()
            timer.start()
            await wait_until(lambda: len(beats) > 5)
            t = time.perf_counter()
            ws.serial_input.setText(serial)
            ws.serial_input.returnPressed.emit()
            await wait_until(lambda: not desk.runner.running(), timeout=60)
            loaded = (time.perf_counter() - t) * 1000
            mark = len(beats)
            await wait_until(lambda: len(beats) > mark + 10)  # a few beats after rendering
            timer.stop()
            return loaded, heart.gaps()

        async def run() -> tuple[list[tuple[float, list[float]]], int]:
            await desk.connections.client().show_license(serial)  # open the connection
            done = [await one() for _ in range(runs)]
            rows = ws.activations.model.rowCount()
            await desk.aclose()
            return done, rows

        done, rows = loop.run_until_complete(run())
    p99s = [percentile(gaps, 99) for _loaded, gaps in done]
    every = [g for _loaded, gaps in done for g in gaps]
    print(
        f"lookup of a serial with {rows} activations, {runs} times: "
        f"{statistics.median(x for x, _ in done):.0f} ms until shown (median; first "
        f"{done[0][0]:.0f} ms); heartbeat 10 ms, {len(every)} gaps: median "
        f"{statistics.median(every):.1f} ms, max {max(every):.1f} ms"
    )
    figure(
        "stall_activations",
        f"UI stall, {rows:,} activations loading: heartbeat p99 gap",
        statistics.median(p99s),
        16,
        unit="ms",
        runs=p99s,
        note=f"(median of {runs} lookups; the first: {p99s[0]:.1f} ms)",
    )


def sort_filter(app) -> None:
    from datetime import UTC, datetime, timedelta

    from PySide6.QtCore import Qt

    from licensedesk.api.models import Activation
    from licensedesk.ui.activations.columns import COL_HOST
    from licensedesk.ui.activations.panel import ActivationsPanel

    base = datetime(2026, 1, 1, tzinfo=UTC)
    rows = [
        Activation(
            id=i + 1,
            license_id=1,
            product_id=1 + i % 4,
            activated=i % 3 != 0,
            host_id=f"{(i * 2654435761) % 16**32:032x}",
            device_tag=("Linux__64bits", "Windows 11__64bits")[i % 2],
            created_at=base + timedelta(minutes=i),
            updated_at=base,
            product_name=f"Product {i % 4}",
            serial="AAAA-BBBB-CCCC-DDDD-EEEE",
            sku_name="SKU",
            sku="S-1",
        )
        for i in range(10_000)
    ]

    def timed(fn, *args) -> float:
        t = time.perf_counter()
        fn(*args)
        app.processEvents()  # include the view's repaint
        return (time.perf_counter() - t) * 1000

    firsts: list[tuple[float, float]] = []
    for _ in range(FIRSTS):  # each a fresh panel: its first sort and filter
        panel = ActivationsPanel()
        panel.resize(1000, 600)
        panel.show()
        panel.show_activations(rows)
        app.processEvents()
        firsts.append(
            (
                timed(panel.table.sortByColumn, COL_HOST, Qt.SortOrder.AscendingOrder),
                timed(panel.filter.setText, "linux"),
            )
        )
    sorts, filters = [s for s, _ in firsts], [f for _, f in firsts]
    print(
        f"10,000 rows, {FIRSTS} fresh tables: first sort {', '.join(f'{s:.0f}' for s in sorts)}"
        f" ms; first filter {', '.join(f'{f:.0f}' for f in filters)} ms"
    )
    figure(
        "sort_activations",
        "first sort of 10,000 activations",
        statistics.median(sorts),
        100,
        unit="ms",
        runs=sorts,
    )
    figure(
        "filter_activations",
        "first filter of 10,000 activations",
        statistics.median(filters),
        100,
        unit="ms",
        runs=filters,
    )
    figure("rss_activations", "RSS with 10,000 activations shown", rss_mb(), None, unit="MB")


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(x.split()[1]) for x in status if x.startswith("VmRSS:")) / 1024


def idle_heartbeat(app, loop) -> None:
    heart = Heartbeat()
    beats, timer = heart.beats, heart.timer

    async def run() -> None:
        timer.start()
        await wait_until(lambda: len(beats) > 300)
        timer.stop()

    loop.run_until_complete(run())
    gaps = heart.gaps()
    figure(
        "idle_heartbeat",
        "heartbeat p99 gap with nothing to do (this machine's noise)",
        percentile(gaps, 99),
        None,
        unit="ms",
    )


def main() -> None:
    app, loop = make_app()
    scratch = Path(tempfile.mkdtemp(prefix="ld-bench-"))
    stall(app, loop, scratch)
    sort_filter(app)
    idle_heartbeat(app, loop)


if __name__ == "__main__":
    main()
