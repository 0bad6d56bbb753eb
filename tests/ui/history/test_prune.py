"""History settings → "Export and remove older entries…": with months to keep set, the
entries older than that are written to the file chosen and removed, after a confirmation
naming how many; the button is off while the history keeps everything."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.storage.settings import local_history_path
from tests.unit.history.checks import entry

from ..helpers import click
from .test_team_copy import answer
from .test_team_store import settings_dialog


def _seed() -> list[str]:
    now = datetime.now(UTC)
    made = [entry(time=now - timedelta(days=days), outcome="done") for days in (400, 300, 10)]
    store = SqliteStore(local_history_path())
    store.migrate()
    store.import_entries(made)
    store.close()
    return [e.id for e in made]


def _kept_ids() -> list[str]:
    store = SqliteStore(local_history_path())
    try:
        return [e.id for e in store.export()]
    finally:
        store.close()


def test_older_entries_are_exported_then_removed(desk, qtbot, monkeypatch, tmp_path):
    ids = _seed()
    asked = answer(monkeypatch, True)
    d = settings_dialog(desk, qtbot)
    assert not d.prune_button.isEnabled()  # kept for ever: nothing to remove
    d.keep_months.setValue(6)
    assert d.prune_button.isEnabled()
    target = tmp_path / "old.jsonl"
    monkeypatch.setattr(d, "ask_prune_path", lambda proposed: str(target))
    click(qtbot, d.prune_button)
    qtbot.waitUntil(lambda: "removed them from the history" in d.test_result.text(), timeout=15000)
    assert len(asked) == 1 and asked[0].startswith("Write 2 entries older than")
    assert [json.loads(line)["id"] for line in target.read_text().splitlines()] == ids[:2]
    assert _kept_ids() == ids[2:]
    assert d.prune_button.isEnabled() and d.save_button.isEnabled()


def test_declining_removes_nothing(desk, qtbot, monkeypatch, tmp_path):
    ids = _seed()
    answer(monkeypatch, False)
    d = settings_dialog(desk, qtbot)
    d.keep_months.setValue(6)
    target = tmp_path / "old.jsonl"
    monkeypatch.setattr(d, "ask_prune_path", lambda proposed: str(target))
    click(qtbot, d.prune_button)
    qtbot.waitUntil(lambda: not desk.history.runner.running(), timeout=15000)
    assert not target.exists() and _kept_ids() == ids
