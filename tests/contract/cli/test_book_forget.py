"""``licensedesk-cli book forget``, the real command in a child process: what it says it
erased is gone from every file the desk writes, also while another program (the window)
has the history file open, and from a team database's table files (a real PostgreSQL,
tests/support/postgres_fixtures.py); what it cannot remove it says."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from .child import ChildCli

#: the sandbox's "subscription_active" licensee, as the service has her
NAME, EMAIL = "Tomás Herrera", "t.herrera@example.org"
HERS = (b"herrera", "tomás".encode())  # looked for in lower-cased bytes
NOT_REACHED = "Not erased, out of the desk's reach: exports already written"


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


def holding(files: list[tuple[str, Path]], needles: tuple[bytes, ...]) -> list[str]:
    """The files (named) whose bytes, lower-cased, hold one of ``needles``."""
    return [
        f"{name} ({path.name}): {needle!r}"
        for name, path in files
        if path.is_file()
        for needle in needles
        if needle in path.read_bytes().lower()
    ]


def test_nothing_is_left_in_the_data_folder_while_the_window_has_the_file_open(sandbox, child):
    """The window keeps its book on a connection of its own, open all along: what it
    wrote sits in the write-ahead log, which its open connection keeps from being
    removed when the command ends."""
    from licensedesk.book.sighting import Sighting
    from licensedesk.book.sqlite_book import SqliteBook

    serial = sandbox.serial("subscription_active")
    assert child("show", serial, *child.conn).code == 0
    window = SqliteBook(child.data / "history.sqlite3")
    try:
        window.migrate()
        now = datetime.now(UTC)
        seen = Sighting(serial, sandbox.url, "Ana's", now, licensee=NAME, email=EMAIL)
        window.keep([seen])
        files = lambda: [(p.name, p) for p in child.data.iterdir()]  # noqa: E731 (-wal, -shm)
        assert holding(files(), HERS)

        done = child("book", "forget", EMAIL.upper(), "--yes")
        child.assert_quiet(done)
        assert done.code == 0, done.err
        assert done.out.startswith(
            "Erased: 1 licence record, 0 notes, 0 history entries, 0 changes seen. "
        )
        assert "write-ahead log" not in done.out
        assert NOT_REACHED in done.out
        assert holding(files(), HERS) == []
        assert child("find", "herrera").code == 1
        assert window.find("herrera") == [] and window.count() == 1  # the record stays
    finally:
        window.close()


def test_a_reader_that_keeps_the_log_is_said(sandbox, child):
    serial = sandbox.serial("subscription_active")
    assert child("show", serial, *child.conn).code == 0
    reader = sqlite3.connect(child.data / "history.sqlite3", isolation_level=None)
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM book_licences").fetchone()  # a read in progress
        done = child("book", "forget", NAME, "--yes")
    finally:
        reader.execute("COMMIT")
        reader.close()
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert done.out.startswith(
        "Erased: 1 licence record, 0 notes, 0 history entries, 0 changes seen. "
    )
    assert (
        "Another program is using the history file, so its write-ahead log "
        "(history.sqlite3-wal) still holds the erased text until that program closes it."
    ) in done.out
    assert child("find", "herrera").code == 1


# ---------------------------------------------------------------- a team database


@pytest.fixture
def team_child(child, team_db):
    (child.config / "history.json").write_text(
        json.dumps({"version": 1, "store": "team", "team_url": team_db.url})
    )
    child.env["LICENSEDESK_HISTORY_PASSWORD"] = team_db.password
    child.env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    return child


def table_files(team_db) -> list[tuple[str, Path]]:
    """Every file of the book's and the history's tables: heap, TOAST, indexes (the
    trigram ones too), after a checkpoint has written what the server holds in memory."""
    with team_db.connect() as db:
        db.execute("CHECKPOINT")
        rows = db.execute(
            "WITH mine AS (SELECT oid, reltoastrelid FROM pg_class WHERE relnamespace = "
            "'public'::regnamespace AND relkind = 'r'), "
            "tables AS (SELECT oid FROM mine UNION SELECT reltoastrelid FROM mine "
            "WHERE reltoastrelid <> 0) "
            "SELECT oid::regclass::text, pg_relation_filepath(oid) FROM tables UNION "
            "SELECT indexrelid::regclass::text, pg_relation_filepath(indexrelid) FROM pg_index "
            "WHERE indrelid IN (SELECT oid FROM tables)"
        ).fetchall()
    data = team_db.server.data
    files = []
    for name, path in rows:
        segments = sorted((data / path).parent.glob(Path(path).name + ".[0-9]*"))
        files += [(name, f) for f in (data / path, *segments)]
    return files


def test_a_team_database_keeps_no_copy_of_what_was_erased(sandbox, team_child, team_db):
    """The person's own licence, a teammate's note on another licence that names her,
    and the history of a licence whose registration she once was: all erased, VACUUMed
    from the table files, and no longer found through the trigram index."""
    from licensedesk.book.postgres_book import PostgresBook
    from licensedesk.history import Entry
    from licensedesk.history.model import new_entry_id
    from licensedesk.history.postgres_store import PostgresStore

    child = team_child
    serial, other = sandbox.serial("subscription_active"), sandbox.serial("perpetual")
    for shown in (serial, other):
        assert child("show", shown, *child.conn).code == 0
    teammate = PostgresBook(team_db.url, password=team_db.password)
    history = PostgresStore(team_db.url, password=team_db.password)
    try:
        history.migrate()
        teammate.set_note(other, f"Bills go to {NAME} ({EMAIL})", "bea", datetime.now(UTC))
        history.write(
            Entry(
                id=new_entry_id(),
                time=datetime.now(UTC),
                user="bea",
                machine="m",
                action="register",
                serial="QQQQ-WWWW-EEEE-RRRR-TTTT",
                outcome="done",
                detail=f"Registered; was {NAME}",
                before={"licensee": NAME, "email": EMAIL},
            )
        )
    finally:
        teammate.close()
        history.close()
    assert holding(table_files(team_db), HERS)

    done = child("book", "forget", EMAIL, "--yes")
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert done.out.startswith(
        "Erased: 1 licence record, 1 note, 1 history entry, 0 changes seen. "
    )
    assert "database's own write-ahead log and archive" in done.out
    assert "old versions" not in done.out  # nothing kept them

    assert holding(table_files(team_db), HERS) == []
    with team_db.connect() as db:
        db.execute("SET enable_seqscan = off")
        through_index = "SELECT id FROM book_licences WHERE search LIKE '%herrera%'"
        plan = "\n".join(row[0] for row in db.execute("EXPLAIN " + through_index).fetchall())
        assert "book_search_trgm" in plan
        assert db.execute(through_index).fetchall() == []
    for text in ("herrera", "t.herrera@example"):
        assert child("find", text).code == 1, text
    (row,) = json.loads(child("find", other, "--json").out)
    assert row["note"] == "Bills go to [erased] ([erased])"
    assert "Herrera" not in child("history", "--json").out


def test_a_teammate_still_reading_is_said(sandbox, team_child, team_db):
    """Another desk's open transaction has read the book: its snapshot keeps the old row
    versions, and its lock keeps the table from being written anew (a plain VACUUM after
    a short wait). The command erases and says both."""
    child = team_child
    assert child("show", sandbox.serial("subscription_active"), *child.conn).code == 0
    with team_db.connect() as teammate:
        teammate.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        assert teammate.execute("SELECT count(*) FROM book_licences").fetchone() == (1,)
        done = child("book", "forget", NAME, "--yes")
        teammate.execute("COMMIT")
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert done.out.startswith(
        "Erased: 1 licence record, 0 notes, 0 history entries, 0 changes seen. "
    )
    assert (
        "Another connection was using the team database's tables, so the erased text may "
        "stay in their files' free space until PostgreSQL writes over it."
    ) in done.out
    assert (
        "Other connections to the team database are still reading, so old versions of the "
        "changed rows stay in its files until autovacuum removes them after those end."
    ) in done.out
    assert child("find", "herrera").code == 1
