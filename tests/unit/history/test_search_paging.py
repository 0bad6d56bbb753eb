"""The local store's pages and search index: keyset pages in every column's order, counts,
the FTS5 index in the query plan, an existing history built in batches while written,
and an older desk's writes (plain SQL, no code of ours) indexed by the triggers."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest

from licensedesk.history import HistoryQuery
from licensedesk.history import sqlite_index as index
from licensedesk.history.paging import Sort, page_sql
from licensedesk.history.sql import SELECT, where
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.storage.sqlite import time_text as _time

from . import paging_checks
from .checks import T0, entry


@pytest.fixture
def store(tmp_path):
    opened = SqliteStore(tmp_path / "history.sqlite3")
    opened.migrate()
    yield opened
    opened.close()


def plan(db: sqlite3.Connection, query: HistoryQuery, built: bool = True) -> str:
    clause, params = where(
        query,
        ph="?",
        like="LIKE",
        time_param=_time,
        as_text=lambda c: c,
        text_clause=index.text_clause(built),
    )
    sql, params = page_sql(clause, params, Sort(), None, 500, ph="?", time_param=_time)
    return " | ".join(r[-1] for r in db.execute("EXPLAIN QUERY PLAN " + SELECT + sql, params))


def test_pages_in_every_order(store):
    paging_checks.check_pages_in_every_order(store)


def test_pages_backward_and_skipped(store):
    paging_checks.check_pages_backward_and_skipped(store)


def test_counts(store):
    paging_checks.check_counts(store)


def test_search_finds_what_the_scan_finds(store):
    paging_checks.check_search_finds_what_the_scan_finds(store)


def test_a_search_reads_the_index_and_a_page_reads_the_time_index(store):
    db = sqlite3.connect(store.path)
    assert "history_search VIRTUAL TABLE INDEX" in plan(db, HistoryQuery(text="6XUC-N5"))
    assert "history_search" not in plan(db, HistoryQuery(text="6X"))  # too short: a scan
    after = entry(time=T0)
    for key, used in (
        ("time", "history_time"),
        ("who", "history_user_time"),
        ("action", "history_action_time"),
    ):
        sql, params = page_sql("", [], Sort(key), after, 500, ph="?", time_param=_time)
        shown = " ".join(r[-1] for r in db.execute("EXPLAIN QUERY PLAN " + SELECT + sql, params))
        assert f"USING INDEX {used}" in shown and "TEMP B-TREE" not in shown, (key, shown)


def older_desk_history(path, n: int) -> None:
    """A file as a desk without the index leaves it: ``n`` entries, no index."""
    store = SqliteStore(path)
    store.migrate()
    store.import_entries(
        [entry(time=T0 + timedelta(seconds=i), detail=f"old entry {i:03d}") for i in range(n)]
    )
    store.close()
    db = sqlite3.connect(path, isolation_level=None)
    index.drop(db)
    db.close()


def test_an_existing_history_is_built_in_batches_while_written(tmp_path):
    path = tmp_path / "history.sqlite3"
    older_desk_history(path, 25)
    store = SqliteStore(path)
    store.migrate()  # makes the index's structure, builds nothing
    assert store.search_progress() == index.IndexProgress(False, 0, 25)
    assert len(store.page(HistoryQuery(text="old entry 01"))) == 10  # the scan, meanwhile
    db = sqlite3.connect(path, isolation_level=None)
    assert "history_search" not in plan(db, HistoryQuery(text="old entry"), built=False)
    seen = [index.build_step(db, batch=10)]
    # writes while half built: a new entry, one not yet indexed, one already indexed
    store.write(entry(time=T0 + timedelta(days=1), detail="new while building"))
    first, last = store.page(HistoryQuery(), Sort("time", descending=False), limit=25)[::24]
    store.complete(first.id, "done", "changed while building", None, T0)
    store.complete(last.id, "done", "changed before its batch", None, T0)
    while not seen[-1].built:
        seen.append(index.build_step(db, batch=10))
    assert [(p.done, p.built) for p in seen] == [(10, False), (20, False), (25, True)]
    assert store.search_progress().built
    for text, n in (
        ("old entry", 23),
        ("new while building", 1),
        ("changed while", 1),
        ("changed before", 1),
        ("old entry 000", 0),
        ("old entry 024", 0),
    ):
        assert len(store.page(HistoryQuery(text=text))) == n, text
    assert (
        db.execute(
            "INSERT INTO history_search (history_search, rank) VALUES ('integrity-check', 0)"
        )
        is not None
    )


def test_the_store_builds_it_with_progress_until_stopped(tmp_path):
    path = tmp_path / "history.sqlite3"
    older_desk_history(path, 5)
    store = SqliteStore(path)
    store.migrate()
    told = []
    assert store.build_search_index(told.append)
    assert told[-1].built and told[-1].fraction == 1.0
    assert len(store.page(HistoryQuery(text="old entry"))) == 5


def test_an_older_desks_plain_writes_are_indexed(store):
    """An older desk knows nothing of the index: its SQL alone keeps it right."""
    store.write(entry(detail="written by us"))
    db = sqlite3.connect(store.path, isolation_level=None)
    db.execute(
        "INSERT INTO history (id, time, user_name, machine, action, outcome, detail, "
        "before_json) VALUES ('00000000-0000-4000-8000-000000000001', ?, 'old', 'pc', "
        "'activate', 'pending', NULL, '{\"device_tag\": \"Amiga__32bits\"}')",
        (_time(T0),),
    )
    assert len(store.page(HistoryQuery(text="amiga__32"))) == 1
    db.execute("UPDATE history SET detail = 'Seat limit reached' WHERE user_name = 'old'")
    assert len(store.page(HistoryQuery(text="seat limit"))) == 1
    db.execute("DELETE FROM history WHERE user_name = 'old'")
    assert store.page(HistoryQuery(text="amiga")) == []
    assert store.page(HistoryQuery(text="seat limit")) == []
    assert len(store.page(HistoryQuery(text="written by"))) == 1


def test_a_rebuild_starts_again(store):
    store.import_entries([entry(detail=f"entry {i}") for i in range(3)])
    db = sqlite3.connect(store.path, isolation_level=None)
    index.rebuild(db)
    assert store.search_progress() == index.IndexProgress(False, 0, 3)
    assert store.build_search_index()
    assert len(store.page(HistoryQuery(text="entry"))) == 3
