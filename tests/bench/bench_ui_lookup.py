"""Lookup wall time in the real window vs one round trip, sandbox latency 100 ms.

A lookup sends three requests in parallel (licence, products, activations), so
with a good runner it should cost about one round trip. Measured: Enter in the
serial box → all three parts shown and painted; reference: one ``show_license``
call with the same client (connection already open in both cases). Medians of
several runs. Goal: ratio <= 1.05. Run: .venv/bin/python tests/bench/bench_ui_lookup.py

How "shown" is taken, and why:

- The end is the moment the last part's ``TaskRunner.finished`` fires (after
  its view was filled), plus ``sendPostedEvents()`` there: the pending layout
  and the paint of what changed, as the event loop would do next. Polling for
  the end (1 ms sleeps) added 1–8 ms of its own; forcing a repaint of the
  whole window painted twice what the loop had already painted.
- The primary figure runs the sandbox as its own process
  (``licensedesk-sandbox serve --latency-ms 100``), like the hosted service.
  The in-process figure (a uvicorn thread, as ``--demo`` runs it) is printed
  too: there the server's work shares the app's GIL.
- The licence image is not part of it: it needs the licence's answer first
  (a second round trip by nature) and is fetched after the three parts.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _figures import figure
from _ui_bench_support import SandboxProcess, make_app, make_desk

LATENCY_MS = 100
PARTS = frozenset({"lookup.license", "lookup.products", "lookup.activations"})


def measure(app, loop, url: str, creds: dict, serial: str, settings: Path, runs: int):
    """Medians (ms) of: one round trip, three calls gathered without UI, the UI lookup."""
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

    async def one_round_trip() -> float:
        t = time.perf_counter()
        await client.show_license(serial)
        return (time.perf_counter() - t) * 1000

    async def gathered() -> float:
        t = time.perf_counter()
        await asyncio.gather(client.show_license(serial), client.license_products(serial),
                             client.activations(serial))
        return (time.perf_counter() - t) * 1000

    async def ui_lookup() -> float:
        ws.serial_input.setText(serial)
        pending["left"] = set(PARTS)
        pending["done"] = loop.create_future()
        t = time.perf_counter()
        ws.serial_input.returnPressed.emit()
        end = await pending["done"]
        assert ws.card.license is not None and ws.activations.model.rowCount() > 0
        return (end - t) * 1000

    async def bench():
        await one_round_trip()  # open the connections
        await ui_lookup()
        singles, gathers, lookups = [], [], []
        for _ in range(runs):
            singles.append(await one_round_trip())
            gathers.append(await gathered())
            lookups.append(await ui_lookup())
        await desk.aclose()
        desk.window.close()
        return singles, gathers, lookups

    return loop.run_until_complete(bench())


def report(title: str, singles: list[float], gathers: list[float], lookups: list[float],
           key: str | None) -> None:
    single, gather, lookup = (statistics.median(x) for x in (singles, gathers, lookups))
    print(title)
    print(f"  one round trip (show_license):       {single:7.1f} ms")
    print(f"  3 calls gathered, no UI (qasync):    {gather:7.1f} ms")
    print(f"  UI lookup (3 parts, Enter -> shown): {lookup:7.1f} ms")
    ratios = [u / o for u, o in zip(lookups, singles, strict=True)]
    if key:
        figure(key, "lookup, Enter -> three parts shown / one round trip", lookup / single, 1.05,
               runs=ratios)
    else:
        print(f"  ratio:                               {lookup / single:7.2f}")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    from licensedesk.sandbox.demo import create_demo
    from licensedesk.sandbox.server import SandboxServer

    scratch = Path(tempfile.mkdtemp(prefix="ld-bench-"))
    data = create_demo(scratch / "demo.db")
    creds = data["catalogue"]["credentials"]["read_write"]
    serial = data["catalogue"]["serials"]["perpetual"]
    app, loop = make_app()
    print(f"sandbox latency {LATENCY_MS} ms, {runs} runs, medians")
    with SandboxProcess(scratch / "demo.db", latency_ms=LATENCY_MS, stderr=None) as sandbox:
        own = measure(app, loop, sandbox.url, creds, serial, scratch / "a.ini", runs)
    report("sandbox in its own process (like the hosted service)", *own, key="lookup")
    with SandboxServer(scratch / "demo.db", latency_ms=LATENCY_MS) as server:
        shared = measure(app, loop, server.url, creds, serial, scratch / "b.ini", runs)
    report("sandbox in the app's process (as --demo runs it) - for information", *shared,
           key=None)


if __name__ == "__main__":
    main()
