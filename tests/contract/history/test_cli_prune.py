"""``history prune``: the entries older than the months kept go to a file, then leave the
store, in one step, on both stores; it asks first (``--yes`` without a terminal), and the
months come from ``--older-than``, ``--before`` or the settings (``history use …
--keep-months``)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from licensedesk.cli import main
from licensedesk.history import HistorySettings, load_settings, save_settings
from licensedesk.history.postgres_store import PostgresStore
from licensedesk.history.retention import cutoff, months_before
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.storage.settings import local_history_path
from tests.unit.history.checks import entry

AGES = (400, 300, 10)  # days: two older than 6 months, one within


def _seed(store) -> list[str]:
    now = datetime.now(UTC)
    made = [entry(time=now - timedelta(days=days), outcome="done") for days in AGES]
    store.migrate()
    store.import_entries(made)
    return [e.id for e in made]


@pytest.fixture(params=["local", "team"])
def store(request, folders, monkeypatch):
    """An open, migrated store of the kind the settings name, with three entries."""
    if request.param == "local":
        opened = SqliteStore(local_history_path())
    else:
        team_db = request.getfixturevalue("team_db")
        request.getfixturevalue("memory_keyring")
        monkeypatch.setenv("LICENSEDESK_HISTORY_PASSWORD", team_db.password)
        save_settings(HistorySettings(store="team", team_url=team_db.url))
        opened = PostgresStore(team_db.url, password=team_db.password)
    opened.ids = _seed(opened)
    yield opened
    opened.close()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_prune_writes_the_older_entries_then_removes_them(store, capsys, tmp_path):
    target = tmp_path / "old.jsonl"
    code, out, err = run(
        capsys, "history", "prune", "--older-than", "6", "--yes", str(target), "--json"
    )
    assert code == 0, err
    said = json.loads(out)
    assert (said["exported"], said["removed"], said["file"]) == (2, 2, str(target))
    written = [json.loads(line)["id"] for line in target.read_text().splitlines()]
    assert written == store.ids[:2]  # oldest first
    assert [e.id for e in store.export()] == store.ids[2:]
    code, out, _ = run(capsys, "history", "import", str(target))  # they come back whole
    assert code == 0 and "2 added" in out


def test_prune_asks_first_and_without_a_terminal_changes_nothing(store, capsys, tmp_path):
    target = tmp_path / "old.jsonl"
    code, _, err = run(capsys, "history", "prune", "--older-than", "6", str(target))
    assert code == 2
    assert "Write 2 entries older than" in err and "Add --yes" in err
    assert not target.exists() and len(list(store.export())) == 3


def test_the_months_kept_come_from_the_settings(folders, capsys, tmp_path):
    store = SqliteStore(local_history_path())
    ids = _seed(store)
    code, _, err = run(capsys, "history", "prune", "--yes", str(tmp_path / "x.jsonl"))
    assert code == 2 and "keeps its entries for ever" in err
    code, _, err = run(capsys, "history", "use", "local", "--keep-months", "12")
    assert code == 0, err
    assert load_settings().keep_months == 12
    code, out, err = run(capsys, "history", "prune", "--yes", str(tmp_path / "x.jsonl"))
    assert code == 0 and "Wrote 1 entry older than" in out, err
    assert [e.id for e in store.export()] == ids[1:]
    code, _, err = run(capsys, "history", "use", "local", "--keep-months", "0.5")
    assert code == 2 and "Give a number of months or 'forever'" in err
    store.close()


def test_nothing_older_removes_nothing(folders, capsys, tmp_path):
    store = SqliteStore(local_history_path())
    _seed(store)
    code, out, _ = run(
        capsys, "history", "prune", "--before", "2000-01-01", "--yes", str(tmp_path / "x.jsonl")
    )
    assert code == 0 and "nothing was removed" in out
    assert not (tmp_path / "x.jsonl").exists() and len(list(store.export())) == 3
    store.close()


@pytest.mark.parametrize(
    ("day", "months", "expected"),
    [
        ("2027-03-31", 1, "2027-02-28"),
        ("2028-03-31", 1, "2028-02-29"),
        ("2027-01-15", 1, "2026-12-15"),
        ("2027-05-10", 24, "2025-05-10"),
    ],
)
def test_months_are_calendar_months(day, months, expected):
    from datetime import date

    assert months_before(date.fromisoformat(day), months).isoformat() == expected
    start = cutoff(months, date.fromisoformat(day)).astimezone()
    assert start.date().isoformat() == expected
