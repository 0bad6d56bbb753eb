"""``licensedesk-cli history``: list, filter, JSON lines, export from the local file and
import into the team database twice without duplicates; exit codes; no key or password
in any output or file."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from licensedesk.cli import main
from licensedesk.history import HistorySettings, Recorder, local_history_path, save_settings
from licensedesk.history.postgres_store import PostgresStore
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.profiles import SecretStore
from licensedesk.storage.settings import KEYRING_ENTRY
from tests.support.aio import run_async
from tests.unit.history.checks import OTHER, SERIAL, T0, entry

CANARY = "sk_canary_0f1e2d3c4b5a69788796a5b4c3d2e1f0"


@pytest.fixture
def run(capsys, folders):
    outputs = []

    def cli(*argv: str):
        capsys.readouterr()
        code = main(list(argv))
        out, err = capsys.readouterr()
        outputs.extend([out, err])
        assert "Traceback" not in err
        return code, out, err

    cli.outputs = outputs
    return cli


def _record_locally(n: int = 3) -> None:
    recorder = Recorder.from_settings(HistorySettings(), display_name="Ana")
    recorder.use_connection("prod", f"https://h.example.com/v2?api_key={CANARY}")

    async def main_():
        for i in range(n):
            async with recorder.record(
                "deactivate", serial=SERIAL, activation_ids=[i], before={"api_key": CANARY, "id": i}
            ) as rec:
                rec.done(f"Activation successfully updated. (GET /x?api_key={CANARY})")

    run_async(main_())
    assert recorder.close() and recorder.problem is None


def test_list_filters_and_json_lines(run):
    _record_locally(3)
    code, out, _ = run("history", SERIAL.lower().replace("-", ""))  # normalised like elsewhere
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["WHEN", "WHO", "WHAT", "OUTCOME"]
    assert "deactivate 2" in lines[1] and "Ana (" in lines[1]  # newest first
    assert "done: Activation successfully updated." in lines[1]
    code, out, _ = run("history", SERIAL, "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["activation_ids"] for r in rows] == [[2], [1], [0]]
    assert rows[0]["service"] == "https://h.example.com"
    code, out, _ = run("history", "--action", "delete")
    assert (code, out.strip()) == (0, "No history matches.")
    code, out, _ = run("history", OTHER)
    assert (code, out.strip()) == (0, f"No history for {OTHER}.")
    code, out, _ = run("history", "--since", "2999-01-01", "--json")
    assert (code, out) == (0, "")
    assert not any(CANARY in text for text in run.outputs)


def test_until_a_day_ends_at_the_next_local_midnight_also_on_a_23_hour_day(run, zone):
    """28 March 2027 has 23 hours in Berlin: ``--until`` that day and ``--since`` the next
    split the entries at local midnight, none in both and none in neither."""
    zone("Europe/Berlin")
    late = entry(time=datetime(2027, 3, 28, 21, 30, tzinfo=UTC), outcome="done")  # 23:30
    early = entry(time=datetime(2027, 3, 28, 22, 30, tzinfo=UTC), outcome="done")  # 00:30
    store = SqliteStore(local_history_path())
    try:
        store.migrate()
        store.write(late)
        store.write(early)
    finally:
        store.close()

    def ids(*argv: str) -> list[str]:
        code, out, _ = run("history", *argv, "--json")
        assert code == 0
        return [json.loads(line)["id"] for line in out.splitlines()]

    assert ids("--until", "2027-03-28") == [late.id]
    assert ids("--since", "2027-03-29") == [early.id]
    assert ids("--since", "2027-03-28", "--until", "2027-03-28") == [late.id]


@pytest.mark.parametrize(
    "argv, words",
    [
        (("history", "--action", "explode"), "Unknown action"),
        (("history", "--since", "last week"), "is not a date"),
        (("history", "NOT-A-SERIAL"), "serial"),
        (("history", "import"), "usage"),
        (("history", "import", "/nonexistent/file.jsonl"), "cannot be read"),
        (("history", "--store", "team"), "No team database is set"),
    ],
)
def test_usage_errors_exit_2(run, argv, words):
    code, _, err = run(*argv)
    assert code == 2
    assert words in err


def test_a_damaged_local_file_exits_2(run, folders):
    (folders / "data").mkdir()
    (folders / "data" / "history.sqlite3").write_bytes(b"garbage" * 100)
    code, _, err = run("history")
    assert code == 2 and "cannot be" in err and "history.sqlite3" in err


def test_export_local_then_import_into_team_twice(run, folders, team_db, memory_keyring):
    _record_locally(3)
    target = folders / "mine.jsonl"
    code, _, err = run("history", "export", str(target))
    assert (code, err.strip()) == (0, f"Exported 3 entries to {target}.")
    exported = [json.loads(line) for line in target.read_text().splitlines()]
    assert [e["activation_ids"] for e in exported] == [[0], [1], [2]]  # oldest first
    SecretStore().set_named(KEYRING_ENTRY, team_db.password)
    save_settings(HistorySettings(store="team", team_url=team_db.url))
    # another desk already wrote to the team database
    other = PostgresStore(team_db.url, password=team_db.password)
    other.migrate()
    other.write(entry(user="bo", time=T0 + timedelta(days=400)))
    code, out, err = run("history", "import", str(target))
    said = f"Read 3 entries from {target}: 3 added, 0 already there."
    assert (code, out.strip(), err) == (0, said, "")
    code, out, _ = run("history", "import", str(target), "--json")
    assert json.loads(out) == {"read": 3, "added": 0, "already_there": 3}
    assert other.count() == 4
    other.close()
    code, out, _ = run("history", SERIAL)  # the team's view: both desks
    assert code == 0 and len(out.splitlines()) == 5 and "bo@desk-1" in out
    code, out, _ = run("history", "export", "--store", "local")  # the local file still there
    assert code == 0 and len(out.splitlines()) == 3
    everything = "\n".join(run.outputs) + target.read_text()
    for secret in (CANARY, team_db.password):
        assert secret not in everything
        for path in folders.rglob("*"):
            if path.is_file():
                assert secret.encode() not in path.read_bytes(), path


def test_an_import_file_with_a_bad_line_changes_nothing(run, folders):
    good = entry().to_json()
    path = folders / "bad.jsonl"
    path.write_text(good + '\n{"id": "x"}\n')
    code, _, err = run("history", "import", str(path))
    assert code == 2 and "Line 2 of" in err
    code, out, _ = run("history", "--json")
    assert (code, out) == (0, "")


def test_an_unreachable_team_database_exits_3(run, folders, memory_keyring):
    from tests.support.net import free_port

    save_settings(
        HistorySettings(store="team", team_url=f"postgresql://desk@127.0.0.1:{free_port()}/x")
    )
    code, _, err = run("history")
    assert code == 3
    assert "The team database desk@127.0.0.1:" in err and "cannot be reached" in err


def test_help_imports_neither_the_history_nor_psycopg():
    import subprocess
    import sys

    code = "\n".join(
        [
            "import sys",
            "from licensedesk.cli import main",
            "assert main(['history', '--help']) == 0",
            "heavy = ('psycopg', 'licensedesk.history', 'sqlite3', 'httpx', 'keyring',",
            "         'licensedesk.api')",
            "print(sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "history export [--since DATE] [--until DATE] [--csv] [FILE|-]" in done.stdout
    assert done.stderr.strip() == "[]"


def test_an_action_of_a_newer_desk_is_listed_by_its_key(run):
    """A team mate's newer License Desk recorded an action this one does not know."""
    _record_locally(1)
    store = SqliteStore(local_history_path())
    store.execute_write("UPDATE history SET action = 'archive', outcome = 'queued'", [])
    store.close()
    code, out, _ = run("history", SERIAL)
    assert code == 0 and "archive" in out.splitlines()[1] and "queued" in out.splitlines()[1]
    code, out, _ = run("history", SERIAL, "--json")
    assert code == 0 and json.loads(out.splitlines()[0])["action"] == "archive"
