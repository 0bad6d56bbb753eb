"""``licensedesk-cli history use postgresql://…`` / ``history use local`` against a real
PostgreSQL, the real command in a child process: the password from
``$LICENSEDESK_HISTORY_PASSWORD``, a hidden prompt on a terminal or the OS keyring, never
the command line; the connection checked before anything is saved; a change made
afterwards lands in the team database."""

from __future__ import annotations

import json
import os

import pytest

from tests.support.net import free_port

from .child import ChildCli, first_active
from .terminal import run_in_terminal

REAL_KEYRING = os.environ.get("LICENSEDESK_TEST_REAL_KEYRING") == "1"
NO_KEYRING = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


@pytest.fixture
def child(sandbox, tmp_path):
    cli = ChildCli(sandbox, tmp_path)
    cli.env.pop("LICENSEDESK_HISTORY_PASSWORD", None)
    return cli


@pytest.fixture
def real_keyring():
    """The session's Secret Service (scripts/run-tests.sh); the team entry removed after."""
    if not REAL_KEYRING:
        pytest.skip("no real Secret Service session (scripts/run-tests.sh starts one)")
    from licensedesk.profiles import SecretStore
    from licensedesk.storage.settings import KEYRING_ENTRY

    SecretStore().delete_named(KEYRING_ENTRY)
    yield SecretStore
    SecretStore().delete_named(KEYRING_ENTRY)


def settings_file(cli: ChildCli):
    path = cli.config / "history.json"
    return json.loads(path.read_text()) if path.exists() else None


def no_secret_in_files(cli: ChildCli, secret: str) -> None:
    for folder in (cli.config, cli.data):
        for path in folder.rglob("*") if folder.exists() else ():
            if path.is_file():
                assert secret.encode() not in path.read_bytes(), path


def team_rows(team_db) -> list[tuple]:
    with team_db.connect() as db:
        return db.execute("SELECT action, outcome, serial FROM history").fetchall()


def test_a_password_in_the_address_is_refused_and_nothing_kept(child, team_db):
    with_password = team_db.url.replace("desk@", f"desk:{team_db.password}@")
    done = child("history", "use", with_password)
    child.assert_quiet(done)
    assert done.code == 2
    assert "The address holds a password" in done.err and "Nothing was saved." in done.err
    assert team_db.password not in done.out + done.err
    assert settings_file(child) is None
    no_secret_in_files(child, team_db.password)


def test_from_the_variable_without_a_keyring_then_a_change_is_recorded_there(
    child, sandbox, team_db
):
    env = {**NO_KEYRING, "LICENSEDESK_HISTORY_PASSWORD": team_db.password}
    done = child("history", "use", team_db.url, env=env)
    child.assert_quiet(done)
    assert done.code == 0, done.err
    where = team_db.url.removeprefix("postgresql://")
    assert f"Connected to {where}" in done.out
    assert "Changes are recorded in the team database" in done.out
    assert "the password was not kept" in done.err  # no keyring: the variable each time
    assert settings_file(child) == {
        "version": 1,
        "store": "team",
        "team_url": team_db.url,
        "display_name": None,
        "book_days": None,
        "keep_months": None,
    }
    serial = sandbox.serial("perpetual")
    aid = first_active(child, serial)
    done = child("deactivate", str(aid), *child.conn, env=env)
    child.assert_quiet(done)
    assert done.code == 0 and "Warning" not in done.err, done.err
    assert team_rows(team_db) == [("deactivate", "done", None)]
    assert child.activation(serial, aid)["activated"] is False
    no_secret_in_files(child, team_db.password)


def test_a_wrong_password_or_no_server_saves_nothing(child, team_db):
    env = {**NO_KEYRING, "LICENSEDESK_HISTORY_PASSWORD": "not-the-password"}
    done = child("history", "use", team_db.url, env=env)
    child.assert_quiet(done)
    assert done.code == 3
    assert "cannot be reached" in done.err and "Nothing was saved." in done.err
    assert "not-the-password" not in done.err
    unreachable = f"postgresql://desk@127.0.0.1:{free_port()}/x"
    done = child("history", "use", unreachable, env=env)
    assert done.code == 3 and "cannot be reached" in done.err
    assert settings_file(child) is None


def test_the_keyring_keeps_the_password_for_later_commands(child, sandbox, team_db, real_keyring):
    done = child(
        "history", "use", team_db.url, env={"LICENSEDESK_HISTORY_PASSWORD": team_db.password}
    )
    assert done.code == 0, done.err
    assert "not kept" not in done.err
    from licensedesk.storage.settings import KEYRING_ENTRY

    assert real_keyring().get_named(KEYRING_ENTRY) == team_db.password
    serial = sandbox.serial("perpetual")
    aid = first_active(child, serial)
    done = child("deactivate", str(aid), *child.conn)  # no variable: the keyring's
    child.assert_quiet(done)
    assert done.code == 0 and "Warning" not in done.err, done.err
    assert team_rows(team_db) == [("deactivate", "done", None)]
    done = child("history", "use", "local")
    assert done.code == 0 and "this computer's history" in done.out
    assert settings_file(child)["store"] == "local"
    assert settings_file(child)["team_url"] == team_db.url  # kept for the next switch
    no_secret_in_files(child, team_db.password)


def test_a_hidden_prompt_on_a_terminal(child, team_db):
    env = {**child.env, **NO_KEYRING}
    seen = run_in_terminal(
        child.command("history", "use", team_db.url),
        env,
        answer_after="Password of",
        answer=team_db.password,
    )
    assert seen.code == 0, seen.text
    assert "Password of desk@" in seen.text and "Enter for none" in seen.text
    assert team_db.password not in seen.text  # not echoed
    assert settings_file(child)["store"] == "team"


def test_an_interrupted_import_is_one_sentence_and_adds_whole_pages(child, team_db, tmp_path):
    """Ctrl+C while the import waits for the database: psycopg logs "error ignored
    terminating <psycopg.Pipeline [BAD] …>" as it leaves; none of it reaches the user."""
    import signal
    import subprocess

    from tests.support.waiting import default_sigint, wait_for
    from tests.unit.history.checks import entry

    env = {**NO_KEYRING, "LICENSEDESK_HISTORY_PASSWORD": team_db.password}
    assert child("history", "use", team_db.url, env=env).code == 0
    small, big = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    small.write_text(entry().to_json() + "\n")
    big.write_text("".join(entry().to_json() + "\n" for _ in range(300)))
    assert child("history", "import", str(small), env=env).code == 0  # the table is made
    with team_db.connect() as admin:
        admin.execute("BEGIN")
        admin.execute("LOCK TABLE history IN ACCESS EXCLUSIVE MODE")  # the import waits
        proc = subprocess.Popen(
            default_sigint(child.command("history", "import", str(big))),
            env={**child.env, **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        with team_db.connect() as watcher:
            wait_for(
                lambda: (
                    watcher.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE application_name = "
                        "'licensedesk' AND wait_event_type = 'Lock'"
                    ).fetchone()[0]
                    > 0
                ),
                what="the import waiting for the lock",
                proc=proc,
            )
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=60)
        admin.execute("ROLLBACK")
    assert proc.returncode == 130, err
    assert "psycopg" not in err and "error ignored" not in err and "Traceback" not in err, err
    assert err.strip() == (
        "Error: Import interrupted: 0 entries were added; importing the file "
        "again adds only what is missing."
    ), err
    assert len(team_rows(team_db)) == 1  # none of the 300: a page is added whole or not
    done = child("history", "import", str(big), env=env)
    assert done.code == 0 and "300 added, 0 already there" in done.out


def test_a_connection_lost_during_an_import_is_our_sentence_only(child, team_db, tmp_path):
    """The server ends the import's session while it waits (a restart, an administrator):
    psycopg logs "error ignored terminating <psycopg.Pipeline [BAD] …>" as it leaves the
    pipeline; the user reads our sentence only, and nothing was added."""
    import subprocess

    from tests.support.waiting import wait_for
    from tests.unit.history.checks import entry

    env = {**NO_KEYRING, "LICENSEDESK_HISTORY_PASSWORD": team_db.password}
    assert child("history", "use", team_db.url, env=env).code == 0
    small, big = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    small.write_text(entry().to_json() + "\n")
    big.write_text("".join(entry().to_json() + "\n" for _ in range(300)))
    assert child("history", "import", str(small), env=env).code == 0
    waiting = (
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'licensedesk' "
        "AND wait_event_type = 'Lock'"
    )
    with team_db.connect() as admin:
        admin.execute("BEGIN")
        admin.execute("LOCK TABLE history IN ACCESS EXCLUSIVE MODE")
        proc = subprocess.Popen(
            child.command("history", "import", str(big)),
            env={**child.env, **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        with team_db.connect() as watcher:
            wait_for(
                lambda: watcher.execute(waiting).fetchone() is not None,
                what="the import waiting for the lock",
                proc=proc,
            )
            pid = watcher.execute(waiting).fetchone()[0]
            watcher.execute("SELECT pg_terminate_backend(%s)", (pid,))
        _out, err = proc.communicate(timeout=60)
        admin.execute("ROLLBACK")
    assert proc.returncode == 3, err
    assert "psycopg" not in err and "error ignored" not in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1 and "cannot be reached" in err, err
    assert len(team_rows(team_db)) == 1


def test_what_psycopg_logs_never_reaches_the_command_line_s_stderr(child):
    """What psycopg says as it leaves a broken pipeline (its logger; the moment it happens
    depends on when Ctrl+C lands, so here it is said directly) is not printed raw."""
    import subprocess
    import sys

    code = "\n".join(
        [
            "import logging",
            "import licensedesk.history.postgres_store",
            "logging.getLogger('psycopg').warning('error ignored terminating %s: %s',",
            "                                     '<psycopg.Pipeline [BAD]>', 'pipeline aborted')",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=child.env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
