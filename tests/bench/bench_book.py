"""Licence book benchmark: a team's book of N licences (10 desks; 1,000,000 unless
``LICENSEDESK_BENCH_BOOK_N`` or the first argument says otherwise) in the SQLite file
and in PostgreSQL, and how fast ``find()`` answers in it. Prints figures; asserts
nothing.

1. Build: N made-up licences (tests/bench/_book_data.py: names with accents from many
   languages, e-mails, SKUs, dealers, 0-5 host IDs) as the rows ``keep()`` writes
   (``sql.row()``; a sample is checked against ``keep()`` itself), written in bulk
   and indexed once (tests/bench/_book_build.py). Printed: the seconds it took.
2. Finds: for each query below, ``find()``'s p95 over RUNS runs (goal <= 50 ms) and
   its ratio to the raw SQL (goal <= 1.5): the very statements that find() sent
   (seen through the store's ``trace``), replayed on a plain connection with the same
   parameters, fetching the same rows but making no Sighting of them. Runs alternate
   between the two, so drift hits both alike.
3. Memory: the finds run in a fresh process, once on the first N/10 licences and once
   on all N; its peak RSS must not grow with the book (goal: N's <= 1.1 x N/10's).
   Also printed: tracemalloc's peak during one round of finds.

PostgreSQL comes from tests/support/postgres.py (a server in a temporary folder);
without one, its figures say why they are missing. 1,000,000 licences take about
20 minutes on 2 CPUs (building about 12, most of it making the rows;
``LICENSEDESK_BENCH_BOOK_N=100000`` for a quick look) and several GB of disk (the
SQLite file alone is 2.7 GB).

Run: .venv/bin/python tests/bench/bench_book.py [N]
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.bench._book_data import NEEDLE_HOST, NEEDLE_NAME, serial_of
from tests.bench._figures import figure
from tests.support.postgres import PostgresServer, why_unavailable

N_ENV = "LICENSEDESK_BENCH_BOOK_N"
RUNS = 30
GOAL_MS = 50.0
GOAL_RATIO = 1.5
GOAL_GROWTH = 1.1
#: (key, what it is, the text typed)
QUERIES = (
    ("email", "a rare e-mail fragment", "dottir@fjordvik"),
    ("name_accents", "a rare name with its accents", NEEDLE_NAME.split("-")[0]),
    ("name_plain", "the same name without", "wasowska"),
    ("host", "a host ID fragment", NEEDLE_HOST),
    ("serial", "an exact serial", "{serial}"),
    ("first_name", "a frequent first name", "maria"),
    ("example", "a word in every e-mail", "example"),
    ("two_words", "two short words", "ana li"),
    ("product", "a product in a third of the book", "studio pro"),
)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def texts(n: int) -> list[tuple[str, str, str]]:
    return [(k, label, text.format(serial=serial_of(n // 2))) for k, label, text in QUERIES]


# ---------------------------------------------------------------- the finding process


def open_store(kind: str, where: str) -> tuple[Any, Any]:
    """The book (its own connection) and a plain connection to replay its statements."""
    if kind == "sqlite":
        import sqlite3

        from licensedesk.book.sqlite_book import SqliteBook

        return SqliteBook(where), sqlite3.connect(where)
    import psycopg

    from licensedesk.book.postgres_book import PostgresBook

    return PostgresBook(where), psycopg.connect(where, autocommit=True)


def peak_rss_kb() -> int:
    """This process's peak RSS: Linux's VmHWM (``ru_maxrss`` keeps the parent's across
    the exec that started it), else ``ru_maxrss``."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:"))


def measure(kind: str, where: str, n: int) -> dict[str, Any]:
    """In a fresh process: each query's find() and raw times, rows, and the memory."""
    book, raw = open_store(kind, where)
    replay = (
        (lambda sql, params: raw.execute(sql, params).fetchall())
        if kind == "sqlite"
        else (lambda sql, params: raw.execute(sql, params, prepare=False).fetchall())
    )
    out: dict[str, Any] = {}
    for key, _label, text in texts(n):
        sent: list[tuple[str, Any]] = []
        book.trace = lambda sql, params, sent=sent: sent.append((sql, list(params)))
        rows = len(book.find(text))
        book.trace = None
        book.find(text)  # warm, as a person's second keystroke is
        found, direct = [], []
        for _ in range(RUNS):
            start = time.perf_counter()
            book.find(text)
            found.append(time.perf_counter() - start)
            start = time.perf_counter()
            for sql, params in sent:
                replay(sql, params)
            direct.append(time.perf_counter() - start)
        out[key] = {"find": found, "raw": direct, "rows": rows, "statements": len(sent)}
    tracemalloc.start()
    for _key, _label, text in texts(n):
        book.find(text)
    out["traced_peak"] = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    out["rss_kb"] = peak_rss_kb()
    book.close()
    raw.close()
    return out


def measured(kind: str, where: str, n: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--measure", kind, where, str(n)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout)


# ---------------------------------------------------------------- figures


def report(name: str, n: int, small: dict[str, Any], full: dict[str, Any]) -> None:
    key = name.lower()
    for q, label, text in texts(n):
        found = [v * 1000 for v in full[q]["find"]]
        direct = [v * 1000 for v in full[q]["raw"]]
        p95, raw95 = percentile(found, 95), percentile(direct, 95)
        note = (
            f"'{text}': {full[q]['rows']} found, {full[q]['statements']} statements; "
            f"raw p95 {raw95:.1f} ms; at N/10 p95 "
            f"{percentile([v * 1000 for v in small[q]['find']], 95):.1f} ms"
        )
        figure(
            f"book_find_{key}_{q}",
            f"book: find {label}, {name}, {n:,}",
            p95,
            GOAL_MS,
            unit="ms",
            runs=found,
            note=note,
        )
        figure(
            f"book_ratio_{key}_{q}",
            f"book: find / raw SQL, {label}, {name}",
            p95 / raw95 if raw95 else 0.0,
            GOAL_RATIO,
            unit="x",
        )
    growth = full["rss_kb"] / small["rss_kb"]
    figure(
        f"book_rss_{key}",
        f"book: finding process's peak RSS, {n:,} / {n // 10:,}, {name}",
        growth,
        GOAL_GROWTH,
        unit="x",
        note=f"{small['rss_kb'] / 1024:.1f} MB -> {full['rss_kb'] / 1024:.1f} MB; "
        f"tracemalloc peak of one round {small['traced_peak'] / 1024:.0f} KB -> "
        f"{full['traced_peak'] / 1024:.0f} KB",
    )


def main(n: int) -> None:
    from tests.bench._book_build import PostgresFill, SqliteFill, same_as_kept

    small = n // 10
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; a book of {n:,} "
        f"licences; p95 of {RUNS} runs (min-max)"
    )
    why = why_unavailable()
    server = None if why else PostgresServer().start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "history.sqlite3"
            url = server.url(server.create_database("book")) if server else None
            print("1. building")
            lite = SqliteFill(path)
            pg = PostgresFill(url) if url else None
            took = {"SQLite": lite.add(0, small), "PostgreSQL": pg.add(lite, 0, small) if pg else 0}
            differs = same_as_kept(path, url, Path(tmp), min(500, small))
            print(f"  the bulk rows are keep()'s: {'no: ' + differs if differs else 'yes'}")
            at_small = {"SQLite": measured("sqlite", str(path), small)}
            if url:
                at_small["PostgreSQL"] = measured("postgres", url, small)
            took["SQLite"] += lite.add(small, n)
            if pg:
                took["PostgreSQL"] += pg.add(lite, small, n)
            for name, seconds in took.items():
                if name == "SQLite" or pg:
                    figure(
                        f"book_build_{name.lower()}",
                        f"book: building {n:,} licences, {name}",
                        seconds,
                        None,
                        unit="s",
                        record=False,
                    )
            print(f"  SQLite file: {path.stat().st_size / 2**20:,.0f} MB")
            print("2. finding; 3. memory")
            report("SQLite", n, at_small["SQLite"], measured("sqlite", str(path), n))
            if url:
                report("PostgreSQL", n, at_small["PostgreSQL"], measured("postgres", url, n))
            else:
                print(f"  PostgreSQL not measured: {why}")
            lite.close()
            if pg:
                pg.close()
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        print(json.dumps(measure(sys.argv[2], sys.argv[3], int(sys.argv[4]))))
    else:
        main(int(sys.argv[1]) if sys.argv[1:] else int(os.environ.get(N_ENV, 1_000_000)))
