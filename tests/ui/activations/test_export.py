"""Export CSV…: a file that cannot be written is a sentence in the banner (no
traceback); a saved file carries the serial, the licensee and times with their UTC
offset; the name proposed is the serial and the date, in the last folder used; the
status bar says where the file went. Only the OS file dialog is replaced."""

from __future__ import annotations

import csv
import re
from datetime import UTC, datetime
from pathlib import Path

from ...support.zones import days_around
from ..helpers import click, data_activations, data_licence, look_up

SERIAL, LICENSEE, ID = 0, 1, 2
HOST, DEVICE, ACTIVATED = 4, 5, 6
CREATED, UPDATED = 7, 8  # the table's Created / Updated, after Serial and Licensee
THIS = 9


def answer_dialog(monkeypatch, panel, answer) -> list[str]:
    """Replace the save dialog: record the path it proposes, answer ``answer(proposed)``."""
    proposed: list[str] = []

    def ask(start: str) -> str:
        proposed.append(start)
        return str(answer(start))

    monkeypatch.setattr(panel, "ask_csv_path", ask)
    return proposed


def server_time(text: str) -> datetime:
    """The sandbox's ``YYYY-MM-DD HH:MM:SS`` (UTC) as an aware moment."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)


def test_an_unwritable_path_is_a_sentence_not_a_traceback(desk, qtbot, tmp_path, monkeypatch):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    panel = desk.window.workspace.activations
    blocker = tmp_path / "file.txt"  # a regular file: no folder can be made under it
    blocker.write_text("not a folder")
    target = blocker / "out.csv"
    answer_dialog(monkeypatch, panel, lambda _start: target)

    click(qtbot, panel.export_button)

    banner = desk.window.workspace.banner
    assert banner.text() == f"Could not save to {target}: part of the path is a file, not a folder."
    assert "Traceback" not in banner.details.toPlainText()
    assert desk.error_dialog is None or not desk.error_dialog.isVisible()
    assert not target.exists()
    assert "Saved" not in desk.window.statusBar().currentMessage()


def test_export_writes_serial_licensee_and_offset_times_where_asked(
    desk, qtbot, tmp_path, monkeypatch, india_time
):
    sandbox = desk.sandbox
    serial = sandbox.serial("perpetual")
    look_up(desk, qtbot, serial)
    panel = desk.window.workspace.activations
    folder = tmp_path / "exports"
    folder.mkdir()
    proposed = answer_dialog(monkeypatch, panel, lambda start: folder / Path(start).name)

    days = days_around(lambda: click(qtbot, panel.export_button))  # India's day, as the app's
    assert Path(proposed[0]).name in {f"activations-{serial}-{d}.csv" for d in days}
    saved = folder / Path(proposed[0]).name
    rows = list(csv.reader(saved.open(encoding="utf-8")))
    assert rows[0][:3] == ["Serial", "Licensee", "ID"]
    assert rows[0][CREATED : UPDATED + 1] == ["Created", "Updated"]
    assert rows[0][HOST:] == [
        "Host ID",
        "Device tag",
        "Activated",
        "Created",
        "Updated",
        "This computer",
    ]
    assert [r[THIS] for r in rows[1:]].count("true") == 1  # the desk's host is one of them
    lic = data_licence(sandbox, "perpetual")
    acts = {a["id"]: a for a in data_activations(sandbox, "perpetual")}
    assert sorted(int(r[ID]) for r in rows[1:]) == sorted(acts)
    for r in rows[1:]:
        a = acts[int(r[ID])]
        assert r[SERIAL] == serial
        assert r[LICENSEE] == f"{lic['name']} <{lic['email']}>"
        assert r[HOST : ACTIVATED + 1] == [
            a["host_id"],
            a["device_tag"],
            str(a["activated"]).lower(),
        ]
        assert r[THIS] == str(a["host_id"] == desk.this_host).lower()
        for col, field in ((CREATED, "created_at"), (UPDATED, "updated_at")):
            assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30", r[col]), r[col]
            assert datetime.fromisoformat(r[col]) == server_time(a[field])
    message = desk.window.statusBar().currentMessage()
    assert str(saved) in message and "Saved 3 activations" in message

    # the next export starts in the folder used last (remembered in the settings)
    click(qtbot, panel.export_button)
    assert Path(proposed[1]).parent == folder
    assert desk.settings.qsettings.value("export/lastFolder") == str(folder)


def test_a_name_typed_without_an_extension_gets_csv(desk, qtbot, tmp_path, monkeypatch):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    panel = desk.window.workspace.activations
    answer_dialog(monkeypatch, panel, lambda _start: tmp_path / "devices")

    click(qtbot, panel.export_button)

    rows = list(csv.reader((tmp_path / "devices.csv").open(encoding="utf-8")))
    assert rows[0][:3] == ["Serial", "Licensee", "ID"] and len(rows) == 4
    assert not (tmp_path / "devices").exists()


def test_service_text_is_written_as_text_and_as_the_table_shows_it(
    desk, qtbot, tmp_path, monkeypatch
):
    """A device tag ``=HYPERLINK(…)`` stays text in a spreadsheet (a leading quote), a
    control or bidi character is written as the table shows it; the ids stay numbers."""
    import sqlite3

    sandbox = desk.sandbox
    serial = sandbox.serial("perpetual")
    tag = '=HYPERLINK("http://evil.example","x")'
    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute("UPDATE licenses SET name = ? WHERE serial = ?", ("-Ada\u202eevil", serial))
        conn.execute(
            "UPDATE activations SET device_tag = ? WHERE license_id = "
            "(SELECT id FROM licenses WHERE serial = ?)",
            (tag, serial),
        )
    look_up(desk, qtbot, serial)
    panel = desk.window.workspace.activations
    answer_dialog(monkeypatch, panel, lambda _start: tmp_path / "devices.csv")

    click(qtbot, panel.export_button)

    rows = list(csv.reader((tmp_path / "devices.csv").open(encoding="utf-8", newline="")))
    device = rows[0].index("Device tag")
    assert [r[device] for r in rows[1:]] == ["'" + tag] * 3
    assert rows[1][LICENSEE].startswith("'-Ada\\u202eevil")
    assert all(r[ID].isdigit() for r in rows[1:])
