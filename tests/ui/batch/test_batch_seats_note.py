"""A read-only key's seats read "Studio Pro 2/?": the window says why, in the cell's and
the column's tooltip and in a footnote under the table, and says nothing with a key that
can list the products."""

from __future__ import annotations

from PySide6.QtCore import Qt

from licensedesk.ui.batch.model import COL_SEATS

from .steps import check_text, column

WHY = "? = the maximum needs a key with write permission"


def _tooltip(window, row: int) -> str:
    return window.table.model().index(row, COL_SEATS).data(Qt.ItemDataRole.ToolTipRole) or ""


def test_a_read_only_key_says_why_the_maximum_is_a_question_mark(reseller, qtbot):
    sandbox = reseller.sandbox
    window = check_text(
        reseller, qtbot, "\n".join(sandbox.serial(k) for k in ("perpetual", "subscription_expired"))
    )
    assert column(window, COL_SEATS)[0].endswith("/?")
    qtbot.waitUntil(window.seats_note.isVisible, timeout=2000)
    assert window.seats_note.text() == WHY
    assert WHY in _tooltip(window, 0) and WHY in _tooltip(window, 1)
    header = window.table.model().headerData(
        COL_SEATS, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert WHY in header


def test_a_key_that_lists_products_shows_no_footnote(desk, qtbot):
    window = check_text(desk, qtbot, desk.sandbox.serial("perpetual"))
    assert "?" not in column(window, COL_SEATS)[0]
    assert not window.seats_note.isVisible()
    assert WHY not in _tooltip(window, 0)


def test_the_footnote_speaks_german(german, reseller, qtbot):
    window = check_text(reseller, qtbot, reseller.sandbox.serial("perpetual"))
    qtbot.waitUntil(window.seats_note.isVisible, timeout=2000)
    assert window.seats_note.text() == (
        "? = das Maximum braucht einen Schlüssel mit Schreibberechtigung"
    )
