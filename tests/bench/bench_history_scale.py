"""A team-sized history in the stores: a million entries (10 desks × 100,000), made by bulk
insert on both stores, then each figure against the raw query of the same run. Prints
figures; asserts nothing.

1. Building the search index of that history, made before the index existed (as after
   an upgrade): the time it takes, and what it costs the desk meanwhile: a writer on its
   own connection writes an entry every WRITE_EVERY seconds; its longest wait (goal
   "a moment": <= 0.5 s).
2. A search for a rare text (RARE_COUNT entries), the first page: through the index
   (goal <= 100 ms), as a ratio against the raw scan (the query the store ran before
   it had the index: a LIKE over the columns, newest first).
3. The first page of the whole history, newest first, and the 1,000th page (keyset after
   entry 499,500), against the same SQL run raw (cursor, no entries made).
4. How many entries match: all of them, and the rare search.

Medians of RUNS runs with their spread. PostgreSQL comes from tests/support/postgres.py;
without one its figures say why they are missing. About 8 minutes on 2 CPUs.

Run: .venv/bin/python tests/bench/bench_history_scale.py [ENTRIES [sqlite|postgres]]
"""

from __future__ import annotations

import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
sys.path.insert(0, str(Path(__file__).resolve().parent))
import _history_scale as scale
from _figures import figure
from tests.support.postgres import PostgresServer, why_unavailable

from licensedesk.history import Entry, HistoryQuery
from licensedesk.history.model import new_entry_id
from licensedesk.history.paging import PAGE, Sort
from licensedesk.history.sql import SELECT, order_and_limit, where

RUNS = 7
WRITE_EVERY = 0.02


def timed(job, runs: int = RUNS) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(runs):
        t = time.perf_counter()
        result = job()
        times.append((time.perf_counter() - t) * 1000)
    return times, result


def ratio(key: str, label: str, ours: list[float], raw: list[float], goal_ms: float | None):
    """The figure in ms (against its goal) and as a ratio of the raw query's median."""
    figure(key, label, statistics.median(ours), goal_ms, unit="ms", runs=ours)
    print(
        f"      raw query: {statistics.median(raw):.1f} ms ({min(raw):.1f}-{max(raw):.1f}); "
        f"ratio {statistics.median(ours) / statistics.median(raw):.3f}"
    )


class Writer:
    """Writes an entry every WRITE_EVERY s on a store of its own; keeps each write's wait."""

    def __init__(self, opener) -> None:
        self.waits: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(opener,), daemon=True)

    def _run(self, opener) -> None:
        store = opener()
        while not self._stop.wait(WRITE_EVERY):
            entry = Entry(
                id=new_entry_id(),
                time=datetime.now(UTC),
                user="writer",
                machine="desk-w",
                action="activate",
                outcome="done",
                serial="WRIT-ERWR-ITER-WRIT-ER00",
                detail="written during the build",
            )
            t = time.perf_counter()
            store.write(entry)
            self.waits.append((time.perf_counter() - t) * 1000)
        store.close()

    def __enter__(self) -> Writer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def build(name: str, store, opener) -> None:
    seen = []
    with Writer(opener) as writer:
        t = time.perf_counter()
        built = store.build_search_index(seen.append)
        took = time.perf_counter() - t
    waits = writer.waits
    print(
        f"  {name}: index built={built} in {took:.1f} s, {len(seen)} progress reports; "
        f"{len(waits)} writes meanwhile, median {statistics.median(waits):.1f} ms"
    )
    waits.sort()
    figure(
        f"scale_build_write_{name}",
        f"History 1M, {name}: longest write during the index build",
        max(waits),
        500.0,
        unit="ms",
        runs=waits,
        note=f"p99 {waits[int(len(waits) * 0.99)]:.1f} ms; the 5 longest "
        f"{', '.join(f'{w:.0f}' for w in waits[-5:])} ms",
    )


def searches(name: str, store, raw_run, ph: str, like: str, as_text, time_param) -> None:
    query = HistoryQuery(text=scale.RARE)
    ours, found = timed(lambda: store.page(query))
    clause, params = where(query, ph=ph, like=like, time_param=time_param, as_text=as_text)
    tail, more = order_and_limit(PAGE, ph)
    raw, raw_found = timed(lambda: raw_run(SELECT + clause + tail, params + more), runs=3)
    assert len(found) == scale.RARE_COUNT == len(raw_found), (len(found), len(raw_found))
    ratio(
        f"scale_search_{name}",
        f"History 1M, {name}: rare text search, first page",
        ours,
        raw,
        100.0,
    )
    counted, n = timed(lambda: store.count_matching(query))
    figure(
        f"scale_search_count_{name}",
        f"History 1M, {name}: count of a rare search ({n})",
        statistics.median(counted),
        100.0,
        unit="ms",
        runs=counted,
    )


def pages(name: str, store, raw_run, ph: str, time_param, id_cast: str = "") -> None:
    everything = HistoryQuery()
    first, page = timed(lambda: store.page(everything))
    raw, _rows = timed(lambda: raw_run(SELECT + f" ORDER BY time DESC, id DESC LIMIT {ph}", [PAGE]))
    ratio(
        f"scale_first_page_{name}",
        f"History 1M, {name}: first page of {PAGE}, newest first",
        first,
        raw,
        None,
    )
    after = store.page(everything, Sort(), page[-1], 499_000)[-1]  # entry 499,500
    deep, _page = timed(lambda: store.page(everything, Sort(), after))
    raw_deep, _rows = timed(
        lambda: raw_run(
            SELECT + f" WHERE (time, id) < ({ph}, {ph}{id_cast}) ORDER BY time DESC, id DESC "
            f"LIMIT {ph}",
            [time_param(after.time), after.id, PAGE],
        )
    )
    ratio(f"scale_deep_page_{name}", f"History 1M, {name}: the 1,000th page", deep, raw_deep, None)
    counted, n = timed(lambda: store.count_matching(everything))
    figure(
        f"scale_count_{name}",
        f"History 1M, {name}: count of every entry ({n:,})",
        statistics.median(counted),
        None,
        unit="ms",
        runs=counted,
    )


def sqlite(total: int, folder: Path) -> None:
    from licensedesk.history import sqlite_index
    from licensedesk.history.sqlite_store import SqliteStore
    from licensedesk.storage.sqlite import time_text as _time

    path = folder / "history.sqlite3"
    store = SqliteStore(path)
    store.migrate()
    db = sqlite3.connect(path, isolation_level=None)  # filled as an older desk would
    db.execute("BEGIN")
    sqlite_index.drop(db)  # a history made before the index: no triggers while filling
    t = time.perf_counter()
    db.execute(scale.sqlite_sql(total))
    db.execute("COMMIT")
    db.execute("ANALYZE")
    print(f"SQLite: {total:,} entries inserted in {time.perf_counter() - t:.1f} s")
    store.close()
    store = SqliteStore(path)
    store.migrate()  # makes the index's structure; the build fills it
    build("sqlite", store, lambda: _opened(SqliteStore(path)))

    def raw(sql, params):
        return db.execute(sql, params).fetchall()

    searches("sqlite", store, raw, "?", "LIKE", lambda c: c, _time)
    pages("sqlite", store, raw, "?", _time)
    store.close()


def postgres(total: int) -> None:
    import psycopg

    from licensedesk.history.postgres_store import PostgresStore

    why = why_unavailable()
    if why is not None:
        print(f"PostgreSQL: no figures ({why})")
        return
    with PostgresServer() as server:
        url = server.url(server.create_database("scale"))
        store = _opened(PostgresStore(url))
        db = psycopg.connect(url, autocommit=True)
        t = time.perf_counter()
        db.execute(scale.postgres_sql(total))
        db.execute("VACUUM ANALYZE history")
        print(f"PostgreSQL: {total:,} entries inserted in {time.perf_counter() - t:.1f} s")
        build("postgres", store, lambda: _opened(PostgresStore(url)))

        def raw(sql, params):
            return db.execute(sql, params).fetchall()

        searches("postgres", store, raw, "%s", "ILIKE", lambda c: f"{c}::text", lambda t: t)
        pages("postgres", store, raw, "%s", lambda t: t, "::uuid")
        store.close()


def _opened(store):
    store.migrate()
    return store


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else scale.DESKS * scale.PER_DESK
    stores = sys.argv[2:] or ["sqlite", "postgres"]
    if "sqlite" in stores:
        with tempfile.TemporaryDirectory() as tmp:
            sqlite(total, Path(tmp))
    if "postgres" in stores:
        postgres(total)


if __name__ == "__main__":
    main()
