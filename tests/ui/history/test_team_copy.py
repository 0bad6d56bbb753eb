"""Switching the history to a team database offers to copy this computer's entries into
it (what ``licensedesk-cli history import`` does), naming how many; the copy shows its
progress, adds each entry once however often it runs, and a refusal switches without
copying. Against a real PostgreSQL server (tests/support/postgres_fixtures.py)."""

from __future__ import annotations

import json

from PySide6.QtTest import QTest

from licensedesk.ui.shared.confirm import ConfirmDialog

from ..helpers import click, tick
from .test_history_window import seed
from .test_team_store import settings_dialog


def answer(monkeypatch, yes: bool) -> list[str]:
    """Replace the confirmation as the house does (ConfirmDialog.ask); returns its texts."""
    asked: list[str] = []

    async def fake(parent, title, text, accept=None):
        asked.append(text)
        return yes

    monkeypatch.setattr(ConfirmDialog, "ask", fake)
    return asked


def switch_to_team(desk, qtbot, team_db, *, password: bool = True):
    d = settings_dialog(desk, qtbot)
    click(qtbot, d.team)
    d.url.clear()
    QTest.keyClicks(d.url, team_db.url)
    if password:
        QTest.keyClicks(d.password, team_db.password)
    return d


def team_ids(team_db) -> list[str]:
    with team_db.connect() as db:
        if db.execute("SELECT to_regclass('history')").fetchone()[0] is None:
            return []
        return sorted(str(r[0]) for r in db.execute("SELECT id FROM history").fetchall())


def test_switching_to_a_team_database_copies_this_computers_entries(
    desk, qtbot, team_db, monkeypatch, tmp_path
):
    local = seed(desk.sandbox)
    asked = answer(monkeypatch, True)
    d = switch_to_team(desk, qtbot, team_db)
    shown: list[tuple[int, int]] = []
    d.copy_progress.valueChanged.connect(lambda v: shown.append((v, d.copy_progress.maximum())))
    click(qtbot, d.save_button)
    qtbot.waitUntil(lambda: not d.isVisible(), timeout=15000)

    assert len(asked) == 1 and "Copy this computer's 5 history entries" in asked[0]
    assert team_ids(team_db) == sorted(e.id for e in local)
    assert shown and shown[-1] == (5, 5)  # the progress bar went to the end
    assert not d.copy_progress.isVisible() and d.save_button.isEnabled()
    assert json.loads((tmp_path / "config" / "history.json").read_text())["store"] == "team"

    # back to this computer, then to the team again: offered again, nothing added twice
    d = settings_dialog(desk, qtbot)
    tick(qtbot, d.local)  # its indicator: the button is wider than its words
    click(qtbot, d.save_button)
    qtbot.waitUntil(lambda: not d.isVisible(), timeout=5000)
    d = switch_to_team(desk, qtbot, team_db, password=False)  # the keyring has it now
    click(qtbot, d.save_button)
    qtbot.waitUntil(lambda: not d.isVisible(), timeout=15000)
    assert len(asked) == 2
    assert team_ids(team_db) == sorted(e.id for e in local)


def test_declining_the_copy_switches_without_copying(desk, qtbot, team_db, monkeypatch, tmp_path):
    seed(desk.sandbox)
    asked = answer(monkeypatch, False)
    d = switch_to_team(desk, qtbot, team_db)
    click(qtbot, d.save_button)
    qtbot.waitUntil(lambda: not d.isVisible(), timeout=15000)
    assert len(asked) == 1
    assert team_ids(team_db) == []
    assert json.loads((tmp_path / "config" / "history.json").read_text())["store"] == "team"


def test_nothing_to_copy_asks_nothing(desk, qtbot, team_db, monkeypatch):
    asked = answer(monkeypatch, True)
    d = switch_to_team(desk, qtbot, team_db)
    click(qtbot, d.save_button)
    qtbot.waitUntil(lambda: not d.isVisible(), timeout=15000)
    assert asked == []


def test_a_copy_that_fails_changes_no_setting_and_says_why(desk, qtbot, monkeypatch, tmp_path):
    from tests.support.net import free_port

    seed(desk.sandbox)
    answer(monkeypatch, True)
    d = settings_dialog(desk, qtbot)
    click(qtbot, d.team)
    QTest.keyClicks(d.url, f"postgresql://desk@127.0.0.1:{free_port()}/nowhere")
    QTest.keyClicks(d.password, "pw-canary-5678")
    click(qtbot, d.save_button)
    qtbot.waitUntil(d.error.isVisible, timeout=15000)
    assert "could not be copied" in d.error.text() and "pw-canary-5678" not in d.error.text()
    assert d.isVisible() and d.save_button.isEnabled()
    assert not (tmp_path / "config" / "history.json").exists()
