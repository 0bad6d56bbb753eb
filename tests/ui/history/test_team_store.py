"""The History settings switch the window to a team's PostgreSQL database (a real server,
tests/support/postgres.py): "Test connection" says what it found without changing anything,
the password goes to the keyring and never to the settings file, the next change is
recorded there, and a second desk on the same database sees it (and the first desk sees
the second's)."""

from __future__ import annotations

import json

from PySide6.QtTest import QTest

from licensedesk.history import KEYRING_ENTRY, HistorySettings, Recorder
from licensedesk.ui.history.model import COL_WHO
from tests.support.memory_keyring import MemoryKeyring

from ..helpers import activations_table, click, look_up, select_rows, wait_idle
from .steps import history_tab_title, stored, tab_rows
from .test_recording import active_rows, row_id


def settings_dialog(desk, qtbot):
    desk.window.registry["historySettings"].trigger()
    d = desk.history._settings.dialog
    qtbot.waitUntil(d.isVisible, timeout=3000)
    return d


def test_settings_switch_to_a_team_database_that_a_second_desk_shares(
    desk, qtbot, run, team_db, secrets, tmp_path
):
    sb = desk.sandbox
    serial = sb.serial("perpetual")
    d = settings_dialog(desk, qtbot)
    assert d.local.isChecked() and d.local_path.text().endswith("history.sqlite3")
    click(qtbot, d.team)
    QTest.keyClicks(d.url, team_db.url)
    QTest.keyClicks(d.password, team_db.password)
    QTest.keyClicks(d.display_name, "Ana Lima")
    click(qtbot, d.test_button)
    qtbot.waitUntil(lambda: d.test_result.text().startswith("Connected"), timeout=15000)
    assert "will be created on first use" in d.test_result.text()
    with team_db.connect() as db:  # the test changed nothing
        assert db.execute("SELECT to_regclass('history')").fetchone()[0] is None

    click(qtbot, d.save_button)
    qtbot.waitUntil(lambda: not d.isVisible(), timeout=3000)
    saved = (tmp_path / "config" / "history.json").read_text()
    assert json.loads(saved)["store"] == "team" and team_db.password not in saved
    assert secrets.get_named(KEYRING_ENTRY) == team_db.password

    look_up(desk, qtbot, serial)
    table = activations_table(desk)
    row = active_rows(table)[0]
    aid = row_id(table, row)
    select_rows(table, [row])
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (1)", timeout=10000)
    assert stored() == []  # not in this computer's file

    # a second desk on another machine: its own keyring holds the same password
    elsewhere = _secrets_with(team_db.password)
    team = HistorySettings(store="team", team_url=team_db.url, display_name="Bea Berg")
    second = Recorder.from_settings(team, secrets=elsewhere)
    second.use_connection("Work", sb.url)
    try:
        [ana] = run(second.history(serial))
        assert (ana.action, ana.activation_ids, ana.outcome) == ("deactivate", (aid,), "done")
        assert ana.display_name == "Ana Lima" and ana.profile == "Sandbox"

        async def bea_deletes() -> None:
            async with second.record("delete", serial=serial, activation_ids=[aid]) as rec:
                rec.refused("Activation does not exist!")

        run(bea_deletes())
    finally:
        second.close()
    desk.window.registry["refresh"].trigger()  # F5: the first desk reads the team's entries
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (2)", timeout=10000)
    who = tab_rows(desk, COL_WHO)
    assert who[0].startswith("Bea Berg (") and who[1].startswith("Ana Lima (")

    with team_db.connect() as db:  # the password never reached an entry
        rows = db.execute("SELECT * FROM history").fetchall()
    assert len(rows) == 2 and team_db.password not in repr(rows)


def test_a_team_database_that_cannot_be_reached_is_said_by_test_connection(desk, qtbot):
    from tests.support.net import free_port

    d = settings_dialog(desk, qtbot)
    click(qtbot, d.team)
    QTest.keyClicks(d.url, f"postgresql://desk@127.0.0.1:{free_port()}/nowhere")
    QTest.keyClicks(d.password, "pw-canary-1234")
    click(qtbot, d.test_button)
    qtbot.waitUntil(
        lambda: (
            d.test_button.isEnabled()
            and bool(d.test_result.text())
            and d.test_result.text() != "Connecting\u2026"
        ),
        timeout=15000,
    )
    assert "cannot be reached" in d.test_result.text()
    assert "pw-canary-1234" not in d.test_result.text()


def test_an_address_that_is_not_postgresql_is_refused_on_save(desk, qtbot, tmp_path):
    d = settings_dialog(desk, qtbot)
    click(qtbot, d.team)
    QTest.keyClicks(d.url, "mysql://db.example.com/x")
    click(qtbot, d.save_button)
    assert d.isVisible() and d.error.isVisible()
    assert "must start with postgresql://" in d.error.text()
    assert not (tmp_path / "config" / "history.json").exists()


def _secrets_with(password: str):
    from licensedesk.profiles import SecretStore

    store = SecretStore(backend=MemoryKeyring())
    store.set_named(KEYRING_ENTRY, password)
    return store


def test_the_books_retention_is_set_in_the_history_settings(desk, qtbot, tmp_path):
    d = settings_dialog(desk, qtbot)
    assert d.book_days.text() == "for ever"
    d.book_days.setFocus()
    d.book_days.selectAll()
    QTest.keyClicks(d.book_days, "90")
    click(qtbot, d.save_button)
    qtbot.waitUntil(lambda: not d.isVisible(), timeout=3000)
    saved = json.loads((tmp_path / "config" / "history.json").read_text())
    assert saved["book_days"] == 90
    d = settings_dialog(desk, qtbot)
    assert d.book_days.value() == 90
