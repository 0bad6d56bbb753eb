"""A window of 1024 x 700 (a small laptop's screen, maximised): the products' Seats column
shows whole without scrolling, in English and German, and a licence of 42 devices shows
ten of them; column widths saved by an earlier version do not cut what the columns show."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QByteArray, QPoint, QSize
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QTableView

from licensedesk.ui.activations.columns import COL_HOST, THIS_COMPUTER_ROLE
from licensedesk.ui.lookup.products_model import COL_KEY, COL_NAME, COL_SEATS, SECRET_COLUMNS
from licensedesk.ui.shared.secret_field import MASK

from ..helpers import look_up

SMALL = QSize(1024, 700)


@pytest.fixture(params=["en", "de"])
def language(request):
    """Each test once in English, once in German (set before the window is built)."""
    if request.param == "de":
        request.getfixturevalue("german")
    return request.param


def at_small_size(desk, qtbot) -> None:
    """The window at 1024 x 700, laid out."""
    window = desk.window
    window.resize(SMALL)

    def laid_out() -> bool:
        QApplication.sendPostedEvents()  # the layout requests the resize posted
        return window.size() == SMALL

    qtbot.waitUntil(laid_out, timeout=2000)


def whole_in_view(table: QTableView, col: int) -> bool:
    """Whether column ``col`` lies wholly inside the table's viewport, as it is scrolled."""
    header = table.horizontalHeader()
    left = header.sectionViewportPosition(col)
    return left >= 0 and left + header.sectionSize(col) <= table.viewport().width()


def test_at_1024_by_700_the_seats_column_shows_whole_without_scrolling(language, desk, qtbot):
    ws = desk.window.workspace
    look_up(desk, qtbot, desk.sandbox.serial("subscription_active"))  # two products
    at_small_size(desk, qtbot)
    table, model = ws.products.table, ws.products.model
    assert model.rowCount() == 2 and table.isVisible()
    assert table.horizontalScrollBar().value() == 0
    assert whole_in_view(table, COL_SEATS), (language, table.viewport().width())
    assert table.horizontalScrollBar().maximum() == 0  # the code is cut short, not scrolled
    header = table.horizontalHeader()
    assert header.visualIndex(COL_SEATS) == header.visualIndex(COL_NAME) + 1  # beside it
    # its title and its counts fit the column (not cut to "…")
    width = header.sectionSize(COL_SEATS)
    title = str(model.headerData(COL_SEATS, header.orientation()))
    assert header.fontMetrics().horizontalAdvance(title) < width, title
    for row in range(model.rowCount()):
        text = model.index(row, COL_SEATS).data()
        assert table.fontMetrics().horizontalAdvance(text) < width, text
    # the masked secrets are not columns: the fields under the table show them
    assert all(table.isColumnHidden(col) for col in SECRET_COLUMNS)
    assert all(field.isVisible() for field in ws.products.secret_fields.values())


def test_at_1024_by_700_a_licence_of_42_devices_shows_ten_rows(language, desk, qtbot):
    ws = desk.window.workspace
    look_up(desk, qtbot, desk.sandbox.serial("many_activations"))
    at_small_size(desk, qtbot)
    table = ws.activations.table
    model = table.model()
    assert model.rowCount() == 42
    view = table.viewport().rect()
    whole_rows = [
        row
        for row in range(model.rowCount())
        if view.contains(table.visualRect(model.index(row, 0)))
    ]
    assert len(whole_rows) >= 10, (language, table.viewport().height())
    # the card gave up the height: it scrolls, its rows whole inside (none clipped)
    card = ws.card
    assert card.height() >= card.heightForWidth(card.width())


def test_a_host_id_column_saved_too_narrow_is_restored_with_room_for_the_marker(
    language, desk, make_desk, qtbot, qsettings
):
    ws = desk.window.workspace
    ws.activations.table.setColumnWidth(COL_HOST, 330)  # an earlier version's width
    ws.products.table.setColumnWidth(COL_NAME, 200)
    desk.save_state()
    qsettings.setValue("workspace/productsHeader", QByteArray(b"an earlier column order"))

    again = make_desk(host_id=desk.this_host, profile="Sandbox")
    look_up(again, qtbot, desk.sandbox.serial("perpetual"))  # a device of this computer
    table = again.window.workspace.activations.table
    model = table.model()
    mine = next(
        r for r in range(model.rowCount()) if model.index(r, COL_HOST).data(THIS_COMPUTER_ROLE)
    )
    text = model.index(mine, COL_HOST).data()
    assert text.endswith(")"), text  # "… (this computer)", in the language in use
    bold = QFont(table.font())
    bold.setBold(True)
    assert QFontMetrics(bold).horizontalAdvance(text) < table.columnWidth(COL_HOST)
    # a width that cuts nothing is the person's, and stays
    assert again.window.workspace.products.table.columnWidth(COL_NAME) == 200
    again.save_state()
    assert qsettings.value("workspace/productsHeader") is None  # the earlier order's, gone


def test_the_hidden_secrets_columns_are_a_right_click_on_the_header_away(desk, qtbot):
    ws = desk.window.workspace
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    table, menu = ws.products.table, ws.products.column_menu
    table.horizontalHeader().customContextMenuRequested.emit(QPoint(4, 4))
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    titles = [action.text() for action in menu.actions()]
    assert titles == ["Seats", "Active", "Code", "Key", "Signature", "Signature (trial)"]
    key = menu.actions()[titles.index("Key")]
    assert not key.isChecked()
    key.trigger()
    menu.close()
    assert not table.isColumnHidden(COL_KEY) and table.columnWidth(COL_KEY) > 0
    assert table.model().index(0, COL_KEY).data() == MASK
