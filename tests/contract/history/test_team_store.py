"""The team store on a real PostgreSQL server: the same behaviour as the local file, the
password from the keyring only, the recorder off the event loop, reconnection."""

from __future__ import annotations

import logging
import threading

import pytest

from licensedesk.history import (
    ACTIONS,
    HistorySettings,
    Recorder,
    StoreError,
    load_settings,
    save_settings,
    set_team_url,
)
from licensedesk.history.postgres_store import MIGRATIONS, PostgresStore
from licensedesk.history.transfer import export_lines
from licensedesk.profiles import SecretStore
from licensedesk.storage.settings import KEYRING_ENTRY, team_password
from tests.support.aio import run_async
from tests.unit.history import checks
from tests.unit.history.checks import SERIAL


@pytest.fixture
def store(team_db):
    opened = PostgresStore(team_db.url, password=team_db.password)
    opened.migrate()
    yield opened
    opened.close()


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


def test_schema_is_versioned_and_migrated_once(store, team_db):
    assert store.migrate() == MIGRATIONS[-1][0]
    with team_db.connect() as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,), (2,)]
        plan = "\n".join(
            r[0]
            for r in db.execute(
                "EXPLAIN SELECT * FROM history WHERE serial = 'x' ORDER BY time DESC"
            )
        )
        db.execute("SET enable_seqscan = off")  # an empty table: ask whether it *can*
        either = "\n".join(
            r[0]
            for r in db.execute(
                "EXPLAIN SELECT * FROM history WHERE serial = 'x' OR other_serial = 'x'"
            )
        )
    assert "history_serial_time" in plan
    assert "history_other_serial_time" in either  # an upgrade under its target: indexed


def test_a_wrong_password_is_a_sentence_without_it(team_db):
    with pytest.raises(StoreError) as caught:
        PostgresStore(team_db.url, password="wrong-canary-password").migrate()
    assert caught.value.network
    assert "password authentication failed" in caught.value.sentence
    assert "wrong-canary-password" not in caught.value.sentence


def recorder_for(team_db, **kwargs) -> Recorder:
    return Recorder(lambda: _opened(team_db), **kwargs)


def _opened(team_db) -> PostgresStore:
    store = PostgresStore(team_db.url, password=team_db.password)
    store.migrate()
    return store


def test_every_action_writes_intent_then_outcome(team_db):
    recorder = recorder_for(team_db)
    other_desk = PostgresStore(team_db.admin_url)
    seen = {}

    async def main():
        for action in ACTIONS:
            async with recorder.record(action, serial=SERIAL, activation_ids=[1]) as rec:
                seen[action] = other_desk.get(rec.id).outcome  # committed before "sending"
        return await recorder.history(SERIAL)

    entries = run_async(main())
    recorder.close()
    assert seen == dict.fromkeys(ACTIONS, "pending")
    assert sorted(e.action for e in entries) == sorted(ACTIONS)
    assert {e.outcome for e in other_desk.history(SERIAL)} == {"done"}
    other_desk.close()
    assert recorder.problem is None


def test_password_lives_in_the_keyring_only(team_db, folders, memory_keyring, caplog):
    caplog.set_level(logging.DEBUG)
    secrets = SecretStore()
    with_password = team_db.url.replace("desk@", f"desk:{team_db.password}@")
    url = set_team_url(with_password, secrets)
    assert url == team_db.url
    assert team_password(secrets) == team_db.password
    assert memory_keyring.entries == {("licensedesk", KEYRING_ENTRY): team_db.password}
    path = save_settings(HistorySettings(store="team", team_url=url, display_name="Ana"))
    assert team_db.password not in path.read_text()
    recorder = Recorder.from_settings(load_settings(), secrets=SecretStore())

    async def main():
        async with recorder.record(
            "activate", serial=SERIAL, before={"note": f"pw {team_db.password}"}
        ):
            pass
        return await recorder.history(SERIAL)

    (entry,) = run_async(main())
    recorder.close()
    assert recorder.problem is None and entry.display_name == "Ana"
    exported = "\n".join(export_lines([entry]))
    assert team_db.password not in exported
    assert team_db.password not in caplog.text
    with team_db.connect() as db:
        dump = str(db.execute("SELECT history::text FROM history").fetchall())
    assert team_db.password not in dump


def test_a_password_in_the_settings_is_refused():
    with pytest.raises(ValueError, match="holds a password"):
        HistorySettings(store="team", team_url="postgresql://desk:pw@db.example.com/x")


def test_a_slow_server_does_not_hold_the_action(team_db):
    """A write waiting on a lock held by another session: the action goes ahead after
    ``wait``; the entry is written, intent then outcome, once the lock goes."""
    recorder = recorder_for(team_db, wait=0.05)
    run_async(_one(recorder, "activate"))
    # the worker has connected and made the schema: a read queued after the write waits for
    # it (the action itself went ahead after 50 ms, a loaded machine's start-up or not)
    assert [e.action for e in run_async(recorder.history(SERIAL))] == ["activate"]
    blocker = team_db.connect()
    blocker.autocommit = False
    blocker.execute("LOCK TABLE history IN ACCESS EXCLUSIVE MODE")
    result = {}
    action = threading.Thread(
        target=lambda: result.update(changed=run_async(_one(recorder, "delete")))
    )
    action.start()
    action.join(timeout=30)  # a bound, not a pause: it returns as soon as the action ends
    finished_while_locked = not action.is_alive()
    blocker.rollback()
    blocker.close()
    action.join()
    assert finished_while_locked and result["changed"] == "changed"
    assert recorder.close(timeout=30)
    check = PostgresStore(team_db.admin_url)
    assert [(e.action, e.outcome) for e in check.history(SERIAL)] == [
        ("delete", "done"),
        ("activate", "done"),
    ]
    check.close()
    assert recorder.problem is None


async def _one(recorder: Recorder, action: str) -> str:
    async with recorder.record(action, serial=SERIAL):
        return "changed"


def test_a_dropped_connection_is_opened_again(team_db):
    recorder = recorder_for(team_db)
    run_async(_one(recorder, "activate"))
    with team_db.connect() as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = 'licensedesk' AND pid <> pg_backend_pid()"
        )
    run_async(_one(recorder, "deactivate"))
    recorder.close()
    check = PostgresStore(team_db.admin_url)
    assert [e.action for e in check.history(SERIAL)] == ["deactivate", "activate"]
    check.close()
    assert recorder.problem is None


def test_an_unreachable_server_is_said_once(pg_server):
    from tests.support.net import free_port

    url = f"postgresql://desk@127.0.0.1:{free_port()}/nowhere"
    told = []
    recorder = Recorder(lambda: _migrated(url), on_problem=told.append)

    async def main():
        return [await _one(recorder, a) for a in ("activate", "deactivate", "delete")]

    assert run_async(main()) == ["changed"] * 3
    recorder.close()
    assert len(told) == 1
    assert told[0].startswith(
        "The history is not being recorded: the team database desk@127.0.0.1:"
    )
    assert "cannot be reached" in told[0]


def _migrated(url: str) -> PostgresStore:
    store = PostgresStore(url, connect_timeout=2)
    try:
        store.migrate()
    except BaseException:
        store.close()
        raise
    return store


def test_test_connection_changes_nothing_and_says_what_it_found(team_db):
    from licensedesk.history import team_check

    empty = team_check.test_connection(team_db.url, team_db.password)
    assert empty.ok and "will be created on first use" in empty.sentence
    with team_db.connect() as db:
        assert db.execute("SELECT to_regclass('history')").fetchone() == (None,)
    _opened(team_db).close()
    ready = team_check.test_connection(team_db.url, team_db.password)
    assert ready.ok and "the history holds 0 entries" in ready.sentence
    wrong = team_check.test_connection(team_db.url, "not-the-password")
    assert not wrong.ok and "password authentication failed" in wrong.sentence
    refused = team_check.test_connection("postgresql://desk:pw@db/x")
    assert not refused.ok and "holds a password" in refused.sentence


def test_a_schema_of_its_own_through_the_address(team_db):
    """A team may keep the history in a schema of a shared database (``?options=``)."""
    with team_db.connect() as db:
        db.execute("CREATE SCHEMA ld AUTHORIZATION desk")
    url = team_db.url + "?options=-csearch_path%3Dld"
    store = PostgresStore(url, password=team_db.password)
    store.migrate()
    store.write(checks.entry())
    (entry,) = store.history(SERIAL)
    store.close()
    assert entry.time.utcoffset().total_seconds() == 0
    with team_db.connect() as db:
        assert db.execute("SELECT count(*) FROM ld.history").fetchone() == (1,)


def test_an_import_adds_each_id_once(store):
    """A page with an entry twice and one already stored: each id added once."""
    items = [checks.entry(time=checks.T0 + checks.timedelta(minutes=i)) for i in range(6)]
    assert store.import_entries(items[:2]) == 2
    assert store.import_entries([*items, items[4]]) == 4
    assert store.import_entries(items) == 0
    assert checks.ids(store.export()) == checks.ids(items)
