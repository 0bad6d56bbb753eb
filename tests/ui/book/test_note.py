"""The team's note on a licence: edited from Support → Note on this licence…, shown on
the card, found by the book, recorded in the history, and seen by the next lookup."""

from __future__ import annotations

from ..helpers import look_up, wait_idle
from .test_find import open_find, search


def test_a_note_is_shown_found_and_recorded(desk, qtbot, monkeypatch, run):
    serial = desk.sandbox.serial("subscription_active")
    card = desk.window.workspace.card
    look_up(desk, qtbot, serial)
    assert not card.note.isVisible()

    asked = []

    def ask_note(s, current):
        asked.append((s, current))
        return "real owner: Harbour Studios, ask for Pia"

    monkeypatch.setattr(desk.book_find, "ask_note", ask_note)
    desk.window.registry["note"].trigger()
    qtbot.waitUntil(card.note.isVisible)
    assert card.note.text() == "Note: real owner: Harbour Studios, ask for Pia"
    assert asked == [(serial, "")]

    dialog = open_find(desk, qtbot, from_menu=True)
    assert search(dialog, qtbot, "pia") == [serial]
    dialog.close()

    [entry] = run(desk.recorder.history(serial))
    assert (entry.action, entry.outcome) == ("note", "done")
    assert entry.detail == "real owner: Harbour Studios, ask for Pia"

    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))  # another licence: no note
    assert not card.note.isVisible()
    look_up(desk, qtbot, serial)  # back: the note comes with it
    qtbot.waitUntil(card.note.isVisible)
    wait_idle(desk, qtbot)
    assert card.note.isVisible()

    monkeypatch.setattr(desk.book_find, "ask_note", lambda s, current: "")  # removed
    desk.window.registry["note"].trigger()
    qtbot.waitUntil(lambda: not card.note.isVisible())
    entries = run(desk.recorder.history(serial))
    assert [e.action for e in entries] == ["note", "note"]
    assert entries[0].detail is None
