"""The activations table's model, which sorts and filters itself: the order and the
filter hold through each other, the selection follows its devices, rows change in place
(also those the filter hides), and a sort is done once, not twice."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QTableView

from licensedesk.api.models import Activation
from licensedesk.ui.activations.model import (
    COL_CREATED,
    COL_DEVICE,
    COL_HOST,
    COL_ID,
    ID_ROLE,
    ActivationsModel,
)

TAGS = ("Linux__64bits", "Windows 11__64bits", "macOS 14__64bits")


def devices(n: int) -> list[Activation]:
    base = datetime(2026, 1, 1, tzinfo=UTC)
    return [
        Activation(
            id=i + 1,
            license_id=1,
            product_id=1 + i % 2,
            activated=i % 3 != 0,
            host_id=f"{(i * 7919) % 1000:03d}".ljust(32, "a"),
            device_tag=TAGS[i % 3],
            created_at=base + timedelta(minutes=(i * 37) % n),
            updated_at=base,
            product_name=f"Product {i % 2}",
        )
        for i in range(n)
    ]


def ids(model) -> list[int]:
    return [model.index(r, COL_ID).data(ID_ROLE) for r in range(model.rowCount())]


@pytest.fixture
def view(qtbot):
    table = QTableView()
    qtbot.addWidget(table)
    model = ActivationsModel(table)
    table.setModel(model)
    table.setSortingEnabled(True)
    model.set_activations(devices(30))
    table.show()
    return table


def test_sort_then_filter_and_filter_then_sort_agree(view):
    model, rows = view.model(), devices(30)
    by_host = [a.id for a in sorted(rows, key=lambda a: a.host_id)]
    linux = {a.id for a in rows if a.device_tag.startswith("Linux")}
    view.sortByColumn(COL_HOST, Qt.SortOrder.AscendingOrder)
    model.set_filter_text("  LINUX ")
    assert ids(model) == [i for i in by_host if i in linux]
    model.set_filter_text("")
    model.set_filter_text("linux")
    view.sortByColumn(COL_CREATED, Qt.SortOrder.DescendingOrder)
    by_created = [a.id for a in sorted(rows, key=lambda a: a.created_at, reverse=True)]
    assert ids(model) == [i for i in by_created if i in linux]
    assert model.total() == 30 and model.rowCount() == len(linux)
    model.set_filter_text("")
    assert ids(model) == by_created  # every device, still in that order


def test_the_selection_follows_its_devices_and_goes_with_the_filter(view):
    model = view.model()
    chosen = [ids(model)[r] for r in (1, 4)]  # Windows (i=1) and Windows (i=4)
    for row in (1, 4):
        view.selectionModel().select(
            model.index(row, 0),
            QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
        )
    view.sortByColumn(COL_HOST, Qt.SortOrder.DescendingOrder)
    selected = sorted(
        model.index(i.row(), 0).data(ID_ROLE) for i in view.selectionModel().selectedRows()
    )
    assert selected == sorted(chosen)
    model.set_filter_text("linux")  # neither is a Linux device: the selection goes
    assert view.selectionModel().selectedRows() == []


def test_a_sort_is_done_once(view):
    """``QTableView.sortByColumn`` asks the model twice (itself, and for the indicator)."""
    model = view.model()
    layouts = []
    model.layoutChanged.connect(lambda *_: layouts.append(1))
    view.sortByColumn(COL_DEVICE, Qt.SortOrder.AscendingOrder)
    assert layouts == [1]
    model.set_activated(ids(model)[0], True)  # a change: the next sort is done again
    view.sortByColumn(COL_DEVICE, Qt.SortOrder.AscendingOrder)
    assert layouts == [1, 1]


def test_a_device_filtered_out_is_still_held_changed_and_removed(view):
    model = view.model()
    model.set_filter_text("windows")
    hidden = next(a for a in devices(30) if a.device_tag.startswith("Linux"))
    assert hidden.id not in ids(model) and model.activation(hidden.id) == hidden
    model.set_activated(hidden.id, not hidden.activated)
    assert model.activation(hidden.id).activated is not hidden.activated
    model.remove_activation(hidden.id)
    assert model.activation(hidden.id) is None and model.total() == 29
    model.set_filter_text("")
    assert hidden.id not in ids(model) and model.rowCount() == 29


def test_the_filter_finds_what_the_cells_show_escapes_included():
    model = ActivationsModel()
    odd = devices(2)
    odd[1] = dataclasses.replace(odd[1], device_tag="Linux\u202e__64bits")
    model.set_activations(odd)
    model.set_filter_text("\\u202e")  # the cell shows the escape, not the raw character
    assert ids(model) == [odd[1].id]
    assert model.index(0, COL_DEVICE).data() == "Linux\\u202e__64bits"


def test_under_a_filter_changes_and_removals_reach_the_row_shown_for_their_device(view):
    model = view.model()
    model.set_filter_text("windows")
    shown = ids(model)
    changed, gone = [], []
    model.dataChanged.connect(lambda top, _bottom, *_: changed.append(top.row()))
    model.rowsRemoved.connect(lambda _parent, first, _last: gone.append(first))
    model.set_activated(shown[3], True)
    assert changed == [3] and model.row_of(shown[3]) == 3
    model.remove_activation(shown[2])
    assert gone == [2] and ids(model) == shown[:2] + shown[3:]
    assert model.row_of(shown[3]) == 2 and model.row_of(shown[2]) == -1
    model.set_state_filter("inactive")  # the text filter stays on top
    assert ids(model) == [i for i in shown[:2] + shown[3:] if not model.activation(i).activated]
