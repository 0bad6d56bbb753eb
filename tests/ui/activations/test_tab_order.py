"""The activations by keyboard alone (issue #15): Tab goes filter → All/Active/Inactive
→ table → the buttons that act on the selected devices → Export CSV… → Cancel (while a
bulk action runs), though the buttons sit beside the filter; buttons that cannot act are
passed over; every stop, and the count beside the filter, has a name a screen reader
says."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ..helpers import accessible_name, activations_table, look_up, select_rows, tab_sequence

WRITE_BUTTONS = ["activateButton", "deactivateButton", "deleteButton"]


def names(widgets) -> list[str]:
    return [w.objectName() if w is not None else "<none>" for w in widgets]


def focus_window(desk, qtbot) -> None:
    desk.window.activateWindow()
    qtbot.waitUntil(desk.window.isActiveWindow, timeout=2000)


def assert_named(widgets) -> None:
    for widget in widgets:
        name = accessible_name(widget)
        assert name.strip() and name != widget.objectName(), (widget.objectName(), name)


def test_tab_goes_filter_table_then_the_bulk_buttons(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("many_activations"))
    panel = desk.window.workspace.activations
    focus_window(desk, qtbot)
    select_rows(activations_table(desk), [0, 2])

    reached = tab_sequence(panel.filter, 7)

    assert names(reached) == [
        "activationsState",
        "activationsTable",
        *WRITE_BUTTONS,
        "exportButton",
        "profileSelector",
    ]
    assert_named([panel.filter, *reached[:6]])
    assert panel.table.accessibleDescription()  # how the table works: arrows, Space, Del


def test_while_a_bulk_action_runs_tab_reaches_cancel_not_the_write_buttons(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("many_activations"))
    panel = desk.window.workspace.activations
    focus_window(desk, qtbot)
    select_rows(activations_table(desk), [0])
    panel.set_bulk_running(True, 3, "Deactivating %v of %m")  # as the controller's start does
    try:
        reached = tab_sequence(panel.filter, 4)
        assert names(reached) == [
            "activationsState",
            "activationsTable",
            "exportButton",
            "bulkCancelButton",
        ]
        assert_named(reached)
        assert panel.progress.text() == "Deactivating 0 of 3"
    finally:
        panel.set_bulk_running(False)


def test_a_read_only_profile_passes_over_the_write_buttons(reseller, qtbot):
    look_up(reseller, qtbot, reseller.sandbox.serial("perpetual"))
    panel = reseller.window.workspace.activations
    focus_window(reseller, qtbot)
    select_rows(activations_table(reseller), [0])
    reached = tab_sequence(panel.filter, 3)
    assert names(reached) == ["activationsState", "activationsTable", "exportButton"]
    assert all(
        b.accessibleDescription() == b.toolTip() != ""
        for b in (panel.activate_button, panel.deactivate_button, panel.delete_button)
    )


def test_the_device_count_is_named_and_counts_in_words(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    panel = desk.window.workspace.activations
    assert accessible_name(panel.count_label) == "Number of devices"
    assert not panel.count_label.focusPolicy() & Qt.FocusPolicy.TabFocus
    total = panel.model.total()
    assert panel.count_label.text() == f"{total} devices"
    panel.filter.setText(desk.this_host)
    assert panel.count_label.text() == f"1 of {total}"
    panel.show_activations(panel.model.activations()[:1])
    panel.filter.clear()
    assert panel.count_label.text() == "1 device"
