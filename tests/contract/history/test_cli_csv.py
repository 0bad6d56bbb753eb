"""``history export --csv`` (or a ``.csv`` name): the History window's columns, made from
the stored rows: keys and times as stored, the words as the command line says them, a
stranger's text guarded against spreadsheet formulas; on both stores."""

from __future__ import annotations

import csv
import io

import pytest

from licensedesk.cli import main
from licensedesk.history import HistorySettings, save_settings
from licensedesk.history.postgres_store import PostgresStore
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.history.store import local_history_path
from tests.unit.history.checks import T0, entry


@pytest.fixture(params=["local", "team"])
def store(request, folders, monkeypatch):
    if request.param == "local":
        opened = SqliteStore(local_history_path())
    else:
        team_db = request.getfixturevalue("team_db")
        request.getfixturevalue("memory_keyring")
        monkeypatch.setenv("LICENSEDESK_HISTORY_PASSWORD", team_db.password)
        save_settings(HistorySettings(store="team", team_url=team_db.url))
        opened = PostgresStore(team_db.url, password=team_db.password)
    opened.migrate()
    yield opened
    opened.close()


def test_the_csv_has_the_windows_columns_and_guards_text(store, capsys, tmp_path):
    from licensedesk.ui.history.export import COLUMNS

    store.import_entries(
        [
            entry(
                time=T0,
                outcome="refused",
                detail="=HYPERLINK(1)",
                activation_ids=(8, 9),
                display_name="Ana",
                before={"id": 8},
            ),
            entry(
                time=T0.replace(hour=10),
                action="batch_check",
                serial=None,
                outcome="done",
                counts={"serials": 2, "active": 2},
            ),
        ]
    )
    target = tmp_path / "all.csv"
    assert main(["history", "export", str(target)]) == 0
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert list(rows[0]) == list(COLUMNS)
    first, second = rows
    assert first["detail"] == "'=HYPERLINK(1)" and first["activation_ids"] == "8 9"
    assert first["what"] == "deactivate 8, 9" and first["outcome"] == "refused"
    assert first["outcome_words"] == "refused: =HYPERLINK(1)"
    assert first["display_name"] == "Ana" and '"id"' in first["before"]
    assert second["what"] in (
        "batch_check (serials 2, active 2)",
        "batch_check (active 2, serials 2)",
    )  # jsonb orders keys its way
    assert second["serial"] == ""
    capsys.readouterr()
    assert main(["history", "export", "--csv", "-"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == ",".join(COLUMNS)
