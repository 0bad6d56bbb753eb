"""The team store's pages and search index on a real PostgreSQL server: the same pages,
counts and answers as the local file, the pg_trgm index in the plan once built (while
another desk writes), and an older desk's plain writes found through it."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest

from licensedesk.history import HistoryQuery
from licensedesk.history import postgres_index as index
from licensedesk.history.postgres_store import PostgresStore
from tests.unit.history import paging_checks
from tests.unit.history.checks import entry


@pytest.fixture
def store(team_db):
    opened = PostgresStore(team_db.url, password=team_db.password)
    opened.migrate()
    yield opened
    opened.close()


def test_pages_in_every_order(store):
    paging_checks.check_pages_in_every_order(store)


def test_pages_backward_and_skipped(store):
    paging_checks.check_pages_backward_and_skipped(store)


def test_counts(store):
    paging_checks.check_counts(store)


def test_search_by_scanning_before_the_index(store):
    paging_checks.check_search_finds_what_the_scan_finds(store)


def test_search_through_the_index(store):
    assert store.build_search_index()  # on an empty history: at once
    paging_checks.check_search_finds_what_the_scan_finds(store)


def plan(team_db, text: str) -> str:
    sql, params = index.text_clause(text)
    with team_db.connect() as db:
        db.execute("SET enable_seqscan = off")  # a small table: the planner would scan it
        rows = db.execute("EXPLAIN SELECT id FROM history WHERE " + sql, params).fetchall()
    return " ".join(r[0] for r in rows)


def test_the_index_is_built_while_a_desk_writes_and_then_used(store, team_db):
    store.import_entries([entry(detail=f"before the index {i}") for i in range(200)])
    assert not store.search_progress().built
    assert index.INDEX not in plan(team_db, "the index")
    other = PostgresStore(team_db.url, password=team_db.password)
    other.migrate()
    written: list[str] = []
    stop = threading.Event()

    def desk() -> None:  # another desk writes all along
        while not stop.is_set() and len(written) < 500:
            e = entry(time=datetime.now(UTC), detail=f"written during the build {len(written)}")
            other.write(e)
            written.append(e.id)

    writer = threading.Thread(target=desk)
    writer.start()
    try:
        told: list = []
        assert store.build_search_index(told.append)
    finally:
        stop.set()
        writer.join()
        other.close()
    assert store.search_progress().built
    assert f"Bitmap Index Scan on {index.INDEX}" in plan(team_db, "the index")
    assert len(store.page(HistoryQuery(text="BEFORE THE INDEX"), limit=1000)) == 200
    found = store.page(HistoryQuery(text="during the build"), limit=1000)
    assert sorted(e.id for e in found) == sorted(written)
    assert store.build_search_index()  # built: nothing to do


def test_an_older_desks_plain_writes_are_found_through_the_index(store, team_db):
    assert store.build_search_index()
    with team_db.connect() as db:  # an older desk's SQL: no function of ours in it
        db.execute(
            "INSERT INTO history (id, time, user_name, machine, action, outcome, "
            "before_json) VALUES (gen_random_uuid(), now(), 'old', 'pc', 'activate', "
            "'pending', '{\"device_tag\": \"Amiga__32bits\"}')"
        )
    assert len(store.page(HistoryQuery(text="amiga__32"))) == 1
    assert f"Bitmap Index Scan on {index.INDEX}" in plan(team_db, "amiga__32")


def test_a_build_cut_short_is_made_again(store, team_db):
    store.import_entries([entry(detail="cut short") for _ in range(5)])
    with team_db.connect() as db:  # what a desk killed in the middle leaves: an invalid index
        db.execute(f"CREATE INDEX {index.INDEX} ON history (id)")
        db.execute(
            "UPDATE pg_index SET indisvalid = false WHERE indexrelid = %s::regclass", (index.INDEX,)
        )
    assert not store.search_progress().built
    assert store.build_search_index()
    assert f"Bitmap Index Scan on {index.INDEX}" in plan(team_db, "cut short")


def test_a_database_without_pg_trgm_searches_by_scanning(store, team_db):
    with team_db.connect() as db:
        db.execute(f"DROP FUNCTION {index.FUNCTION} CASCADE")
    fresh = PostgresStore(team_db.url, password=team_db.password)
    try:
        fresh.import_entries([entry(detail="no index here")])
        assert len(fresh.page(HistoryQuery(text="index here"))) == 1
        assert fresh.count_matching(HistoryQuery(text="index here")) == 1
        assert not fresh.build_search_index()
    finally:
        fresh.close()
