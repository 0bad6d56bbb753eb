"""``history export --csv`` (or a ``.csv`` name): the History window's columns, made from
the stored rows: keys and times as stored, the words as the command line says them, a
stranger's text guarded against spreadsheet formulas; on both stores."""

from __future__ import annotations

import csv
import io
import json

import pytest

from licensedesk.cli import main
from licensedesk.history import HistorySettings, save_settings
from licensedesk.history.postgres_store import PostgresStore
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.storage.settings import local_history_path
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


def test_the_window_and_the_command_line_write_one_csv(store, tmp_path):
    """The History window's *Export CSV…* and ``history export --csv`` of the same entries
    come from one writer: the same header, quoting and line ends, and the same bytes in
    every cell but the words each surface says its own way (``what``, ``details``: its
    table's words) and the JSON as each reads it (``before``, ``counts``: the same value)."""
    from licensedesk.history import HistoryQuery
    from licensedesk.history.streaming import stream_entries
    from licensedesk.ui.history.export import COLUMNS, export_text

    store.import_entries(
        [
            entry(
                time=T0,
                user="zoë",
                display_name="Ana \x1b[31m",
                outcome="refused",
                detail='=HYPERLINK("x"), said "no"',
                activation_ids=(8, 9),
                product='Studio "Pro", 2',
                before={"id": 8},
            ),
            entry(time=T0.replace(hour=10), action="batch_check", counts={"serials": 40}),
            entry(time=T0.replace(hour=11), machine="-desk", outcome="unknown"),
            entry(time=T0.replace(hour=12), action="note", outcome="done", detail="@call\nback"),
        ]
    )
    entries = list(stream_entries(store, HistoryQuery(), oldest_first=True))
    window = export_text("csv", entries).encode("utf-8")
    target = tmp_path / "cli.csv"
    assert main(["history", "export", "--csv", str(target)]) == 0
    cli = target.read_bytes()

    def rows(data: bytes) -> list[list[str]]:
        return list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))

    window_rows, cli_rows = rows(window), rows(cli)
    assert window_rows[0] == cli_rows[0] == list(COLUMNS)
    assert len(window_rows) == len(cli_rows) == 5
    own = {COLUMNS.index(c) for c in ("what", "details", "before", "counts")}
    for mine, theirs in zip(window_rows[1:], cli_rows[1:], strict=True):
        assert [v for i, v in enumerate(mine) if i not in own] == [
            v for i, v in enumerate(theirs) if i not in own
        ]
        for column in ("before", "counts"):
            i = COLUMNS.index(column)
            assert (json.loads(mine[i]) if mine[i] else None) == (
                json.loads(theirs[i]) if theirs[i] else None
            )
    # the window's rows with the command line's own cells are the command line's bytes
    out = io.StringIO(newline="")
    csv.writer(out).writerows(
        [cli_rows[0]]
        + [
            [theirs[i] if i in own else v for i, v in enumerate(mine)]
            for mine, theirs in zip(window_rows[1:], cli_rows[1:], strict=True)
        ]
    )
    assert out.getvalue().encode("utf-8") == cli
    assert window.startswith(b"time,user,") and window.endswith(b"\r\n")


def test_the_list_in_csv_is_the_exports_csv_newest_first(store, capsys):
    """``history [SERIAL] --csv``: the list as the export's CSV, in the list's order (it
    printed the table before, --csv unheard); ``--json --csv`` is refused."""
    from licensedesk.ui.history.export import COLUMNS

    store.import_entries(
        [
            entry(time=T0, outcome="done"),
            entry(time=T0.replace(hour=10), outcome="refused", detail="No."),
        ]
    )
    capsys.readouterr()
    assert main(["history", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert list(rows[0]) == list(COLUMNS)
    assert [r["outcome"] for r in rows] == ["refused", "done"]
    assert main(["history", "--csv", "--json"]) == 2
    assert "Give --json or --csv, not both." in capsys.readouterr().err
