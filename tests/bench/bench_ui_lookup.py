"""Lookup wall time in the real window vs one round trip, sandbox latency 100 ms.

A lookup sends three requests in parallel (licence, products, activations), so
with a good runner it should cost about one round trip. Measured: Enter in the
serial box → all three parts shown; reference: one ``show_license`` call with
the same client (connection already open in both cases). Medians of several
runs. Goal: ratio <= 1.15. Run: .venv/bin/python tests/bench/bench_ui_lookup.py

The licence image is not part of it: it needs the licence's answer first (a
second round trip by nature) and is fetched after the three parts.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _ui_bench_support import make_app, make_desk, wait_until

LATENCY_MS = 100


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    from licensedesk.sandbox.demo import create_demo
    from licensedesk.sandbox.server import SandboxServer

    scratch = Path(tempfile.mkdtemp(prefix="ld-bench-"))
    data = create_demo(scratch / "demo.db")
    creds = data["catalogue"]["credentials"]["read_write"]
    serial = data["catalogue"]["serials"]["perpetual"]
    app, loop = make_app()
    with SandboxServer(scratch / "demo.db", latency_ms=LATENCY_MS) as server:
        desk = make_desk(server.url, creds["app_id"], creds["api_key"], str(scratch / "s.ini"))
        client = desk.connections.client()
        ws = desk.window.workspace

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
            t = time.perf_counter()
            ws.serial_input.returnPressed.emit()
            await wait_until(lambda: not desk.lookup.is_running())
            # lay out and paint now (processEvents inside a task would re-enter qasync)
            app.sendPostedEvents()
            desk.window.repaint()
            elapsed = (time.perf_counter() - t) * 1000
            assert ws.card.license is not None and ws.activations.model.rowCount() > 0
            return elapsed

        async def bench():
            await one_round_trip()  # open the connection
            await ui_lookup()
            singles, lookups, gathers = [], [], []
            for _ in range(runs):
                singles.append(await one_round_trip())
                gathers.append(await gathered())
                lookups.append(await ui_lookup())
            await desk.aclose()
            return tuple(statistics.median(x) for x in (singles, gathers, lookups))

        single, gather, lookup = loop.run_until_complete(bench())
    print(f"sandbox latency {LATENCY_MS} ms, {runs} runs, medians")
    print(f"one round trip (show_license):       {single:7.1f} ms")
    print(f"3 calls gathered, no UI (qasync):    {gather:7.1f} ms")
    print(f"UI lookup (3 parts, Enter -> shown): {lookup:7.1f} ms")
    print(f"ratio (goal <= 1.15):                {lookup / single:7.2f}")


if __name__ == "__main__":
    main()
