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
- The figure looks up the same serial each time. A person looks up one licence
  after another, whose cards need other widths and fill other rows: a second
  figure, for information, takes :data:`OTHERS` in turn (same runs, same reference:
  one ``show_license`` of that serial just before).

Where the time goes: after the measured runs, a few more of each are run with time
stamps (:class:`Stamps`) and their medians printed: when the last request was
written, when the last answer's bytes were read, when the last part was filled in and
when the window was painted (for the single call: when it returned). Read against
each other they split the lookup's excess over one round trip into sending, the
service, filling in and layout + paint, so a miss on another machine says where it
lies. The stamps wrap the client's own transport (``licensedesk.api.network``) for
those runs only; the measured runs are not wrapped.
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
#: the runs with time stamps, after the measured ones
EXPLAIN_RUNS = 8
#: licences looked up in turn for the second figure: cards 441-519 px wide, with and
#: without a validity row, one to three devices (the demo data's catalogue names)
OTHERS = ("perpetual", "subscription_active", "upgrade_current", "trial")
#: how an HTTP/1.1 request's first write begins (its request line)
_REQUEST_LINE = (b"GET ", b"POST ", b"PUT ", b"PATCH ", b"DELETE ", b"HEAD ")


class Stamps:
    """While entered: the times (``perf_counter``) at which a request was written and at
    which answer bytes were read, on every connection of the client's own transport."""

    def __init__(self) -> None:
        self.written: list[float] = []
        self.read: list[float] = []

    def clear(self) -> None:
        self.written.clear()
        self.read.clear()

    def __enter__(self) -> Stamps:
        from licensedesk.api import network

        self._saved = network.AsyncioStream.write, network._Connection.data_received
        write, data_received = self._saved
        written, read = self.written, self.read

        async def stamped_write(stream, buffer: bytes, timeout: float | None = None) -> None:
            await write(stream, buffer, timeout)
            if buffer.startswith(_REQUEST_LINE):
                written.append(time.perf_counter())

        def stamped_data_received(connection, data: bytes) -> None:
            read.append(time.perf_counter())
            data_received(connection, data)

        network.AsyncioStream.write = stamped_write
        network._Connection.data_received = stamped_data_received
        return self

    def __exit__(self, *exc) -> None:
        from licensedesk.api import network

        network.AsyncioStream.write, network._Connection.data_received = self._saved

    def offsets(self, start: float, end: float, requests: int) -> tuple[float, float]:
        """ms after ``start``: the ``requests``-th request written, and the last answer
        bytes read before ``end`` (what came later, e.g. the licence image, is not counted)."""
        last_in = max(t for t in self.read if t <= end)
        return (self.written[requests - 1] - start) * 1000, (last_in - start) * 1000


def measure(app, loop, url: str, creds: dict, serial: str, settings: Path, runs: int,
            others: tuple[str, ...] = ()):
    """Times (ms) of: one round trip, three calls gathered without UI, the UI lookup; the
    stamped runs' split (:func:`explain`); and round trips and lookups of ``others`` in
    turn."""
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
            pending["filled"] = time.perf_counter()
            app.sendPostedEvents()  # layout and paint what changed, as the loop would next
            pending.pop("left")
            pending["done"].set_result(time.perf_counter())

    desk.runner.finished.connect(part_finished)

    async def one_round_trip(serial: str = serial) -> float:
        t = time.perf_counter()
        await client.show_license(serial)
        pending["call"] = t, time.perf_counter()  # its start and end, for the stamps
        return (pending["call"][1] - t) * 1000

    async def gathered() -> float:
        t = time.perf_counter()
        await asyncio.gather(client.show_license(serial), client.license_products(serial),
                             client.activations(serial))
        return (time.perf_counter() - t) * 1000

    async def ui_lookup(serial: str = serial) -> float:
        ws.serial_input.setText(serial)
        pending["left"] = set(PARTS)
        pending["done"] = loop.create_future()
        t = time.perf_counter()
        ws.serial_input.returnPressed.emit()
        end = await pending["done"]
        pending["lookup"] = t, end  # for the stamps
        assert ws.card.license is not None and ws.card.license.serial == serial
        assert ws.activations.model.rowCount() > 0
        return (end - t) * 1000

    async def stamped(stamps: Stamps) -> tuple[list[float], list[float]]:
        """One round trip, then one lookup: their moments in ms (see :func:`explain`)."""
        stamps.clear()
        took = await one_round_trip()
        single = [*stamps.offsets(*pending["call"], 1), took]
        stamps.clear()
        took = await ui_lookup()
        start, end = pending["lookup"]
        lookup = [*stamps.offsets(start, end, len(PARTS)), (pending["filled"] - start) * 1000,
                  took]
        return single, lookup

    async def bench():
        await one_round_trip()  # open the connections
        await ui_lookup()
        singles, gathers, lookups = [], [], []
        for _ in range(runs):
            singles.append(await one_round_trip())
            gathers.append(await gathered())
            lookups.append(await ui_lookup())
        with Stamps() as stamps:
            split = [await stamped(stamps) for _ in range(EXPLAIN_RUNS)]
        turns = ([], [])
        for i in range(runs if others else 0):
            turns[0].append(await one_round_trip(others[i % len(others)]))
            turns[1].append(await ui_lookup(others[i % len(others)]))
        await desk.aclose()
        desk.window.close()
        return singles, gathers, lookups, split, turns

    return loop.run_until_complete(bench())


def explain(split: list[tuple[list[float], list[float]]]) -> None:
    """Print the stamped runs' medians: one round trip against the lookup, moment by
    moment (ms after the call / after Enter), and what each step adds."""
    single = [statistics.median(s[i] for s, _ in split) for i in range(3)]
    lookup = [statistics.median(u[i] for _, u in split) for i in range(4)]
    w1, r1, d1 = single
    wl, rl, fl, pl = lookup
    print(f"  where the time goes ({len(split)} more runs with time stamps, medians, ms):")
    print("                                      one call   lookup   adds")
    print(f"    request(s) written, the last:  {w1:9.1f} {wl:8.1f} {wl - w1:+6.1f}  sending")
    print(f"    answer bytes read, the last:   {r1:9.1f} {rl:8.1f} {(rl - wl) - (r1 - w1):+6.1f}"
          "  the service (three answers)")
    print(f"    parts filled in, the last:     {'':>9} {fl:8.1f} {(fl - rl) - (d1 - r1):+6.1f}"
          "  reading and filling in (vs the call's reading)")
    print(f"    call returned / painted:       {d1:9.1f} {pl:8.1f} {pl - fl:+6.1f}"
          "  layout and paint")


def report(title: str, singles: list[float], gathers: list[float], lookups: list[float],
           split: list, turns: tuple[list[float], list[float]], key: str | None) -> None:
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
    explain(split)
    if turns[0]:
        ratios = [u / o for u, o in zip(turns[1], turns[0], strict=True)]
        figure(f"{key}_others", f"lookup of another licence each time "
               f"({len(OTHERS)} in turn) / one round trip, for information",
               statistics.median(turns[1]) / statistics.median(turns[0]), None,
               runs=ratios, record=key is not None)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    from licensedesk.sandbox.demo import create_demo
    from licensedesk.sandbox.server import SandboxServer

    scratch = Path(tempfile.mkdtemp(prefix="ld-bench-"))
    data = create_demo(scratch / "demo.db")
    creds = data["catalogue"]["credentials"]["read_write"]
    serials = data["catalogue"]["serials"]
    serial = serials["perpetual"]
    others = tuple(serials[name] for name in OTHERS)
    app, loop = make_app()
    print(f"sandbox latency {LATENCY_MS} ms, {runs} runs, medians")
    with SandboxProcess(scratch / "demo.db", latency_ms=LATENCY_MS, stderr=None) as sandbox:
        own = measure(app, loop, sandbox.url, creds, serial, scratch / "a.ini", runs, others)
    report("sandbox in its own process (like the hosted service)", *own, key="lookup")
    with SandboxServer(scratch / "demo.db", latency_ms=LATENCY_MS) as server:
        shared = measure(app, loop, server.url, creds, serial, scratch / "b.ini", runs)
    report("sandbox in the app's process (as --demo runs it) - for information", *shared,
           key=None)


if __name__ == "__main__":
    main()
