"""A long device list says how many are on ("36 of 42 active", German too) and filters
All / Active / Inactive in one click, with the text filter on top of it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.ui.activations.model import COL_ACTIVATED, COL_HOST

from ..helpers import activations_table, click, look_up, row_texts, select_rows


def states(table) -> set[bool]:
    model = table.model()
    return {
        model.index(r, COL_ACTIVATED).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        for r in range(model.rowCount())
    }


def choose_state(panel, qtbot, words: str) -> None:
    """Open the quick filter and pick ``words`` with the keyboard, as a person would."""
    combo = panel.state_filter
    combo.setFocus()
    target = combo.findText(words)
    assert target >= 0, words
    while combo.currentIndex() != target:
        key = Qt.Key.Key_Down if combo.currentIndex() < target else Qt.Key.Key_Up
        QTest.keyClick(combo, key)


def test_a_long_list_says_how_many_are_active_and_filters_them(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("many_activations"))
    panel = desk.window.workspace.activations
    table = activations_table(desk)
    assert panel.active_label.text() == "36 of 42 active"
    assert panel.active_label.isVisible()

    choose_state(panel, qtbot, "Inactive")
    assert table.model().rowCount() == 6
    assert states(table) == {False}
    assert panel.count_label.text() == "6 of 42"
    assert panel.active_label.text() == "36 of 42 active"  # of all devices, not those shown

    choose_state(panel, qtbot, "Active")
    assert table.model().rowCount() == 36
    assert states(table) == {True}
    host = row_texts(table, COL_HOST)[0]
    QTest.keyClicks(panel.filter, host)  # the text filter narrows the active ones further
    assert row_texts(table, COL_HOST) == [host]

    panel.filter.clear()
    choose_state(panel, qtbot, "All")
    assert table.model().rowCount() == 42
    assert panel.count_label.text() == "42 devices"


def test_the_summary_follows_a_device_switched_off(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    panel = desk.window.workspace.activations
    before = panel.active_label.text()
    active = int(before.split()[0])
    table = activations_table(desk)
    model = table.model()
    row = next(
        r
        for r in range(model.rowCount())
        if model.index(r, COL_ACTIVATED).data(Qt.ItemDataRole.CheckStateRole)
        == Qt.CheckState.Checked
    )
    select_rows(table, [row])
    click(qtbot, panel.deactivate_button)
    qtbot.waitUntil(lambda: panel.active_label.text() != before, timeout=5000)
    assert panel.active_label.text().startswith(f"{active - 1} of ")


def test_the_summary_and_the_filter_speak_german(german, desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("many_activations"))
    panel = desk.window.workspace.activations
    assert panel.active_label.text() == "36 von 42 aktiv"
    assert [panel.state_filter.itemText(i) for i in range(3)] == ["Alle", "Aktiv", "Inaktiv"]
