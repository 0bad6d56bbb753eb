"""The History window (View → History…, Ctrl+H): every entry newest first; the filters
(serial, person, action, outcome, date range) and the search narrow it; CSV and JSON lines
export what it shows (the JSON lines are what ``licensedesk-cli history import`` reads); a
double-click opens the entry's serial in the main window; no key reaches an entry, the
files or an export."""

from __future__ import annotations

import csv
import json
import uuid
from datetime import date, datetime, timedelta

from PySide6.QtCore import QDate, Qt
from PySide6.QtTest import QTest

from licensedesk import clock
from licensedesk.history import Entry, local_history_path
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.history.transfer import read_lines
from licensedesk.ui.history.export import COLUMNS
from licensedesk.ui.history.model import COL_OUTCOME, COL_SERIAL, COL_WHAT, COL_WHO

from ...support.zones import days_around
from ..batch.steps import double_click
from ..helpers import activations_table, click, look_up, select_rows, wait_idle
from .steps import CANARY_KEY, export_with, stored, wait_stored
from .test_recording import active_rows


def seed(sandbox, today: date | None = None) -> list[Entry]:
    """Five entries over ten days by two people, written into the history file as other
    desks would have written them: each at noon of a day before ``today`` (the user's
    day), the newest now."""
    s1, s2 = sandbox.serial("perpetual"), sandbox.serial("trial")
    today = today or clock.today()

    def when(days: int) -> datetime:
        if days == 0:
            return clock.now().replace(microsecond=0)
        return clock.start_of_day(today - timedelta(days=days)) + timedelta(hours=12)

    def entry(days: int, action: str, serial: str | None, user: str, outcome: str, **more) -> Entry:
        return Entry(
            id=str(uuid.uuid4()),
            time=when(days),
            user=user,
            machine="desk-7",
            action=action,
            outcome=outcome,
            serial=serial,
            profile="Work",
            service="https://licences.example.com",
            **more,
        )

    entries = [
        entry(
            10,
            "deactivate",
            s1,
            "bea",
            "done",
            activation_ids=(8,),
            display_name="Bea Berg",
            before={"activated": True, "device_tag": "Windows 10__64bits"},
        ),
        entry(
            6,
            "delete",
            s1,
            "carl",
            "refused",
            activation_ids=(9,),
            detail="Activation does not exist!",
        ),
        entry(
            3,
            "register",
            s2,
            "bea",
            "done",
            display_name="Bea Berg",
            detail="Serial successfully registered.",
        ),
        entry(
            1,
            "batch_check",
            None,
            "carl",
            "done",
            counts={"serials": 40, "checked": 40, "active": 38, "not_found": 2},
        ),
        entry(
            0,
            "upgrade",
            s2,
            "carl",
            "unknown",
            detail="The connection broke.",
            before={"upgrade_serial": sandbox.serial("upgrade_target")},
        ),
    ]
    store = SqliteStore(local_history_path())
    try:
        store.migrate()
        for e in entries:
            store.write(e)
    finally:
        store.close()
    return entries


def open_window(desk, qtbot):
    """Ctrl+H in the main window; returns the History window once its list is read."""
    desk.window.activateWindow()
    QTest.keyClick(desk.window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(
        lambda: desk.history.window is not None and desk.history.window.isVisible(), timeout=3000
    )
    settle(desk, qtbot)
    return desk.history.window


def settle(desk, qtbot) -> None:
    """Until the list on show answers the filters as they are now."""
    w = desk.history.window
    qtbot.waitUntil(
        lambda: not w.filters._settle.isActive() and not desk.history.runner.running(), timeout=5000
    )


def column(w, col: int) -> list[str]:
    model = w.table.model()
    return [model.index(r, col).data() for r in range(model.rowCount())]


def test_ctrl_h_lists_everything_newest_first_and_the_filters_narrow_it(desk, qtbot):
    sb = desk.sandbox
    today = clock.today()  # the day the entries and the date filters are counted from
    seed(sb, today)
    w = open_window(desk, qtbot)
    upgraded = f"Upgrade from {sb.serial('trial')} to {sb.serial('upgrade_target')}"
    assert column(w, COL_WHAT) == [
        upgraded,
        "Check 40 serials",
        "Register",
        "Delete device #9",
        "Deactivate device #8",
    ]
    assert w.status_label.text() == "5 entries"
    assert "This computer's history" in w.where_label.text()
    f = w.filters

    QTest.keyClicks(f.serial, sb.serial("perpetual").lower().replace("-", ""))  # as pasted
    settle(desk, qtbot)
    assert column(w, COL_WHAT) == ["Delete device #9", "Deactivate device #8"]
    f.serial.clear()
    QTest.keyClicks(f.serial, sb.serial("upgrade_target"))  # what the upgrade became
    settle(desk, qtbot)
    assert column(w, COL_WHAT) == [upgraded]
    f.serial.clear()
    QTest.keyClicks(f.serial, "LEWX-6XUC")  # not a whole serial: said, not sent
    settle(desk, qtbot)
    assert f.hint.isVisible() and "Search" in f.hint.text()
    f.serial.clear()

    QTest.keyClicks(f.person, "bea berg")  # the display name, any case
    settle(desk, qtbot)
    assert column(w, COL_WHAT) == ["Register", "Deactivate device #8"]
    f.person.clear()
    QTest.keyClicks(f.person, "carl")  # the OS user
    settle(desk, qtbot)
    assert len(column(w, COL_WHAT)) == 3
    f.person.clear()

    f.action.setCurrentIndex(f.action.findData("delete"))
    settle(desk, qtbot)
    assert column(w, COL_WHAT) == ["Delete device #9"]
    f.action.setCurrentIndex(0)
    f.outcome.setCurrentIndex(f.outcome.findData("unknown"))
    settle(desk, qtbot)
    assert column(w, COL_WHAT) == [upgraded]
    f.outcome.setCurrentIndex(0)

    f.since.setDate(QDate(today).addDays(-7))
    f.until.setDate(QDate(today).addDays(-2))
    f.use_since.setChecked(True)
    f.use_until.setChecked(True)
    settle(desk, qtbot)
    assert column(w, COL_WHAT) == ["Register", "Delete device #9"]
    f.use_since.setChecked(False)
    f.use_until.setChecked(False)

    QTest.keyClicks(f.search, "windows 10")  # in what the row looked like before
    settle(desk, qtbot)
    assert column(w, COL_WHAT) == ["Deactivate device #8"]
    f.search.clear()
    QTest.keyClicks(f.search, "does not exist")  # in the service's message
    settle(desk, qtbot)
    assert column(w, COL_WHAT) == ["Delete device #9"]


def test_the_window_follows_the_changes_made_meanwhile(desk, qtbot):
    sb = desk.sandbox
    w = open_window(desk, qtbot)
    assert w.model.rowCount() == 0 and w.state.message_text()
    assert not w.export_csv_button.isEnabled()
    serial = sb.serial("perpetual")
    look_up(desk, qtbot, serial)
    table = activations_table(desk)
    select_rows(table, [active_rows(table)[0]])
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    qtbot.waitUntil(lambda: w.model.rowCount() == 1, timeout=3000)
    assert column(w, COL_SERIAL) == [serial]
    assert w.export_csv_button.isEnabled()


def test_double_click_opens_the_serial_in_the_main_window(desk, qtbot):
    sb = desk.sandbox
    seed(sb)
    w = open_window(desk, qtbot)
    row = column(w, COL_SERIAL).index(sb.serial("trial"))
    double_click(w.table, w.table.model().index(row, COL_WHO))
    qtbot.waitUntil(lambda: desk.lookup.serial == sb.serial("trial"), timeout=3000)
    wait_idle(desk, qtbot)
    assert desk.window.workspace.card.license.serial == sb.serial("trial")


def test_csv_and_json_lines_export_what_the_window_shows(desk, qtbot, tmp_path, monkeypatch):
    sb = desk.sandbox
    entries = seed(sb)
    w = open_window(desk, qtbot)
    QTest.keyClicks(w.filters.serial, sb.serial("perpetual"))
    settle(desk, qtbot)
    asked = []
    monkeypatch.setattr(
        w, "ask_save_path", lambda proposed, kind: asked.append(proposed) or str(tmp_path / "out")
    )

    days = days_around(lambda: click(qtbot, w.export_csv_button))
    qtbot.waitUntil(lambda: not w.exporting, timeout=10000)
    assert asked[0].rsplit("/", 1)[-1] in {
        f"history-{sb.serial('perpetual')}-{d}.csv" for d in days
    }
    with open(tmp_path / "out.csv", newline="", encoding="utf-8") as fh:  # the extension added
        rows = list(csv.DictReader(fh))
    assert list(rows[0]) == list(COLUMNS)
    assert [r["what"] for r in rows] == ["Delete device #9", "Deactivate device #8"]
    assert rows[0]["outcome_words"] == "refused: Activation does not exist!"
    assert rows[1]["display_name"] == "Bea Berg"
    assert datetime.fromisoformat(rows[1]["time"]) == entries[0].time  # with its UTC offset
    assert json.loads(rows[1]["before"]) == entries[0].before
    assert w.status_label.text() == f"Saved 2 entries to {tmp_path / 'out.csv'}"

    export_with(qtbot, w, w.export_json_button)
    with open(tmp_path / "out.jsonl", encoding="utf-8") as fh:
        read = read_lines(fh, source="the export")  # what `history import` reads
    assert [e.id for e in read] == [entries[1].id, entries[0].id]
    assert read[1] == entries[0]


def test_an_export_that_cannot_be_written_is_a_sentence(desk, qtbot, tmp_path, monkeypatch):
    seed(desk.sandbox)
    w = open_window(desk, qtbot)
    target = tmp_path / "missing-folder" / "history.csv"
    monkeypatch.setattr(w, "ask_save_path", lambda proposed, kind: str(target))
    export_with(qtbot, w, w.export_csv_button)
    assert w.banner.isVisible()
    assert w.banner.text() == f"Could not save to {target}: the folder does not exist."


def test_no_key_reaches_an_entry_the_files_or_an_export(
    desk, qtbot, tmp_path, monkeypatch, secrets
):
    """The canary: the profile's write key is one the service does not know (it refuses
    it), and every change is still recorded; nowhere does that key, or the read key the
    lookups sent, appear."""
    sb = desk.sandbox
    serial = sb.serial("perpetual")
    look_up(desk, qtbot, serial)
    secrets.set("Sandbox", "write", CANARY_KEY)  # the writes now carry the canary key
    desk.connections.forget_client("Sandbox")
    table = activations_table(desk)
    select_rows(table, active_rows(table)[:2])
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    entries = wait_stored(qtbot, 2, serial=serial)
    assert {e.outcome for e in entries} == {"refused"}  # 401: the service refused the key
    w = open_window(desk, qtbot)
    monkeypatch.setattr(w, "ask_save_path", lambda proposed, kind: str(tmp_path / f"x.{kind}"))
    export_with(qtbot, w, w.export_csv_button)
    export_with(qtbot, w, w.export_json_button)
    texts = [str([e.to_dict() for e in stored()])]
    texts += [p.read_text(errors="replace") for p in (tmp_path / "x.csv", tmp_path / "x.jsonl")]
    files = local_history_path().parent
    texts += [p.read_bytes().decode("latin-1") for p in files.iterdir() if p.is_file()]
    texts += ["\n".join(column(w, c)) for c in range(w.model.columnCount())]
    read_key = sb.creds("read_write")[1]
    for text in texts:
        assert CANARY_KEY not in text and read_key not in text
        assert "api_key=" not in text


def test_dates_nobody_picked_follow_the_day_when_the_window_is_shown_again(desk, qtbot, zone):
    """A window opened yesterday offers today's dates: the day is changed here by the
    zone (Niue, UTC−11, then Kiritimati, UTC+14: always another day), which is what the
    filters read."""
    zone("Pacific/Niue")
    w = open_window(desk, qtbot)
    f = w.filters
    then = QDate(clock.today())
    assert (f.since.date(), f.until.date()) == (then.addDays(-30), then)
    picked = then.addDays(-3)
    f.until.setDate(picked)  # a date the person chose stays
    w.hide()
    zone("Pacific/Kiritimati")
    w.show()
    today = QDate(clock.today())
    assert today != then
    assert (f.since.date(), f.until.date()) == (today.addDays(-30), picked)
    f.until.setDate(today)
    f.use_since.setChecked(True)  # turned on: the date it shows is the one it uses
    settle(desk, qtbot)
    assert w.filters.query().since == clock.start_of_day(today.addDays(-30).toPython())


def test_the_csv_export_writes_people_s_text_as_text(desk, qtbot, tmp_path, monkeypatch):
    """A display name or a service message that a spreadsheet would run gets a leading
    quote, a control or bidi character is written as the table shows it; the ids and
    times we write stay as they are. The JSON lines carry the exact text, escaped."""
    sb = desk.sandbox
    hostile = Entry(
        id=str(uuid.uuid4()),
        time=clock.now().replace(microsecond=0),
        user="eve",
        machine="desk-7",
        action="delete",
        outcome="refused",
        serial=sb.serial("perpetual"),
        activation_ids=(9,),
        display_name="@SUM(A1)",
        detail="=cmd|' /C calc'!A0 <img src='http://evil.example/x.png'>\u202eevil",
    )
    store = SqliteStore(local_history_path())
    try:
        store.migrate()
        store.write(hostile)
    finally:
        store.close()
    w = open_window(desk, qtbot)
    monkeypatch.setattr(w, "ask_save_path", lambda proposed, kind: str(tmp_path / "out"))
    from PySide6.QtGui import QTextDocument

    from licensedesk.ui.history.model import COL_OUTCOME

    tip = w.table.model().index(0, COL_OUTCOME).data(Qt.ItemDataRole.ToolTipRole)
    shown_tip = QTextDocument()
    shown_tip.setHtml(tip)  # a tooltip that looks like HTML is read as HTML
    assert "<img src='http://evil.example/x.png'>\\u202eevil" in shown_tip.toPlainText()

    export_with(qtbot, w, w.export_csv_button)
    with open(tmp_path / "out.csv", newline="", encoding="utf-8") as fh:
        row = next(csv.DictReader(fh))
    assert row["display_name"] == "'@SUM(A1)"
    assert row["detail"] == ("'=cmd|' /C calc'!A0 <img src='http://evil.example/x.png'>\\u202eevil")
    assert (row["activation_ids"], row["id"]) == ("9", hostile.id)

    export_with(qtbot, w, w.export_json_button)
    text = (tmp_path / "out.jsonl").read_text(encoding="utf-8")
    assert "\u202e" not in text and json.loads(text)["detail"] == hostile.detail


def test_an_action_of_a_newer_desk_is_shown_by_its_key(desk, qtbot):
    """A team mate's newer License Desk recorded an action and an outcome this one does
    not know: the window lists them as stored, with the others, instead of failing."""
    newest = seed(desk.sandbox)[-1]
    store = SqliteStore(local_history_path())
    try:
        store.execute_write(
            "UPDATE history SET action = 'archive', outcome = 'queued' WHERE id = ?", [newest.id]
        )
    finally:
        store.close()
    w = open_window(desk, qtbot)
    assert column(w, COL_WHAT)[0] == "archive"
    # the key as stored, with its detail, as the command line lists it
    assert column(w, COL_OUTCOME)[0] == f"queued: {newest.detail}"
    assert w.status_label.text() == "5 entries"
