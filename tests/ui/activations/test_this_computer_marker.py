"""The "(this computer)" marker is shown whole at the window's default size, in English
and German: the Host ID column is as wide as a host ID and the marker, in the row's bold."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from licensedesk.ui.activations.columns import COL_HOST, THIS_COMPUTER_ROLE

from ..helpers import activations_table, look_up


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_marker_fits_its_column_at_the_default_size(request, qtbot, language):
    if language == "de":
        request.getfixturevalue("german")  # before the window is built, as at a start
    desk = request.getfixturevalue("desk")
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    table = activations_table(desk)
    model = table.model()
    row = next(
        r for r in range(model.rowCount()) if model.index(r, COL_HOST).data(THIS_COMPUTER_ROLE)
    )
    cell = model.index(row, COL_HOST)
    text = cell.data()
    assert ("dieser computer" if language == "de" else "this computer") in text.lower()
    font = cell.data(Qt.ItemDataRole.FontRole) or table.font()
    needed = QFontMetrics(font).horizontalAdvance(text)
    margins = 2 * (
        table.style().pixelMetric(table.style().PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    )
    assert table.horizontalHeader().sectionSize(COL_HOST) >= needed + margins
    rect = table.visualRect(cell)
    assert rect.right() <= table.viewport().width()  # on show, not behind the scroll bar
