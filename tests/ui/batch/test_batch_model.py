"""The table's model without a window: answers come in chunks (one ``dataChanged`` per
chunk, never one per row), land in their own row whatever the sort, and join a filter
on show; the progress line's words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import Qt

from licensedesk.batch.model import CheckResult, Status
from licensedesk.ui.batch.buffer import ResultBuffer
from licensedesk.ui.batch.model import COL_DAYS, COL_SERIAL, COL_STATUS, BatchModel
from licensedesk.ui.batch.progress import duration, input_summary, rate_and_left
from licensedesk.ui.batch.proxy import BatchProxy

from .steps import unknown


def answer(index: int, status: Status = Status.NOT_FOUND, days: int | None = None):
    end = datetime.now(UTC) + timedelta(days=days) if days is not None else None
    return CheckResult(
        index, unknown(index), status, str(status), found=days is not None, end=end, days_left=days
    )


def test_a_thousand_answers_are_one_chunk_and_one_data_changed(qtbot):
    model = BatchModel()
    model.set_input([unknown(i) for i in range(1000)])
    buffer = ResultBuffer()
    buffer.flushed.connect(model.apply)
    changes: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda a, b, _roles=(): changes.append((a.row(), b.row())))

    with qtbot.waitSignal(buffer.flushed, timeout=2000) as flushed:
        for i in reversed(range(1000)):
            buffer.add(answer(i))
        assert len(buffer) == 1000 and not changes  # nothing shown until the timer
    assert len(flushed.args[0]) == 1000
    assert changes == [(0, 999)]
    assert model.answered() == 1000
    assert model.index(999, COL_STATUS).data() == "not found"  # said from the status


def test_answers_land_in_their_rows_after_a_sort(qtbot):
    model = BatchModel()
    model.set_input([unknown(i) for i in range(6)])
    model.apply([answer(0, Status.ACTIVE, 300), answer(3, Status.EXPIRING, 10)])
    model.sort(COL_DAYS, Qt.SortOrder.AscendingOrder)
    assert [model.index(r, COL_SERIAL).data() for r in range(2)] == [unknown(3), unknown(0)]
    model.apply([answer(5, Status.EXPIRED, -3), answer(1)])
    for row in range(6):
        serial = model.index(row, COL_SERIAL).data()
        result = model.row(row)
        assert result.serial == serial
    assert model.index(model.row_of(5), COL_DAYS).data() == "-3"
    assert model.counts() == {
        "active": 1,
        "expiring": 1,
        "expired": 1,
        "not_found": 1,
        "waiting": 2,
    }


def test_a_sort_is_done_once_and_again_after_new_answers(qtbot):
    """``QTableView.sortByColumn`` asks the model twice (itself, and for the indicator)."""
    from PySide6.QtWidgets import QTableView

    model = BatchModel()
    proxy = BatchProxy()
    proxy.setSourceModel(model)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(proxy)
    view.setSortingEnabled(True)
    model.set_input([unknown(i) for i in range(5)])
    model.apply([answer(0, Status.ACTIVE, 300), answer(3, Status.EXPIRING, 10)])
    layouts = []
    model.layoutChanged.connect(lambda *_: layouts.append(1))
    view.sortByColumn(COL_DAYS, Qt.SortOrder.AscendingOrder)
    assert layouts == [1]
    model.apply([answer(4, Status.EXPIRED, -3)])
    view.sortByColumn(COL_DAYS, Qt.SortOrder.AscendingOrder)
    assert layouts == [1, 1]
    assert [proxy.index(r, COL_SERIAL).data() for r in range(3)] == [
        unknown(4),
        unknown(3),
        unknown(0),
    ]


def test_an_answer_joins_the_filter_on_show(qtbot):
    model = BatchModel()
    proxy = BatchProxy()
    proxy.setSourceModel(model)
    model.set_input([unknown(i) for i in range(4)], ["ABCD-1234"])
    proxy.set_filter("errors")
    assert proxy.rowCount() == 0
    model.apply([answer(2, Status.ERROR), answer(1)])
    assert [proxy.index(r, COL_SERIAL).data() for r in range(proxy.rowCount())] == [unknown(2)]
    proxy.set_filter("not_serial")
    assert proxy.index(0, COL_STATUS).data() == "not a serial"


@pytest.mark.parametrize(
    ("done", "total", "elapsed", "words"),
    [
        (2, 100, 0.1, ""),  # too early to say
        (50, 100, 2.0, "25 a second, about 2 s left"),
        (30, 1000, 10.0, "3.0 a second, about 6 min left"),
        (100, 100, 4.0, "25 a second"),
    ],
)
def test_rate_and_time_left(done, total, elapsed, words):
    assert rate_and_left(done, total, elapsed) == words


def test_durations_and_input_counts():
    assert [duration(s) for s in (0.2, 59.5, 61, 3600 + 1200)] == [
        "1 s",
        "1 min",
        "2 min",
        "1 h 20 min",
    ]
    assert input_summary(12, 3, 2) == "12 serials, 3 duplicates dropped, 2 not a serial"
    assert input_summary(1, 1, 0) == "1 serial, 1 duplicate dropped"
    assert input_summary(0, 0, 1) == "No serials, 1 not a serial"
    assert input_summary(0, 0, 0) == "No serials yet."


def test_the_table_repaints_for_answers_on_screen_only(qtbot):
    """A chunk far below the rows shown costs no repaint; one on screen is painted."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from licensedesk.ui.batch.window import BatchWindow

    window = BatchWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.show_rows([unknown(i) for i in range(1000)], ())
    viewport = window.table.viewport()
    paints: list[int] = []

    class Count(QObject):
        def eventFilter(self, obj, event) -> bool:
            if obj is viewport and event.type() == QEvent.Type.Paint:
                paints.append(1)
            return False

    counter = Count()
    viewport.installEventFilter(counter)
    QApplication.processEvents()
    paints.clear()
    window.model.apply([answer(i) for i in range(900, 950)])
    QApplication.processEvents()
    assert paints == []
    window.model.apply([answer(i) for i in range(0, 3)])
    QApplication.processEvents()
    assert paints
    assert window.table.model().index(0, COL_STATUS).data() == "not found"
