"""The History window on a million entries (10 desks × 100,000, made by bulk insert, the
search index kept by the stores' own triggers / expression index), both stores. Prints
figures; asserts nothing.

1. Open: from asking for the list to its first page painted, newest first (the window
   pages: no more than a page is read), against the same page's SQL run raw; the
   process's memory after it. Then the count ("1,000,000 entries") for information.
2. Search for a rare text: from the query (the search box's settle time, SETTLE_MS, is
   before it by design) to the rows painted (goal <= 100 ms), against the raw scan the
   store ran before the index (a LIKE over the columns).
3. Scrolling through the whole history, a page (500 rows) at a time from the top to the
   last entry, each step waiting for the rows on screen to be read (the table holds a
   window of pages and reads the next as they come near, ui/history/page_window.py):
   a 10 ms heartbeat QTimer's p99 gap (goal <= 16 ms), against the same heartbeat with
   nothing to do, measured in this run; the memory at the end, and the rows held.
   Then a jump to the bottom and back to the top (the scroll bar dragged): the time to
   the rows on screen each.

Offscreen Qt and qasync's loop, as the window runs. About 10 minutes on 2 CPUs.

Run: .venv/bin/python tests/bench/bench_ui_history_scale.py [ENTRIES [sqlite|postgres]]
"""

from __future__ import annotations

import asyncio
import gc
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
sys.path.insert(0, str(Path(__file__).resolve().parent))
import _history_scale as scale
from _figures import figure
from _ui_bench_support import Heartbeat, make_app, wait_until
from tests.support.postgres import PostgresServer, why_unavailable

RUNS = 7


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(x.split()[1]) for x in status if x.startswith("VmRSS:")) / 1024


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


class Harness:
    """The History window as the feature wires it: the desk's recorder, the controller on
    its own runner, the paged model asking for more."""

    def __init__(self, settings) -> None:
        from licensedesk.ui.history.controller import HistoryController
        from licensedesk.ui.history.desk_recorder import DeskRecorder
        from licensedesk.ui.history.window import HistoryWindow
        from licensedesk.ui.shared.tasks import TaskRunner

        self.recorder = DeskRecorder(None, None, settings)
        self.controller = c = HistoryController(TaskRunner(), self.recorder)
        self.window = w = HistoryWindow()
        w.filters.use_since.setChecked(False)
        w.filters.use_until.setChecked(False)
        self.query = None
        c.queried.connect(lambda _q, entries, more: w.show_entries(entries, more))
        c.paged.connect(lambda _q, read, entries: w.show_page(read, entries))
        c.counted.connect(lambda _q, n: w.show_count(n))
        w.model.readWanted.connect(lambda read: c.read(self.query, read))
        w.resize(1100, 640)
        w.show()
        from licensedesk.ui.shell.start import settle_interpreter

        settle_interpreter()  # as licensedesk.__main__ does once the desk is built

    async def show(self, text: str = "") -> float:
        """ms from asking for the list to its first page painted."""
        self.window.filters.search.setText(text)
        self.query = self.window.filters.query()
        t = time.perf_counter()
        await self.controller.query(self.query)
        self.window.table.viewport().repaint()
        took = (time.perf_counter() - t) * 1000
        await wait_until(lambda: not self.controller.is_running(), timeout=60)  # its count
        return took

    def on_screen_held(self) -> bool:
        """The rows on screen are read (and no read is in flight or due)."""
        table, model = self.window.table, self.window.model
        top = table.rowAt(0)
        bottom = table.rowAt(table.viewport().height() - 1)
        bottom = bottom if bottom >= 0 else model.rowCount() - 1
        lo, hi = model.held()
        return top >= 0 and lo <= top and bottom < hi and not model.reading

    async def scroll_all(self) -> tuple[int, list[float], float]:
        """Scroll to the end a page at a time: (last row reached, heartbeat gaps in ms, s)."""
        from PySide6.QtWidgets import QAbstractItemView

        from licensedesk.history.paging import PAGE

        heart = Heartbeat()
        timer = heart.timer
        model, table = self.window.model, self.window.table
        timer.start()
        t = time.perf_counter()
        row = 0
        while True:
            table.scrollTo(model.index(row, 0), QAbstractItemView.ScrollHint.PositionAtTop)
            await wait_until(self.on_screen_held, timeout=60)
            if row >= model.rowCount() - 1:
                break
            row = min(row + PAGE, model.rowCount() - 1)
        took = time.perf_counter() - t
        timer.stop()
        return model.held()[1], heart.gaps(), took

    async def jump(self, bottom: bool) -> float:
        """ms from the scroll bar at the bottom (or the top) to the rows there read."""
        table = self.window.table
        t = time.perf_counter()
        if bottom:
            table.scrollToBottom()
        else:
            table.scrollToTop()
        await wait_until(self.on_screen_held, timeout=60)
        return (time.perf_counter() - t) * 1000

    def close(self) -> None:
        self.recorder.recorder.close()
        self.window.close()
        self.window.model.set_entries(())  # the next store's figures without these rows
        gc.collect()


async def idle_gaps(seconds: float = 3.0) -> list[float]:
    heart = Heartbeat()
    timer = heart.timer
    timer.start()
    await asyncio.sleep(seconds)
    timer.stop()
    return heart.gaps()


async def measure(name: str, h: Harness, raw_first, raw_search) -> None:
    await h.show()  # open the store, warm
    rss0 = rss_mb()
    opens = [await h.show() for _ in range(RUNS)]
    raw = [raw_first() for _ in range(RUNS)]
    figure(
        f"ui_scale_open_{name}",
        f"History window 1M, {name}: open, first page painted",
        statistics.median(opens),
        None,
        unit="ms",
        runs=opens,
        note=f"raw {statistics.median(raw):.1f} ms, ratio "
        f"{statistics.median(opens) / statistics.median(raw):.2f}; "
        f"memory {rss_mb():.0f} MB (+{rss_mb() - rss0:.0f})",
    )
    await wait_until(lambda: h.window.status_label.text().endswith("entries"), timeout=60)
    print(f"      status line: {h.window.status_label.text()}")
    searches = [await h.show(scale.RARE) for _ in range(RUNS)]
    assert h.window.model.rowCount() == scale.RARE_COUNT, h.window.model.rowCount()
    raw = [raw_search() for _ in range(3)]
    figure(
        f"ui_scale_search_{name}",
        f"History window 1M, {name}: rare text search, query to rows painted",
        statistics.median(searches),
        100.0,
        unit="ms",
        runs=searches,
        note=f"raw scan {statistics.median(raw):.0f} ms, ratio "
        f"{statistics.median(searches) / statistics.median(raw):.4f}",
    )
    idle = percentile(await idle_gaps(), 99)
    await h.show()
    rows, gaps, took = await h.scroll_all()
    lo, hi = h.window.model.held()
    figure(
        f"ui_scale_scroll_{name}",
        f"History window 1M, {name}: heartbeat p99 gap while "
        f"scrolling through all {rows:,} entries",
        percentile(gaps, 99),
        16.0,
        unit="ms",
        note=f"idle p99 {idle:.1f} ms; max {max(gaps):.1f} ms; {took:.0f} s; "
        f"memory {rss_mb():.0f} MB; rows held {hi - lo:,}",
    )
    top = await h.jump(bottom=False)
    bottom = await h.jump(bottom=True)
    figure(
        f"ui_scale_jump_{name}",
        f"History window 1M, {name}: the scroll bar to the top, "
        "then the bottom, rows on screen read",
        top,
        None,
        unit="ms",
        note=f"bottom {bottom:.0f} ms; memory {rss_mb():.0f} MB",
    )


def timer(run):
    def timed(*args):
        t = time.perf_counter()
        run(*args)
        return (time.perf_counter() - t) * 1000

    return timed


def sqlite_figures(loop, total: int, folder: Path) -> None:
    from licensedesk.history import HistoryQuery, HistorySettings, local_history_path
    from licensedesk.history.sql import SELECT, order_and_limit, where
    from licensedesk.history.sqlite_store import SqliteStore

    os.environ["LICENSEDESK_DATA_DIR"] = str(folder)
    store = SqliteStore(local_history_path(folder))
    store.migrate()
    db = sqlite3.connect(local_history_path(folder), isolation_level=None)
    db.execute("BEGIN")
    db.execute(scale.sqlite_sql(total))
    db.execute("COMMIT")
    db.execute("ANALYZE")
    clause, params = where(
        HistoryQuery(text=scale.RARE), ph="?", like="LIKE", time_param=str, as_text=lambda c: c
    )
    tail, more = order_and_limit(500, "?")
    first = timer(lambda: db.execute(SELECT + " ORDER BY time DESC, id DESC LIMIT 500").fetchall())
    search = timer(lambda: db.execute(SELECT + clause + tail, params + more).fetchall())
    h = Harness(HistorySettings())
    loop.run_until_complete(measure("sqlite", h, first, search))
    h.close()
    store.close()


def postgres_figures(loop, total: int) -> None:
    import psycopg

    from licensedesk.history import HistoryQuery, HistorySettings
    from licensedesk.history.postgres_store import PostgresStore
    from licensedesk.history.sql import order_and_limit, where

    why = why_unavailable()
    if why is not None:
        print(f"PostgreSQL: no figures ({why})")
        return
    with PostgresServer() as server:
        url = server.url(server.create_database("uiscale"))
        store = PostgresStore(url)
        store.migrate()
        db = psycopg.connect(url, autocommit=True)
        db.execute(scale.postgres_sql(total))
        db.execute("VACUUM ANALYZE history")
        store.build_search_index()
        from licensedesk.history.postgres_store import ROWS_SELECT as SELECT_TEXT

        clause, params = where(
            HistoryQuery(text=scale.RARE),
            ph="%s",
            like="ILIKE",
            time_param=str,
            as_text=lambda c: f"{c}::text",
        )
        tail, more = order_and_limit(500, "%s")
        first = timer(
            lambda: db.execute(SELECT_TEXT + " ORDER BY time DESC, id DESC LIMIT 500").fetchall()
        )
        search = timer(lambda: db.execute(SELECT_TEXT + clause + tail, params + more).fetchall())
        h = Harness(HistorySettings(store="team", team_url=url))
        loop.run_until_complete(measure("postgres", h, first, search))
        h.close()
        store.close()


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else scale.DESKS * scale.PER_DESK
    app, loop = make_app()
    stores = sys.argv[2:] or ["sqlite", "postgres"]
    with tempfile.TemporaryDirectory() as tmp, loop:
        if "sqlite" in stores:
            sqlite_figures(loop, total, Path(tmp))
        if "postgres" in stores:
            postgres_figures(loop, total)
    del app


if __name__ == "__main__":
    main()
