"""Every title of the batch table is whole, in English and in German ("Gefunden", "Tage
verbleibend" were cut to "iefunde", "e verbleibe"): each header section is at least as
wide as its text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from .steps import open_batch


def assert_whole_titles(window) -> None:
    table = window.table
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    for col in range(table.model().columnCount()):
        text = table.model().headerData(col, Qt.Orientation.Horizontal)
        assert header.sectionSize(col) >= metrics.horizontalAdvance(text) + 8, (col, text)


def test_the_batch_titles_are_whole_in_english(desk, qtbot):
    assert_whole_titles(open_batch(desk, qtbot))


@pytest.mark.usefixtures("german")
def test_the_batch_titles_are_whole_in_german(desk, qtbot):
    window = open_batch(desk, qtbot)
    assert window.table.model().headerData(2, Qt.Orientation.Horizontal) == "Gefunden"
    assert_whole_titles(window)
