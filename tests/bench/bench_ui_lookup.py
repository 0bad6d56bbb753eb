"""A lookup in the real window against one round trip, at 20 ms and at 100 ms latency.

A lookup sends three requests in parallel (licence, products, activations), so it
waits about one round trip on the network; what it takes beyond that is the window's
own time: sending three requests, reading and filling in three answers, layout and
paint. Goal: at most one frame (16.7 ms) at both latencies.

Each run times one ``show_license`` call with the window's own client (the round trip),
then Enter in the serial box → all three parts shown and painted (the lookup); the
figure is the median of the runs' differences, with their spread. The sandbox runs as
its own process (``licensedesk-sandbox serve --latency-ms N``), like the hosted service.

"Shown" is the moment the last part's ``TaskRunner.finished`` fires (after its view was
filled), plus ``sendPostedEvents()`` there: the pending layout and the paint of what
changed, as the event loop would do next. The licence image is not part of it: it
needs the licence's answer first and is fetched after the three parts.
Run: .venv/bin/python tests/bench/bench_ui_lookup.py [RUNS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _figures import figure
from _ui_bench_support import SandboxProcess, make_app, make_desk

LATENCIES_MS = (20, 100)
FRAME_MS = 1000 / 60
PARTS = frozenset({"lookup.license", "lookup.products", "lookup.activations"})


def measure(
    app, loop, url: str, creds: dict, serial: str, settings: Path, runs: int
) -> tuple[list[float], list[float]]:
    """Per run, in ms: one round trip, then one lookup in the window."""
    desk = make_desk(url, creds["app_id"], creds["api_key"], str(settings))
    client = desk.connections.client()
    ws = desk.window.workspace
    pending: dict = {}

    def part_finished(name: str) -> None:
        left = pending.get("left")
        if left is None or name not in left:
            return
        left.discard(name)
        if not left:
            app.sendPostedEvents()  # layout and paint what changed, as the loop would next
            pending.pop("left")
            pending["done"].set_result(time.perf_counter())

    desk.runner.finished.connect(part_finished)

    async def round_trip() -> float:
        t = time.perf_counter()
        await client.show_license(serial)
        return (time.perf_counter() - t) * 1000

    async def lookup() -> float:
        ws.serial_input.setText(serial)
        pending["left"] = set(PARTS)
        pending["done"] = loop.create_future()
        t = time.perf_counter()
        ws.serial_input.returnPressed.emit()
        end = await pending["done"]
        assert ws.card.license is not None and ws.card.license.serial == serial
        return (end - t) * 1000

    async def bench() -> tuple[list[float], list[float]]:
        await round_trip()  # open the connections
        await lookup()
        trips, lookups = [], []
        for _ in range(runs):
            trips.append(await round_trip())
            lookups.append(await lookup())
        await desk.aclose()
        desk.window.close()
        return trips, lookups

    return loop.run_until_complete(bench())


def report(latency: int, trips: list[float], lookups: list[float]) -> None:
    own = [u - o for u, o in zip(lookups, trips, strict=True)]
    print(
        f"sandbox latency {latency} ms, {len(trips)} runs: one round trip "
        f"{statistics.median(trips):.1f} ms, lookup {statistics.median(lookups):.1f} ms "
        f"(medians); ratio {statistics.median(lookups) / statistics.median(trips):.2f}"
    )
    figure(
        f"lookup_own_{latency}",
        f"lookup at {latency} ms round trips: the window's own time (lookup - one round trip)",
        statistics.median(own),
        round(FRAME_MS, 1),
        unit="ms",
        runs=own,
    )


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    from licensedesk.sandbox.demo import create_demo

    scratch = Path(tempfile.mkdtemp(prefix="ld-bench-"))
    data = create_demo(scratch / "demo.db")
    creds = data["catalogue"]["credentials"]["read_write"]
    serial = data["catalogue"]["serials"]["perpetual"]
    app, loop = make_app()
    for latency in LATENCIES_MS:
        with SandboxProcess(scratch / "demo.db", latency_ms=latency, stderr=None) as sandbox:
            trips, lookups = measure(
                app, loop, sandbox.url, creds, serial, scratch / f"{latency}.ini", runs
            )
        report(latency, trips, lookups)


if __name__ == "__main__":
    main()
