"""Full seats in German: the products' line, *Platz freigeben…* and the view; the menus'
Alt keys stay unique in both languages."""

from __future__ import annotations

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
