"""Serials from a file: Open file… or a .txt/.csv dropped on the window or on the serials
box (opened, not pasted as its path); a file that cannot be read is a sentence."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from licensedesk.ui.batch.model import COL_SERIAL, COL_STATUS

from ..helpers import click
from .steps import check, column, open_batch, wait_checked


def spreadsheet(path, sandbox) -> list[str]:
    """A CSV as a spreadsheet exports it: a header, a serial column, other columns."""
    serials = [sandbox.serial(k) for k in ("perpetual", "trial", "offline")]
    lines = [
        "Customer;Serial;Seats",
        *(f"Customer {n};{s.lower()};3" for n, s in enumerate(serials)),
        f"Again;{serials[0]};1",
    ]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8-sig"))  # Excel's BOM
    return serials


def drop(widget, path) -> bool:
    """Drag a file from a file manager onto ``widget`` and drop it; True if it was taken."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    at = widget.rect().center()
    enter = QDragEnterEvent(
        at,
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    event = QDropEvent(
        QPointF(QPoint(at)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def test_open_file_reads_a_spreadsheet_csv(desk, qtbot, tmp_path, monkeypatch):
    window = open_batch(desk, qtbot)
    serials = spreadsheet(tmp_path / "customers.csv", desk.sandbox)
    monkeypatch.setattr(window, "ask_open_path", lambda: str(tmp_path / "customers.csv"))

    click(qtbot, window.open_button)

    assert window.count_label.text() == "3 serials, 1 duplicate dropped"
    assert window.status_label.text() == "Read customers.csv."
    check(window, qtbot)
    wait_checked(desk, qtbot)
    assert column(window, COL_SERIAL) == serials
    assert column(window, COL_STATUS) == ["active", "expires in 25 days", "active"]


def test_a_file_dropped_on_the_window_or_the_box_is_read(desk, qtbot, tmp_path):
    window = open_batch(desk, qtbot)
    serials = spreadsheet(tmp_path / "list.csv", desk.sandbox)
    assert drop(window, tmp_path / "list.csv")
    assert window.count_label.text() == "3 serials, 1 duplicate dropped"

    window.input.clear()
    text = tmp_path / "one.txt"
    text.write_text(serials[1] + "\n")
    assert drop(window.input, text)
    assert window.input.toPlainText() == serials[1] + "\n"  # its serials, not its path
    assert window.count_label.text() == "1 serial"

    assert not drop(window, tmp_path / "picture.png")  # not a list of serials: not taken


def test_a_file_that_cannot_be_read_is_a_sentence(desk, qtbot, tmp_path, monkeypatch):
    window = open_batch(desk, qtbot)
    missing = tmp_path / "gone.csv"
    monkeypatch.setattr(window, "ask_open_path", lambda: str(missing))
    click(qtbot, window.open_button)
    assert window.banner.text() == f"Could not open {missing}: the file does not exist."
    binary = tmp_path / "data.csv"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
    monkeypatch.setattr(window, "ask_open_path", lambda: str(binary))
    click(qtbot, window.open_button)
    assert window.banner.text() == (
        "data.csv is not a text file; a list of serials is a .txt, .csv or .xlsx file."
    )
    assert window.input.toPlainText() == ""


def workbook(path, sandbox) -> list[str]:
    """An .xlsx as a spreadsheet saves it: a header, serials in a column, numbers beside."""
    import xlsxwriter

    serials = [sandbox.serial(k) for k in ("perpetual", "trial")]
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Customers")
    sheet.write_row(0, 0, ["Customer", "Serial", "Seats"])
    for row, serial in enumerate(serials, start=1):
        sheet.write_row(row, 0, [f"Customer {row}", serial, 3])
    book.add_worksheet("Later").write_string(0, 0, sandbox.serial("offline"))
    book.close()
    return [*serials, sandbox.serial("offline")]


def test_open_file_reads_an_xlsx_workbook(desk, qtbot, tmp_path, monkeypatch):
    window = open_batch(desk, qtbot)
    serials = workbook(tmp_path / "customers.xlsx", desk.sandbox)
    monkeypatch.setattr(window, "ask_open_path", lambda: str(tmp_path / "customers.xlsx"))
    click(qtbot, window.open_button)
    assert window.count_label.text() == "3 serials"
    check(window, qtbot)
    wait_checked(desk, qtbot)
    assert column(window, COL_SERIAL) == serials


def test_a_damaged_workbook_is_a_sentence(desk, qtbot, tmp_path, monkeypatch):
    window = open_batch(desk, qtbot)
    path = tmp_path / "broken.xlsx"
    path.write_bytes(b"PK\x03\x04" + b"\0" * 200)
    monkeypatch.setattr(window, "ask_open_path", lambda: str(path))
    click(qtbot, window.open_button)
    assert window.banner.text() == (
        "broken.xlsx looks like a spreadsheet but cannot be read "
        "as an .xlsx workbook; save it as .xlsx or .csv."
    )
