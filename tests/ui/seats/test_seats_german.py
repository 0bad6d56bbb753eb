"""Full seats in German: the products' line, *Platz freigeben…* and the view; the menus'
Alt keys stay unique in both languages."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from ..helpers import look_up
from .steps import open_dialog
from .test_full_seats_view import open_view


def test_the_full_licence_in_german(german, desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("host_limit"))
    line = desk.window.workspace.products.full_line
    assert line.isVisible()
    assert line.label.text().startswith("Alle 2 Plätze von ") and "belegt" in line.label.text()
    assert line.button.text() == "Platz freigeben…"
    dialog = open_dialog(desk, qtbot)
    assert dialog.windowTitle().startswith("Platz von ")
    difference = dialog.findChild(QLabel, "freeSeatDifference").text()
    assert difference.startswith("Deaktivieren behält") and "gibt den Platz frei" in difference
    assert (dialog.delete_button.text(), dialog.deactivate_button.text()) == (
        "Löschen…",
        "Deaktivieren",
    )
    assert "aktualisiert" in dialog.table.item(0, 3).text()
    dialog.reject()
    view = open_view(desk, qtbot)
    assert view.windowTitle() == "Voll belegte Lizenzen"
    assert view.status.text().startswith("1 Lizenz hat ein Produkt")
    view.close()


def alt_keys(desk, menu: str) -> list[str]:
    actions = desk.window.registry.menus[menu].actions()
    return [a.text().split("&")[1][0].lower() for a in actions if "&" in a.text()]


def test_the_new_menu_entries_keep_the_alt_keys_unique_in_german(german, desk):
    for menu in ("view", "support"):
        keys = alt_keys(desk, menu)
        assert len(keys) == len(set(keys)), (menu, keys)
    assert desk.window.registry["fullSeats"].text() == "Voll &belegte Lizenzen…"
    assert desk.window.registry["freeSeat"].text() == "Platz &freigeben…"


def test_the_new_menu_entries_keep_the_alt_keys_unique_in_english(desk):
    for menu in ("view", "support"):
        keys = alt_keys(desk, menu)
        assert len(keys) == len(set(keys)), (menu, keys)


def test_the_free_seat_dialog_is_whole_and_marks_this_computer_as_the_table_does(
    german, make_desk, sandbox_profile, sandbox, qtbot
):
    """ "Zuletzt aktualisiert" was cut at the dialog's default width, and this computer was
    "(Dieser Computer)" there but "(dieser Computer)" in the activations table."""
    from licensedesk.ui.activations.columns import COL_HOST
    from licensedesk.ui.shared.column_widths import header_width

    from .steps import oldest_first, rows

    oldest, _newer = oldest_first(sandbox)
    desk = make_desk(host_id=oldest["host_id"], profile=sandbox_profile)
    look_up(desk, qtbot, sandbox.serial("host_limit"))
    table = desk.window.workspace.activations.table
    hosts = [table.model().index(r, COL_HOST).data() for r in range(table.model().rowCount())]
    marked = [text for text in hosts if "Computer" in text]
    assert marked == [f"{oldest['host_id']}  (dieser Computer)"]
    dialog = open_dialog(desk, qtbot)
    assert rows(dialog)[0][2] == marked[0]
    table, header = dialog.table, dialog.table.horizontalHeader()
    assert table.model().headerData(3, Qt.Orientation.Horizontal) == "Zuletzt aktualisiert"
    for col in range(table.columnCount()):
        right = header.sectionViewportPosition(col) + header.sectionSize(col)
        assert header.sectionSize(col) >= header_width(table, col), col
        assert right <= table.viewport().width(), (col, right, table.viewport().width())
        assert header.sectionSize(col) >= table.sizeHintForColumn(col), col
    dialog.reject()
