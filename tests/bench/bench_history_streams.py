"""A team's history at scale: the command line's list, export and import of 1,000,000 entries.
Prints figures; asserts nothing.

Both stores are filled by bulk insert (tests/support/history_scale.py: executemany /
COPY), not through the CLI. Each command runs as a child process (``licensedesk-cli``,
stdout a pipe drained to a file), and is compared with the raw query of the same rows
in the same run, also a child process: the same driver (sqlite3; psycopg with a
server-side cursor) iterating the same SELECT and writing each row as a tab-separated
line; for the import, the same ``INSERT … ON CONFLICT DO NOTHING`` of ready rows, 5,000 a
transaction. Printed per command: the time to the first line, the whole as a ratio of
the raw query's (goal <= 1.5), and the child's peak RSS (goal <= 100 MB).

At most two runs a figure (raw and command alternating): a run of the whole takes
20-40 minutes on a shared 2-CPU machine. ``LICENSEDESK_BENCH_ENTRIES`` makes it smaller.
Run: .venv/bin/python tests/bench/bench_history_streams.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.bench._figures import figure
from tests.support.history_scale import build_postgres, build_sqlite, rows
from tests.support.postgres import PostgresServer, why_unavailable

from licensedesk.history.sql import COLUMNS, WRITTEN

N = int(os.environ.get("LICENSEDESK_BENCH_ENTRIES", "1000000"))
#: e.g. "sqlite:import,postgres": only these (store, or store:part; parts: list, stdout,
#: file, csv, import); empty: all
ONLY = {w.strip() for w in os.environ.get("LICENSEDESK_BENCH_ONLY", "").split(",") if w.strip()}


def wanted(kind: str, part: str) -> bool:
    return not ONLY or kind in ONLY or f"{kind}:{part}" in ONLY


RUNS = 2
IMPORT_PAGE = 5000


def raw_main(kind: str, where: str, mode: str) -> None:
    """The raw baseline, in its own process: ``mode`` read (rows to stdout) or import
    (rows of the JSON file ``where``'s sibling are not parsed: ready tuples)."""
    out = sys.stdout
    if mode == "read":
        sql = f"SELECT {', '.join(COLUMNS)} FROM history ORDER BY time DESC, id DESC"
        if kind == "sqlite":
            import sqlite3

            cursor = sqlite3.connect(where).execute(sql)
            while page := cursor.fetchmany(2000):
                out.write("".join("\t".join(map(str, r)) + "\n" for r in page))
        else:
            import psycopg

            from licensedesk.history.postgres_store import ROWS_SELECT

            # the rows as the store reads them: uuid, arrays and jsonb as text (psycopg's
            # own decoding of jsonb into dicts cost twice the query)
            with psycopg.connect(where) as db, db.cursor(name="raw") as cursor:
                cursor.execute(ROWS_SELECT + " ORDER BY time DESC, id DESC")
                while page := cursor.fetchmany(2000):
                    out.write("".join("\t".join(map(str, r)) + "\n" for r in page))
        return
    marks = ", ".join(["?" if kind == "sqlite" else "%s"] * len(WRITTEN))
    insert = f"INSERT INTO history ({', '.join(WRITTEN)}) VALUES ({marks}) ON CONFLICT DO NOTHING"
    made = rows(N, postgres=kind == "postgres")
    if kind == "sqlite":
        import sqlite3

        db = sqlite3.connect(where, isolation_level=None)
        while page := [r for _, r in zip(range(IMPORT_PAGE), made, strict=False)]:
            db.execute("BEGIN")
            db.executemany(insert, page)
            db.execute("COMMIT")
    else:
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            while page := [r for _, r in zip(range(IMPORT_PAGE), made, strict=False)]:
                with db.transaction(), db.cursor() as cur:
                    cur.executemany(insert, page)


def child(argv: list[str], env: dict[str, str], out: Path) -> tuple[float, float, float, int]:
    """(seconds to the first byte, seconds in all, peak RSS in MB, exit code)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    first = None
    assert proc.stdout is not None
    with open(out, "wb") as sink:
        while block := proc.stdout.read1(1 << 16):
            if first is None:
                first = time.perf_counter() - start
            sink.write(block)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    took = time.perf_counter() - start
    return (first if first is not None else took), took, usage.ru_maxrss / 1024, proc.returncode


def compare(
    key: str,
    label: str,
    ours: list[str],
    raw: list[str],
    env: dict[str, str],
    tmp: Path,
    *,
    first_line: bool = True,
    record: bool = True,
) -> None:
    """Print the figures of ``ours`` against ``raw`` (``record`` false: only run it once,
    for a file a later figure needs)."""
    ratios, firsts, peaks, raws = [], [], [], []
    for _ in range(RUNS if record else 1):
        _f, raw_took, _m, code = child(raw, env, tmp / "raw.out")
        assert code == 0, raw
        first, took, peak, code = child(ours, env, tmp / "ours.out")
        assert code == 0, (ours, code)
        ratios.append(took / raw_took)
        firsts.append(first)
        peaks.append(peak)
        raws.append(raw_took)
    if not record:
        return
    figure(
        f"{key}_ratio",
        f"{label}: whole / raw query",
        sum(ratios) / len(ratios),
        1.5,
        unit="x",
        runs=ratios,
        note=f"raw {min(raws):.1f}-{max(raws):.1f} s",
    )
    if first_line:
        figure(f"{key}_first", f"{label}: first line", max(firsts), 1.0, unit="s", runs=firsts)
    figure(f"{key}_rss", f"{label}: peak RSS", max(peaks), 100.0, unit="MB", runs=peaks)


def bench_store(kind: str, where: str, env: dict[str, str], tmp: Path, empty) -> None:
    """Every figure of one store (``empty()``: a new empty store to import into, its
    address)."""
    cli = [sys.executable, "-m", "licensedesk.cli", "history", "--store", env["LD_KIND"]]
    raw = [sys.executable, __file__, "--raw", kind, where, "read"]
    name = "SQLite" if kind == "sqlite" else "PostgreSQL"
    if wanted(kind, "list"):
        compare(f"hscale_list_{kind}", f"history (list, {N:,}), {name}", cli, raw, env, tmp)
    export = [*cli[:4], "export", "--store", env["LD_KIND"]]
    if wanted(kind, "stdout"):
        compare(
            f"hscale_export_stdout_{kind}",
            f"history export -, {name}",
            [*export, "-"],
            raw,
            env,
            tmp,
        )
    if wanted(kind, "file") or wanted(kind, "import"):  # the import reads this file
        compare(
            f"hscale_export_file_{kind}",
            f"history export FILE.jsonl, {name}",
            [*export, str(tmp / "out.jsonl")],
            raw,
            env,
            tmp,
            first_line=False,
            record=wanted(kind, "file"),
        )
    if wanted(kind, "csv"):
        compare(
            f"hscale_export_csv_{kind}",
            f"history export FILE.csv, {name}",
            [*export, str(tmp / "out.csv")],
            raw,
            env,
            tmp,
            first_line=False,
        )
    if not wanted(kind, "import"):
        return
    # the import: the file just exported, into an empty store, against ready rows
    target: dict[str, str] = {}
    imp_env = dict(env)

    def run_import() -> None:
        target.update(empty())
        imp_env.update(target)

    ours = [
        sys.executable,
        "-m",
        "licensedesk.cli",
        "history",
        "import",
        "--store",
        env["LD_KIND"],
        str(tmp / "out.jsonl"),
    ]
    ratios, peaks = [], []
    for _ in range(RUNS):
        run_import()
        _f, raw_took, _m, code = child(
            [sys.executable, __file__, "--raw", kind, target["LD_WHERE"], "import"],
            imp_env,
            tmp / "raw.out",
        )
        assert code == 0
        run_import()
        _f, took, peak, code = child(ours, imp_env, tmp / "ours.out")
        assert code == 0
        ratios.append(took / raw_took)
        peaks.append(peak)
    figure(
        f"hscale_import_{kind}_ratio",
        f"history import ({N:,}), {name}: whole / raw insert",
        sum(ratios) / len(ratios),
        1.5,
        unit="x",
        runs=ratios,
    )
    figure(
        f"hscale_import_{kind}_rss",
        f"history import, {name}: peak RSS",
        max(peaks),
        100.0,
        unit="MB",
        runs=peaks,
    )


def main() -> None:
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load "
        f"{os.getloadavg()[0]:.1f}; {N:,} entries; {RUNS} runs a figure"
    )
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        data, config = tmp / "data", tmp / "config"
        data.mkdir()
        config.mkdir()
        env = {
            **os.environ,
            "LICENSEDESK_DATA_DIR": str(data),
            "LICENSEDESK_CONFIG_DIR": str(config),
            "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring",
            "LD_KIND": "local",
        }
        counter = iter(range(1000))

        def empty_sqlite() -> dict[str, str]:
            fresh = tmp / f"import{next(counter)}"
            fresh.mkdir()
            from licensedesk.history.sqlite_store import SqliteStore

            store = SqliteStore(fresh / "history.sqlite3")
            store.migrate()
            store.close()
            return {"LICENSEDESK_DATA_DIR": str(fresh), "LD_WHERE": str(fresh / "history.sqlite3")}

        if not ONLY or any(w.startswith("sqlite") for w in ONLY):
            start = time.perf_counter()
            build_sqlite(data / "history.sqlite3", N)
            print(f"  built the SQLite history in {time.perf_counter() - start:.0f} s", flush=True)
            bench_store("sqlite", str(data / "history.sqlite3"), env, tmp, empty_sqlite)
        if ONLY and not any(w.startswith("postgres") for w in ONLY):
            return
        why = why_unavailable()
        if why:
            print(f"  PostgreSQL not measured: {why}")
            return
        with PostgresServer() as server:
            url = server.url(server.create_database("scale"))
            start = time.perf_counter()
            build_postgres(url, N)
            print(f"  built the PostgreSQL history in {time.perf_counter() - start:.0f} s")
            (config / "history.json").write_text(
                json.dumps({"version": 1, "store": "team", "team_url": url})
            )

            def empty_postgres() -> dict[str, str]:
                fresh = server.url(server.create_database("imp"))
                from licensedesk.history.postgres_store import PostgresStore

                store = PostgresStore(fresh)
                store.migrate()
                store.close()
                fresh_config = tmp / f"config{next(counter)}"
                fresh_config.mkdir()
                (fresh_config / "history.json").write_text(
                    json.dumps({"version": 1, "store": "team", "team_url": fresh})
                )
                return {"LICENSEDESK_CONFIG_DIR": str(fresh_config), "LD_WHERE": fresh}

            bench_store("postgres", url, {**env, "LD_KIND": "team"}, tmp, empty_postgres)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--raw"]:
        raw_main(*sys.argv[2:5])
    else:
        main()
