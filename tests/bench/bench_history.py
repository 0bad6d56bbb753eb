"""History benchmark: what recording costs the UI thread, and how fast a serial's history reads.
Prints figures; asserts nothing.

1. Time added per recorded action on the event loop's thread (the UI thread under
   qasync), for the local SQLite file and for PostgreSQL on loopback (goal <= 2 ms).
   An "action" is a stand-in request (``await asyncio.sleep(0)``), bare (baseline) and
   inside ``recorder.record(...)``; the loop thread's CPU time (``time.thread_time``) per
   action, recorded minus bare, is the UI-thread time the history adds. Also printed: the
   wall time an action takes longer (the loop is free meanwhile: the writes run on the
   worker thread), and the loop's lateness under recording (a 1 ms ticker's p99/max delay,
   which catches waits for the GIL that CPU time cannot see). Measured on a plain asyncio
   loop and on qasync's QEventLoop (the window's loop, offscreen).
2. The history of one serial holding 10,000 entries (among 30,000), newest first, read
   from the store and through the recorder's worker (goal < 100 ms), both stores. A read
   returns an EntryList that makes each Entry when first looked at (a table shows ~30);
   also printed: the newest 500 only (limit), and all 10,000 made into entries.

Medians of RUNS runs, with the spread (min-max), baselines measured in the same run.
PostgreSQL comes from tests/support/postgres.py (a server in a temporary folder); without
one, its figures say why they are missing. About 40 s.

Run: .venv/bin/python tests/bench/bench_history.py
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.bench._figures import figure
from tests.support.postgres import PostgresServer, why_unavailable

from licensedesk.history import Entry, Recorder
from licensedesk.history.model import new_entry_id
from licensedesk.history.postgres_store import PostgresStore
from licensedesk.history.sqlite_store import SqliteStore

RUNS = 9
ACTIONS = 200
SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
IN_SERIAL = 10_000
OTHERS = 20_000
PAGE = 500
BEFORE = {
    "id": 8,
    "activated": True,
    "host_id": "294b106a4a099802248d0bcfc974791c",
    "device_tag": "Windows 11__64bits",
    "product_name": "Studio Essentials",
    "created_at": "2026-09-22T00:41:09+00:00",
}


def spread(values: list[float], unit: float = 1000.0) -> str:
    med = statistics.median(values) * unit
    return f"{med:8.3f}  ({min(values) * unit:.3f}-{max(values) * unit:.3f})"


# ---------------------------------------------------------------- 1. UI-thread time


async def bare() -> None:
    await asyncio.sleep(0)  # the request


async def recorded(recorder: Recorder, i: int) -> None:
    async with recorder.record(
        "deactivate", serial=SERIAL, activation_ids=[i], before=BEFORE
    ) as rec:
        await asyncio.sleep(0)  # the request
        rec.done("Activation successfully updated.")


async def timed(action: Callable[[int], object]) -> tuple[float, float]:
    """(loop-thread CPU seconds, wall seconds) per action."""
    cpu, wall = time.thread_time(), time.perf_counter()
    for i in range(ACTIONS):
        await action(i)  # type: ignore[misc]
    return (time.thread_time() - cpu) / ACTIONS, (time.perf_counter() - wall) / ACTIONS


async def lateness(
    action: Callable[[int], object] | None, seconds: float = 0.0
) -> tuple[list[float], float]:
    """Delays of a 1 ms ticker while ACTIONS actions run (``action`` None: while the loop
    has nothing else to do for ``seconds``); and how long that took."""
    delays: list[float] = []
    running = True

    async def ticker() -> None:
        while running:
            due = time.perf_counter() + 0.001
            await asyncio.sleep(0.001)
            delays.append(max(0.0, time.perf_counter() - due))

    task = asyncio.create_task(ticker())
    start = time.perf_counter()
    if action is None:
        await asyncio.sleep(seconds)
    else:
        for i in range(ACTIONS):
            await action(i)  # type: ignore[misc]
    took = time.perf_counter() - start
    running = False
    await task
    return delays, took


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def key_of(name: str) -> str:
    return name.lower().replace(" (qasync)", "_qasync")


async def measure(name: str, recorder: Recorder) -> None:
    """Print the figures of one store on the running loop."""
    await recorded(recorder, -1)  # open and migrate outside the timing
    added_cpu, added_wall, base_cpu = [], [], []
    for _ in range(RUNS):  # interleaved, so drift hits both alike
        b_cpu, b_wall = await timed(lambda i: bare())
        r_cpu, r_wall = await timed(lambda i: recorded(recorder, i))
        base_cpu.append(b_cpu)
        added_cpu.append(r_cpu - b_cpu)
        added_wall.append(r_wall - b_wall)
    late_rec, took = await lateness(lambda i: recorded(recorder, i))
    late_bare, _ = await lateness(None, took)  # the same time, nothing recorded
    ms = [v * 1000 for v in added_cpu]
    figure(
        f"history_ui_{key_of(name)}",
        f"history: UI-thread time per recorded action, {name}",
        statistics.median(ms),
        2.0,
        unit="ms",
        runs=ms,
    )
    print(f"  {'':<19} bare action's own CPU (ms)            {spread(base_cpu)}")
    print(f"  {'':<19} wall time added (loop free) (ms)      {spread(added_wall)}")
    print(
        f"  {'':<19} 1 ms ticker delay p99/max (ms)        idle "
        f"{percentile(late_bare, 99) * 1000:.2f}/{max(late_bare) * 1000:.2f}, recording "
        f"{percentile(late_rec, 99) * 1000:.2f}/{max(late_rec) * 1000:.2f}"
    )


def ui_time(stores: list[tuple[str, Callable[[], object]]]) -> None:
    """Each store on a plain asyncio loop, then on qasync's QEventLoop (the window's)."""
    for name, opener in stores:
        recorder = Recorder(opener)  # type: ignore[arg-type]
        asyncio.run(measure(name, recorder))
        recorder.close()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from licensedesk.ui.shell.qt_environment import prepare

    prepare()
    from PySide6.QtWidgets import QApplication

    from licensedesk.ui.shell.event_loop import DeskEventLoop

    app = QApplication.instance() or QApplication([])
    recorders = [(f"{name} (qasync)", Recorder(opener)) for name, opener in stores]  # type: ignore[arg-type]

    async def all_stores() -> None:
        for name, recorder in recorders:
            await measure(name, recorder)

    loop = DeskEventLoop(app)
    with loop:
        loop.run_until_complete(all_stores())
    for _, recorder in recorders:
        recorder.close()


# ---------------------------------------------------------------- 2. reading a serial


def entries() -> list[Entry]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    made = []
    for i in range(IN_SERIAL + OTHERS):
        mine = i % 3 == 0 and i // 3 < IN_SERIAL
        serial = SERIAL if mine else f"AAAA-BBBB-CCCC-DDDD-{i % 9000:04d}"
        made.append(
            Entry(
                id=new_entry_id(),
                time=start + timedelta(seconds=i),
                user="ana",
                machine="desk-1",
                action=("activate", "deactivate", "delete")[i % 3],
                outcome="done",
                serial=serial,
                display_name="Ana Lima",
                profile="prod",
                service="https://licences.example.com",
                activation_ids=(i % 50,),
                before=BEFORE,
                detail="Activation successfully updated.",
                finished=start + timedelta(seconds=i, milliseconds=80),
            )
        )
    return made


def read_serial(name: str, store: object, opener: Callable[[], object]) -> None:
    store.import_entries(entries())  # type: ignore[attr-defined]
    direct = []
    for _ in range(RUNS + 2):
        start = time.perf_counter()
        found = store.history(SERIAL)  # type: ignore[attr-defined]
        direct.append(time.perf_counter() - start)
    assert len(found) == IN_SERIAL, len(found)
    recorder = Recorder(opener)  # type: ignore[arg-type]

    async def through_worker() -> list[float]:
        await recorder.history(SERIAL)  # opened outside the timing
        times = []
        for _ in range(RUNS + 2):
            start = time.perf_counter()
            assert len(await recorder.history(SERIAL)) == IN_SERIAL
            times.append(time.perf_counter() - start)
        return times

    worker = asyncio.run(through_worker())
    recorder.close()
    store.close()  # type: ignore[attr-defined]
    page = []
    for _ in range(RUNS + 2):
        start = time.perf_counter()
        store.history(SERIAL, limit=PAGE)  # type: ignore[attr-defined]
        page.append(time.perf_counter() - start)
    ms = [v * 1000 for v in direct]
    figure(
        f"history_read_{key_of(name)}",
        f"history: a serial's {IN_SERIAL:,} entries, {name}",
        statistics.median(ms),
        100.0,
        unit="ms",
        runs=ms,
    )
    made = []
    for _ in range(RUNS + 2):
        start = time.perf_counter()
        list(store.history(SERIAL))  # type: ignore[attr-defined]
        made.append(time.perf_counter() - start)
    print(f"  {'':<19} its newest {PAGE} (limit) (ms)            {spread(page)}")
    print(f"  {'':<19} all {IN_SERIAL} made into entries (ms)    {spread(made)}")
    print(f"  {'':<19} the same through the recorder (ms)    {spread(worker)}")


# ---------------------------------------------------------------- main


def main() -> None:
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; {ACTIONS} actions a run, "
        f"{RUNS} runs; medians (min-max)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "history.sqlite3"

        def sqlite_opener() -> SqliteStore:
            store = SqliteStore(path)
            store.migrate()
            return store

        print("1. recording an action")
        why = why_unavailable()
        server = None if why else PostgresServer().start()
        try:
            stores: list[tuple[str, Callable[[], object]]] = [("SQLite", sqlite_opener)]
            if server is not None:
                url = server.url(server.create_database("bench"))

                def pg_opener() -> PostgresStore:
                    store = PostgresStore(url)
                    store.migrate()
                    return store

                stores.append(("PostgreSQL", pg_opener))
            else:
                print(f"  {'PostgreSQL':<19} not measured: {why}")
            ui_time(stores)
            print("2. the history of a serial")
            read_path = Path(tmp) / "read.sqlite3"

            def read_opener() -> SqliteStore:
                store = SqliteStore(read_path)
                store.migrate()
                return store

            read_serial("SQLite", read_opener(), read_opener)
            if server is not None:
                read_url = server.url(server.create_database("read"))

                def pg_read_opener() -> PostgresStore:
                    store = PostgresStore(read_url)
                    store.migrate()
                    return store

                read_serial("PostgreSQL", pg_read_opener(), pg_read_opener)
            else:
                print(f"  {'PostgreSQL':<19} not measured: {why}")
        finally:
            if server is not None:
                server.stop()


if __name__ == "__main__":
    main()
