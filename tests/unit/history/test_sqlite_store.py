"""The local store: migrations from an empty folder, round trips, filters, import, errors."""

from __future__ import annotations

import sqlite3

import pytest

from licensedesk.history import StoreError, local_history_path, open_store
from licensedesk.history.sqlite_store import MIGRATIONS, SqliteStore
from licensedesk.storage.settings import HistorySettings

from . import checks


@pytest.fixture
def store(tmp_path):
    opened = SqliteStore(tmp_path / "h" / "history.sqlite3")
    opened.migrate()
    yield opened
    opened.close()


def test_created_on_first_use_in_the_data_folder(tmp_path):
    path = local_history_path()
    assert path == tmp_path / "data" / "history.sqlite3"
    assert not path.exists()
    store = open_store(HistorySettings())
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,), (2,)]
    indexes = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"history_serial_time", "history_time", "history_user_time"} <= indexes
    plan = " ".join(
        str(r[-1])
        for r in db.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM history WHERE serial = 'x' OR other_serial = 'x'"
        )
    )
    assert "history_serial_time" in plan and "history_other_serial_time" in plan, plan
    plan = " ".join(
        str(r)
        for r in db.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM history WHERE serial = ? ORDER BY time DESC", ("x",)
        )
    )
    assert "history_serial_time" in plan  # the history of a serial reads an index


def test_migrate_twice_applies_each_step_once(store):
    assert store.migrate() == MIGRATIONS[-1][0]
    db = sqlite3.connect(store.path)
    assert db.execute("SELECT count(*) FROM schema_version").fetchone()[0] == len(MIGRATIONS)


def test_a_file_from_a_newer_version_is_refused(store):
    db = sqlite3.connect(store.path)
    db.execute("INSERT INTO schema_version VALUES (99, 'later')")
    db.commit()
    with pytest.raises(StoreError, match="newer License Desk"):
        SqliteStore(store.path).migrate()


def test_round_trip(store):
    checks.check_round_trip(store)


def test_complete_by_id(store):
    checks.check_complete_by_id(store)


def test_filters(store):
    checks.check_filters(store)


def test_import_adds_no_duplicates(store):
    checks.check_import_no_duplicates(store)


def test_an_action_of_a_newer_desk_is_read(store):
    checks.check_an_action_of_a_newer_desk_is_read(store)


def test_a_damaged_file_is_a_sentence(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError) as caught:
        SqliteStore(path).migrate()
    assert str(path) in caught.value.sentence
    assert "not a database" in caught.value.sentence


def test_a_folder_that_cannot_be_made_is_a_sentence(tmp_path):
    (tmp_path / "file").write_text("in the way")
    with pytest.raises(StoreError, match="cannot be opened"):
        SqliteStore(tmp_path / "file" / "history.sqlite3").migrate()


def test_reads_make_each_entry_when_first_looked_at(store):
    items = [checks.entry(time=checks.T0 + checks.timedelta(minutes=i)) for i in range(4)]
    store.import_entries(items)
    got = store.history(checks.SERIAL)
    assert len(got) == 4 and got._made == [None] * 4  # nothing made yet
    assert got[1] == items[2] and got[-1] == items[0]
    assert got[1] is got[1]  # made once
    assert got[1:3] == [items[2], items[1]]
    assert got == list(reversed(items))
