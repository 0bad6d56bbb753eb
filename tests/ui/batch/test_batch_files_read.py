"""What the batch window reads is read as the command line reads it (docs/ui.md, "Files"):
in bounded pieces up to the ceiling of a list of serials, a picture or ``/dev/zero`` is
"not a text file" in the command line's own sentence, a FIFO nobody writes to reads as
empty at once (no window that hangs), and a paste past the ceiling is refused with a
sentence. Only the OS file dialog is replaced."""

from __future__ import annotations

import os
import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from ..helpers import click
from .steps import open_batch

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX devices and FIFOs")

NOT_TEXT = "{name} is not a text file; a list of serials is a .txt, .csv or .xlsx file."
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"


def open_file(window, qtbot, monkeypatch, path) -> None:
    monkeypatch.setattr(window, "ask_open_path", lambda: str(path))
    click(qtbot, window.open_button)


def test_a_picture_is_not_a_text_file_as_the_command_line_says(desk, qtbot, tmp_path, monkeypatch):
    from tests.contract.cli.child import ChildCli

    picture = tmp_path / "pic.png"
    picture.write_bytes(PNG + bytes(200))
    window = open_batch(desk, qtbot)
    open_file(window, qtbot, monkeypatch, picture)
    assert window.banner.text() == NOT_TEXT.format(name="pic.png")
    assert window.input.toPlainText() == ""

    child = ChildCli(desk.sandbox, tmp_path)
    done = child("check", str(picture), *child.conn)
    assert done.err_lines == ["Error: " + NOT_TEXT.format(name=picture)]  # the same sentence


def test_dev_zero_is_not_a_text_file(desk, qtbot, monkeypatch):
    window = open_batch(desk, qtbot)
    open_file(window, qtbot, monkeypatch, "/dev/zero")
    assert window.banner.text() == NOT_TEXT.format(name="zero")
    assert window.input.toPlainText() == ""


def test_a_fifo_nobody_writes_to_reads_as_empty_at_once(desk, qtbot, tmp_path, monkeypatch):
    window = open_batch(desk, qtbot)
    fifo = tmp_path / "serials.txt"
    os.mkfifo(fifo)
    answered = threading.Event()
    released: list[bool] = []

    def release() -> None:  # a window that waits for a writer would hang the test: end it
        if not answered.wait(20):
            released.append(True)
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    threading.Thread(target=release, daemon=True).start()
    open_file(window, qtbot, monkeypatch, fifo)
    answered.set()
    assert not released, "the window waited for a writer"
    assert window.status_label.text() == "Read serials.txt."
    assert window.input.toPlainText() == ""


def test_a_paste_past_the_ceiling_is_refused_with_a_sentence(desk, qtbot):
    window = open_batch(desk, qtbot)
    QGuiApplication.clipboard().setText("y\n" * (5 * 1024 * 1024) + "y")  # 10 MB and a byte
    window.input.setFocus()
    QTest.keyClick(window.input, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert window.banner.text() == (
        "The pasted text is larger than 10 MB; a list of serials is much smaller."
    )
    assert window.input.toPlainText() == ""
    QGuiApplication.clipboard().setText("ABCD")
    QTest.keyClick(window.input, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert window.input.toPlainText() == "ABCD"  # a paste under it is taken as ever
