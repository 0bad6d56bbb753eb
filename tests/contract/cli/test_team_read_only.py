"""A team database whose user may read but not write, through the real command line in
child processes against a real PostgreSQL: ``history use`` says what the user may do
before it says yes, a desk that only reads works once another desk set the tables up
(nothing is set up or migrated for it), and what it cannot write is said once."""

from __future__ import annotations

import json

import pytest

from .child import ChildCli

NO_KEYRING = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def reader_of(team_db) -> str:
    """A role that may log in, use the schema and SELECT, nothing more; its address."""
    role = f"reader_{team_db.name}"
    with team_db.connect() as db:
        db.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")  # as PostgreSQL 15 on
        db.execute(f"CREATE ROLE {role} LOGIN")
        db.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
        db.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    return team_db.server.url(team_db.name, user=role)


@pytest.fixture
def writer(sandbox, tmp_path, team_db):
    """The desk that set the team database up (its owner), having looked up two licences
    and deactivated a device."""
    (tmp_path / "writer").mkdir()
    cli = ChildCli(sandbox, tmp_path / "writer")
    cli.env.update(NO_KEYRING, LICENSEDESK_HISTORY_PASSWORD=team_db.password)
    assert cli("history", "use", team_db.url).code == 0
    for kind in ("perpetual", "subscription_active"):
        assert cli("show", sandbox.serial(kind), *cli.conn).code == 0
    devices = json.loads(cli("--json", "activations", sandbox.serial("perpetual"), *cli.conn).out)
    aid = next(d["id"] for d in devices if d["activated"])
    done = cli("deactivate", str(aid), *cli.conn)
    assert done.code == 0 and done.err == "", done.err
    return cli


@pytest.fixture
def reader(sandbox, tmp_path):
    (tmp_path / "reader").mkdir()
    cli = ChildCli(sandbox, tmp_path / "reader")
    cli.env.update(NO_KEYRING)
    cli.env.pop("LICENSEDESK_HISTORY_PASSWORD", None)
    return cli


def test_history_use_says_the_user_may_read_but_not_write(writer, reader, team_db):
    url = reader_of(team_db)
    done = reader("history", "use", url)
    reader.assert_quiet(done)
    assert done.code == 0, done.err
    assert "the history holds 1 entry." in done.out
    assert (
        "This user may read the history and the licence book but not write them: changes "
        "made here are not recorded, licences looked up here are not kept." in done.out
    )
    assert "Changes are recorded" not in done.out
    assert "find, history, expiring and timeline read it" in done.out
    said = json.loads(reader("--json", "history", "use", url).out)
    assert (said["records"], said["keeps"]) == (False, False)


def test_a_read_only_desk_finds_lists_and_says_once_what_it_cannot_write(
    writer, reader, sandbox, team_db
):
    assert reader("history", "use", reader_of(team_db)).code == 0
    # a retention: applied when the book opens, by the desks that may delete
    assert reader("book", "retention", "3650").code == 0
    mark = len(team_db.server.log_text())
    perpetual, subscription = sandbox.serial("perpetual"), sandbox.serial("subscription_active")
    found = reader("find", "jensen", "--json")
    reader.assert_quiet(found)
    assert found.code == 0, found.err
    assert [row["serial"] for row in json.loads(found.out)] == [perpetual]
    listed = reader("history", "--json")
    assert listed.code == 0, listed.err
    assert [json.loads(line)["action"] for line in listed.out.splitlines()] == ["deactivate"]
    ending = reader("expiring", "--within", "3650", "--json")
    assert ending.code == 0, ending.err
    assert [row["serial"] for row in json.loads(ending.out)] == [subscription]
    log = team_db.server.log_text()[mark:]  # nothing was set up, nor tried, by the reader
    assert "ERROR" not in log, log

    shown = reader("show", perpetual, *reader.conn)
    reader.assert_quiet(shown)
    assert shown.code == 0 and "Maria Jensen" in shown.out
    assert len(shown.err_lines) == 1, shown.err
    assert shown.err_lines[0].startswith("Warning: The licence book is not being kept: ")
    assert "permission denied" in shown.err

    devices = json.loads(reader("--json", "activations", perpetual, *reader.conn).out)
    aid = next(d["id"] for d in devices if not d["activated"])
    changed = reader("activate", str(aid), *reader.conn)
    reader.assert_quiet(changed)
    assert changed.code == 0, changed.err  # the change is made; its record could not be
    said = [line for line in changed.err_lines if "history is not being recorded" in line]
    assert len(said) == 1 and "permission denied" in said[0], changed.err


def test_a_user_that_may_not_create_the_missing_tables_is_refused(reader, team_db):
    url = reader_of(team_db)  # an empty database
    done = reader("history", "use", url)
    reader.assert_quiet(done)
    assert done.code == 1
    assert "the history table is not there and this user may not create it" in done.err
    assert "Nothing was saved." in done.err
    assert not (reader.config / "history.json").exists()


def test_a_history_without_the_book_and_a_user_that_may_not_make_it_is_refused(reader, team_db):
    from licensedesk.history.postgres_store import PostgresStore

    older = PostgresStore(team_db.url, password=team_db.password)  # a desk without the book
    older.migrate()
    older.close()
    done = reader("history", "use", reader_of(team_db))
    reader.assert_quiet(done)
    assert done.code == 1
    assert "the licence book's tables are not there and this user may not create them" in (done.err)
    assert not (reader.config / "history.json").exists()
