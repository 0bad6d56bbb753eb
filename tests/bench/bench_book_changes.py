"""What seeing changes costs the book: the time the comparison adds to keeping a lookup of
a licence with 1,000 devices, and the room a change takes. Prints figures; asserts nothing.

1. Time: a licence of 1,000 devices kept again and again, each time with 10 devices
   deactivated or activated again, its end moved and its licensee changed (14 changes).
   Alternating, RUNS times: ``keep()`` as the book does it, and ``keep()`` with the
   comparison left out (:func:`~licensedesk.book.changes.changes_between` answering
   nothing: the book as it was before, the baseline). The difference of the medians is
   what the comparison adds (goal <= 5 ms; it runs on the book's worker, never the
   window's thread). Also printed: the comparison by itself, and an unchanged licence.
2. Matching: the timeline of a site licence seen on 100 days, 200 of its devices
   deactivated each day (20,000 changes), against 2,000 history entries that deactivated
   one in ten of them: :func:`~licensedesk.book.timeline.build`'s time (goal <= 100 ms,
   the Timeline window's wait; it runs on a worker thread).
3. Room: the bytes ``book_changes`` and its index take per change after CHANGES changes,
   in the SQLite file (``dbstat``: whole pages, free space included) and in PostgreSQL
   (``pg_total_relation_size``) (goal <= 1 KB a change).

PostgreSQL comes from tests/support/postgres.py; without one, its figure says why it is
missing. About 30 s.

Run: .venv/bin/python tests/bench/bench_book_changes.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.bench._figures import figure
from tests.support.postgres import PostgresServer, why_unavailable

from licensedesk.book import table
from licensedesk.book.changes import changes_between
from licensedesk.book.sighting import Device, ProductSeats, Sighting

RUNS = 30
CHANGES = 2_000
GOAL_MS = 5.0
GOAL_BYTES = 1024
T0 = datetime(2026, 11, 12, 9, 30, tzinfo=UTC)


def licence(n: int) -> Sighting:
    """The licence as the ``n``-th lookup sees it: every other one with 10 devices
    deactivated, a later end and another licensee."""
    flipped = n % 2 == 1
    devices = tuple(
        Device(
            host_id=f"{d:012x}c0ffee",
            tag=f"Desk {d}",
            product="Studio Pro",
            product_id=1,
            id=10_000 + d,
            activated=not (flipped and d < 10),
            created_at=T0 - timedelta(days=d),
            updated_at=T0,
        )
        for d in range(1000)
    )
    return Sighting(
        serial="LEWX-6XUC-N5G5-Q8F9-Q2R5",
        service="https://licences.example.com",
        profile="support",
        seen_at=T0 + timedelta(minutes=n),
        licensee="Jens Olsen" if flipped else "María Jénsen",
        email="it@acme.example",
        type="subscription",
        start_at=T0 - timedelta(days=300),
        end_at=T0 + timedelta(days=65 + 30 * n),
        registered=True,
        products=(ProductSeats("Studio Pro", maximum=2000, id=1),),
        devices=devices,
        device_total=1000,
    ).counted()


def kept_ms(store, sightings: list[Sighting], compare: bool) -> float:
    """Milliseconds ``store.keep()`` takes for the next sighting (with or without the
    comparison)."""
    table.changes_between = changes_between if compare else (lambda _older, _newer: [])
    s = sightings.pop(0)
    t = time.perf_counter()
    store.keep([s])
    return (time.perf_counter() - t) * 1000


def added_time(make_store: Callable[[], object], where: str) -> None:
    store = make_store()
    store.migrate()
    sightings = [licence(n) for n in range(2 * RUNS + 2)]
    store.keep([sightings.pop(0)])
    with_, without = [], []
    for _ in range(RUNS):
        with_.append(kept_ms(store, sightings, True))
        without.append(kept_ms(store, sightings, False))
    table.changes_between = changes_between
    added = statistics.median(with_) - statistics.median(without)
    figure(
        f"book_changes_added_ms_{where}",
        f"comparison added to keeping a 1,000-device lookup (14 changes), {where}",
        added,
        GOAL_MS,
        unit="ms",
        runs=[w - o for w, o in zip(with_, without, strict=True)],
        note=f"keep(): {statistics.median(with_):.1f} ms with, "
        f"{statistics.median(without):.1f} ms without",
    )
    older, newer = licence(0), licence(1)
    alone = []
    for _ in range(RUNS):
        t = time.perf_counter()
        changes_between(older, newer)
        alone.append((time.perf_counter() - t) * 1000)
    later = older.seen_at + timedelta(minutes=1)
    same = replace(older, seen_at=later, licence_at=later, devices_at=later, products_at=later)
    unchanged = []
    for _ in range(RUNS):
        t = time.perf_counter()
        changes_between(older, same)
        unchanged.append((time.perf_counter() - t) * 1000)
    figure(
        f"book_changes_compare_ms_{where}",
        "the comparison by itself (changed / unchanged)",
        statistics.median(alone),
        None,
        unit="ms",
        runs=alone,
        note=f"unchanged: {statistics.median(unchanged):.2f} ms",
        record=False,
    )
    store.close()


def matching() -> None:
    from licensedesk.book.changes import Change
    from licensedesk.book.timeline import build
    from licensedesk.history.model import Entry, new_entry_id

    serial = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
    changes = [
        Change(
            serial,
            "",
            T0 + timedelta(days=day + 1),
            T0 + timedelta(days=day),
            "device_deactivated",
            "active",
            "inactive",
            f"host-{day}-{n}",
            "",
            "Studio Pro",
            day * 1000 + n,
        )
        for day in reversed(range(100))
        for n in range(200)
    ]
    entries = [
        Entry(
            id=new_entry_id(),
            time=T0 + timedelta(days=day, hours=1),
            user="ana",
            machine="desk-3",
            action="deactivate",
            outcome="done",
            serial=serial,
            activation_ids=(day * 1000 + n,),
        )
        for day in range(100)
        for n in range(0, 200, 10)
    ]
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        items = build(changes, entries)
        runs.append((time.perf_counter() - t) * 1000)
    ours = sum(1 for i in items if i.ours)
    figure(
        "timeline_build_ms",
        "timeline of 20,000 changes matched against 2,000 entries",
        statistics.median(runs),
        100,
        unit="ms",
        runs=runs,
        note=f"({ours:,} of them made from the desk)",
    )


def fill(store) -> int:
    """Keep the licence until the book holds :data:`CHANGES` changes; how many it holds."""
    store.migrate()
    n = 0
    while True:
        store.keep([licence(n)])
        n += 1
        held = len(store.changes("LEWX-6XUC-N5G5-Q8F9-Q2R5"))
        if held >= CHANGES:
            return held


def room_sqlite(folder: Path) -> None:
    from licensedesk.book.sqlite_book import SqliteBook

    store = SqliteBook(folder / "room.sqlite3")
    held = fill(store)
    store.close()
    import sqlite3

    with sqlite3.connect(folder / "room.sqlite3") as db:
        size = db.execute(
            "SELECT sum(pgsize) FROM dbstat WHERE name IN ('book_changes', 'book_changes_serial')"
        ).fetchone()[0]
    db.close()
    figure(
        "book_change_bytes_sqlite", "room a change takes, SQLite", size / held, GOAL_BYTES, unit="B"
    )


def room_postgres(server: PostgresServer) -> None:
    from licensedesk.book.postgres_book import PostgresBook

    name = server.create_database("changes")
    store = PostgresBook(server.url(name), password=None)  # the desk role: no password
    held = fill(store)
    store.close()
    with server.connect(name) as db:
        db.execute("VACUUM ANALYZE book_changes")
        size = db.execute("SELECT pg_total_relation_size('book_changes')").fetchone()[0]
    figure(
        "book_change_bytes_postgres",
        "room a change takes, PostgreSQL",
        size / held,
        GOAL_BYTES,
        unit="B",
    )


def main() -> None:
    from licensedesk.book.sqlite_book import SqliteBook

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print("Seeing changes, SQLite:")
        added_time(lambda: SqliteBook(folder / "time.sqlite3"), "sqlite")
        matching()
        room_sqlite(folder)
        why = why_unavailable()
        if why:
            print(f"  PostgreSQL: not measured ({why})")
            return
        with PostgresServer() as server:
            print("Seeing changes, PostgreSQL:")
            name = server.create_database("time")
            from licensedesk.book.postgres_book import PostgresBook

            added_time(lambda: PostgresBook(server.url(name), password=None), "postgres")
            room_postgres(server)


if __name__ == "__main__":
    main()
