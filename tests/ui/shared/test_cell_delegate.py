"""CellDelegate paints a cell as Qt's own delegate paints the model's roles: the same
pixels for text, a check box, the bold "this computer" row on its tint, a red "No", a
right-aligned number, a filtered table and a selected row. The lookup's two tables and
the batch table paint with it (issue #14)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QImage
from PySide6.QtWidgets import QStyledItemDelegate, QTableView

from licensedesk.api.models import Activation, Product
from licensedesk.batch.model import CheckResult, Status
from licensedesk.ui.activations.model import COL_ACTIVATED, COL_HOST, ActivationsModel
from licensedesk.ui.activations.panel import ActivationsPanel
from licensedesk.ui.batch.model import COL_DAYS, COL_STATUS, BatchModel
from licensedesk.ui.batch.proxy import BatchProxy
from licensedesk.ui.batch.window import BatchWindow
from licensedesk.ui.lookup.products_model import COL_ACTIVE, ProductsModel
from licensedesk.ui.lookup.products_panel import ProductsPanel
from licensedesk.ui.shared.cell_delegate import CellDelegate, Look, look_value


def devices() -> list[Activation]:
    when = datetime(2026, 3, 4, 5, 6, tzinfo=UTC)
    return [Activation(id=10 + i, license_id=1, product_id=1, activated=i % 2 == 0,
                       host_id=f"HOST-{i}".ljust(32, "x"), device_tag=f"laptop {i}",
                       created_at=when, updated_at=when, product_name="Pro") for i in range(4)]


def products() -> list[Product]:
    return [Product(id=1, name="Tool", code="tool", key="K" * 20, active=True,
                    max_host_count=3),
            Product(id=2, name="Old tool", code="old", signature="S" * 40, active=False)]


def shown_table(qtbot, model, delegate) -> QTableView:
    table = QTableView()
    qtbot.addWidget(table)
    table.setModel(model)
    if delegate is not None:
        table.setItemDelegate(delegate)
    table.resize(900, 200)
    table.show()
    qtbot.waitExposed(table)
    table.selectRow(1)
    return table


def pixels(table: QTableView) -> QImage:
    return table.viewport().grab().toImage()


def paint_both(qtbot, model) -> tuple[QImage, QImage]:
    ours = shown_table(qtbot, model, CellDelegate(model))
    qts = shown_table(qtbot, model, QStyledItemDelegate())
    return pixels(ours), pixels(qts)


def test_activations_cells_are_painted_as_qt_paints_their_roles(qtbot):
    model = ActivationsModel()
    rows = devices()
    model.set_activations(rows)
    model.set_this_host(rows[2].host_id)  # bold, on its tint, "(This computer)"
    ours, qts = paint_both(qtbot, model)
    assert ours == qts
    check = model.index(2, COL_ACTIVATED).data(Qt.ItemDataRole.CheckStateRole)
    assert check == Qt.CheckState.Checked
    assert isinstance(model.index(2, COL_HOST).data(Qt.ItemDataRole.FontRole), QFont)


def test_products_cells_are_painted_as_qt_paints_their_roles(qtbot):
    model = ProductsModel()
    model.set_products(products())
    ours, qts = paint_both(qtbot, model)
    assert ours == qts
    assert model.index(1, COL_ACTIVE).data(Qt.ItemDataRole.ForegroundRole) is not None


def test_batch_cells_are_painted_as_qt_paints_their_roles_through_the_filter(qtbot):
    model = BatchModel()
    serials = [f"AAAA-BBBB-CCCC-DDDD-{n:04d}" for n in range(6)]
    model.set_input(serials)
    end = datetime(2030, 1, 1, tzinfo=UTC)
    model.apply([
        CheckResult(0, serials[0], Status.NOT_FOUND, "not found"),
        CheckResult(1, serials[1], Status.ACTIVE, "active", found=True, end=end, days_left=900),
        CheckResult(2, serials[2], Status.EXPIRING, "expiring", found=True, end=end,
                    days_left=5),
        CheckResult(3, serials[3], Status.ERROR, "could not check"),
    ])
    proxy = BatchProxy()
    proxy.setSourceModel(model)
    proxy.set_filter("not_checked")  # the rows still waiting: 4 and 5 of the model
    assert proxy.rowCount() == 2
    for shown_rows in ("not_checked", "all"):
        proxy.set_filter(shown_rows)
        ours = shown_table(qtbot, proxy, CellDelegate(model, proxy=proxy))
        qts = shown_table(qtbot, proxy, QStyledItemDelegate())
        assert pixels(ours) == pixels(qts), shown_rows
    assert model.index(2, COL_STATUS).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert model.index(1, COL_DAYS).data(Qt.ItemDataRole.TextAlignmentRole) == int(
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def test_a_wrong_look_would_show(qtbot):
    """The comparison sees a difference: a model whose Look drops the bold font."""
    model = ActivationsModel()
    rows = devices()
    model.set_activations(rows)
    model.set_this_host(rows[2].host_id)
    plain = ActivationsModel()
    plain.set_activations(rows)
    plain.set_this_host(rows[2].host_id)
    plain.look = lambda r, c: model.look(r, c)._replace(font=None)
    assert pixels(shown_table(qtbot, model, CellDelegate(plain))) != pixels(
        shown_table(qtbot, model, QStyledItemDelegate()))


def test_look_value_answers_data_roles():
    look = Look("x", Qt.CheckState.Checked, align=Qt.AlignmentFlag.AlignRight)
    assert look_value(look, Qt.ItemDataRole.DisplayRole) == "x"
    assert look_value(look, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert look_value(look, Qt.ItemDataRole.TextAlignmentRole) == int(Qt.AlignmentFlag.AlignRight)
    assert look_value(look, Qt.ItemDataRole.FontRole) is None


@pytest.mark.parametrize("panel_type", [ActivationsPanel, ProductsPanel, BatchWindow])
def test_the_tables_paint_with_it(qtbot, panel_type):
    panel = panel_type()
    qtbot.addWidget(panel)
    assert isinstance(panel.table.itemDelegate(), CellDelegate)
