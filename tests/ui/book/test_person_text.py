"""A teammate's note and a licensee's name are a person's text: every view that shows
them shows those characters (``<b>x</b><img src="file:///…">`` is never read as rich
text, so no local image is loaded), and one long licensee leaves the other columns in
view, cut short in its cell and whole in its tooltip. Through the real window, against
the sandbox serving the demo with licences that end soon (Renewals lists them)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QTableView, QToolTip

from licensedesk.ui.book import found_model
from licensedesk.ui.renewals import model as renewals_model
from licensedesk.ui.seats import full_model
from tests.support.ending_demo import serials_ending, serve_ending_demo

from ..helpers import look_up, wait_idle
from ..renewals.test_renewals import open_renewals
from ..seats.test_full_seats_view import open_view
from .test_find import open_find, search

#: a licensee's name far longer than a column: the demo's subscription ending in 3 days
LONG_NAME = "Harbour Studios " + "and Partners of the Northern Fjord Coast " * 6 + "Ltd"


@pytest.fixture
def note(tmp_path) -> str:
    """A teammate's note with markup and a local image (a real file Qt could load)."""
    image = tmp_path / "dot.png"
    pixels = QtGui.QImage(4, 4, QtGui.QImage.Format.Format_RGB32)
    pixels.fill(Qt.GlobalColor.red)
    assert pixels.save(str(image))
    return f'<b>x</b><img src="{image.as_uri()}">'


@pytest.fixture
def seen(desk, qtbot, tmp_path, run, note):
    """The licences ending in 3 and 20 days (the first with :data:`LONG_NAME`) and the
    host-limit licence looked up, each with ``note``; returns (long-named, host-limit)."""
    data = serve_ending_demo(desk.sandbox, tmp_path, names={"subscription_active": LONG_NAME})
    soon, later, _beyond = serials_ending(data)
    full = data["catalogue"]["serials"]["host_limit"]
    for serial in (later, full, soon):
        look_up(desk, qtbot, serial)
        run(desk.book.set_note(serial, note, "ana", datetime.now(UTC)))
    look_up(desk, qtbot, soon)  # again: the card shows the book's note
    return soon, full


def tooltip_shown(qtbot, view: QTableView, row: int, column: int) -> str:
    """Hover a cell as the mouse does (a ToolTip help event on the viewport) and read the
    tooltip Qt shows as Qt reads it: rich text when ``Qt.mightBeRichText`` says so."""
    QToolTip.hideText()
    index = view.model().index(row, column)
    view.scrollTo(index)
    at = view.visualRect(index).center()
    event = QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at))
    QApplication.sendEvent(view.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible)
    text = QToolTip.text()
    QToolTip.hideText()
    if not QtGui.Qt.mightBeRichText(text):
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def in_view(view: QTableView, column: int) -> bool:
    """Whether ``column`` is wholly inside the table's viewport, unscrolled."""
    header = view.horizontalHeader()
    right = header.sectionViewportPosition(column) + header.sectionSize(column)
    return header.sectionViewportPosition(column) >= 0 and right <= view.viewport().width()


def row_of(model, serial: str) -> int:
    return next(r for r in range(model.rowCount()) if model.index(r, 0).data() == serial)


def test_the_find_dialog_shows_the_name_and_note_as_text(desk, qtbot, seen, note):
    soon, _full = seen
    dialog = open_find(desk, qtbot)
    assert search(dialog, qtbot, "northern fjord") == [soon]
    licensee = tooltip_shown(qtbot, dialog.table, 0, found_model.COL_LICENSEE)
    assert licensee == f"{LONG_NAME}\nNote: {note}"
    assert tooltip_shown(qtbot, dialog.table, 0, found_model.COL_SERIAL) == (
        f"{soon}\nNote: {note}"
    )
    assert dialog.status.textFormat() == Qt.TextFormat.PlainText
    dialog.close()


def test_renewals_shows_the_name_and_note_as_text(desk, qtbot, seen, note):
    soon, _full = seen
    window = open_renewals(desk, qtbot, from_menu=True)
    row = row_of(window.model, soon)
    assert tooltip_shown(qtbot, window.table, row, renewals_model.COL_NOTE) == note
    assert tooltip_shown(qtbot, window.table, row, renewals_model.COL_LICENSEE) == LONG_NAME
    assert window.status_label.textFormat() == Qt.TextFormat.PlainText
    window.close()


def test_the_card_and_full_seats_show_the_note_as_text(desk, qtbot, seen, note):
    _soon, full = seen
    card = desk.window.workspace.card
    qtbot.waitUntil(card.note.isVisible)
    assert card.note.textFormat() == Qt.TextFormat.PlainText
    assert card.note.text() == f"Note: {note}"
    view = open_view(desk, qtbot)
    row = row_of(view.model, full)
    assert tooltip_shown(qtbot, view.table, row, full_model.COL_NOTE) == note
    view.close()


def test_one_long_licensee_leaves_the_other_columns_in_view(desk, qtbot, seen):
    soon, _full = seen
    dialog = open_find(desk, qtbot)
    assert search(dialog, qtbot, "harbour") == [soon]
    table = dialog.table
    for column in (found_model.COL_EMAIL, found_model.COL_SKU, found_model.COL_TYPE):
        assert in_view(table, column), (column, table.horizontalHeader().sectionSize(column))
    licensee = found_model.COL_LICENSEE
    assert table.columnWidth(licensee) < table.fontMetrics().horizontalAdvance(LONG_NAME)
    assert table.textElideMode() != Qt.TextElideMode.ElideNone and not table.wordWrap()
    dialog.close()

    window = open_renewals(desk, qtbot, from_menu=True)
    table = window.table
    for column in (renewals_model.COL_EMAIL, renewals_model.COL_SKU, renewals_model.COL_AS_OF):
        assert in_view(table, column), (column, table.horizontalHeader().sectionSize(column))
    note = table.horizontalHeader().sectionViewportPosition(renewals_model.COL_NOTE)
    assert note < table.viewport().width() - 40  # the note's column starts in view
    wait_idle(desk, qtbot)
    window.close()


def test_the_status_bar_tooltip_quotes_what_was_typed_as_text(desk, qtbot, note, monkeypatch):
    """A message too long for the status bar is whole in its tooltip: there too, what a
    person typed (here: who to erase) stays its characters."""
    who = note + " of the Northern Fjord Coast" * 8
    monkeypatch.setattr(desk.book_find, "ask_who", lambda: who)
    desk.window.registry["forgetLicensee"].trigger()
    bar = desk.window.statusBar()
    qtbot.waitUntil(lambda: bar.currentMessage().startswith("Nothing in the book, its notes"))
    tip = bar.toolTip()
    assert tip, "the message was not elided: nothing to check"
    document = QTextDocument()
    document.setHtml(tip)
    shown = document.toPlainText() if QtGui.Qt.mightBeRichText(tip) else tip
    assert shown.startswith(f"Nothing in the book, its notes or the history names {who}:")


def test_a_profile_named_with_markup_is_shown_as_its_name(
    make_desk, sandbox, store, secrets, qtbot
):
    """A profile's name is a person's text too: the status bar's label and the Full seats
    view's reason (a label and the button's tooltip) show it as typed."""
    from licensedesk.profiles import Profile

    name = "<b>Acme</b><i>reseller</i>"
    app_id, key = sandbox.creds("read")
    store.save(Profile(name=name, base_url=sandbox.url, read_app_id=app_id))
    secrets.set(name, "read", key)
    desk = make_desk(profile=name)
    label = desk.window.status_profile
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text() == f"Profile: {name}"
    assert desk.window.status_server.textFormat() == Qt.TextFormat.PlainText

    look_up(desk, qtbot, sandbox.serial("perpetual"))  # products refused: read-only
    view = open_view(desk, qtbot)
    reason = view.read_only.text()
    assert name in reason and view.read_only.textFormat() == Qt.TextFormat.PlainText
    tip = view.free_button.toolTip()
    document = QTextDocument()
    document.setHtml(tip)
    assert (document.toPlainText() if QtGui.Qt.mightBeRichText(tip) else tip) == reason
    assert name in view.status.text()  # the seat limits unknown to this profile
    view.close()
