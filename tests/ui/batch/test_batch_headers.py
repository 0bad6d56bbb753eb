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


@pytest.mark.usefixtures("german")
def test_the_status_words_are_whole_in_german(desk, qtbot):
    """The German status words of the demo's licences ("noch nicht begonnen: beginnt in 7
    Tagen" was cut at 230 pixels) fit the Status column at its default width."""
    from licensedesk.batch.model import Status
    from licensedesk.batch.status import date_words
    from licensedesk.ui.batch.model import COL_STATUS
    from licensedesk.ui.shared.column_widths import cell_width

    from .steps import check_text, column

    serials = desk.sandbox.data["catalogue"]["serials"].values()
    window = check_text(desk, qtbot, "\n".join(serials))
    table = window.table
    width = table.columnWidth(COL_STATUS)
    words = [*column(window, COL_STATUS), date_words(Status.NOT_STARTED, 365)]
    assert "abgelaufen" in " ".join(words)  # German, and a date's words among them
    for text in words:
        assert cell_width(table, text) <= width, (text, width)
