"""The batch window's exports write what the chosen path is (docs/ui.md, "Files"): a FIFO
is written through to its reader, a symlink stays a link with its target replaced, a
device stays a device, and a full device is a sentence in the banner, never "Saved".
Only the OS file dialog is replaced."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from ...support.xlsx_cells import sheet_rows
from ..helpers import click
from .steps import check_text, unknown
from .test_batch_export import answer_dialog

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX FIFOs and devices")


def device_like(source: str, where: Path) -> Path:
    """A character device node named like ``source`` (no extension) in the test's folder."""
    if os.geteuid() != 0:
        pytest.skip("making a device node takes root")
    node = where / Path(source).name
    os.mknod(node, stat.S_IFCHR | 0o666, os.stat(source).st_rdev)
    return node


def test_xlsx_into_a_fifo_reaches_its_reader(desk, qtbot, tmp_path, monkeypatch):
    window = check_text(desk, qtbot, unknown(1))
    fifo = tmp_path / "pipe.xlsx"
    os.mkfifo(fifo)
    reading = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader is there before the write
    got = bytearray()

    def read_all() -> None:
        os.set_blocking(reading, True)
        while chunk := os.read(reading, 1 << 16):
            got.extend(chunk)
        os.close(reading)

    answer_dialog(monkeypatch, window, lambda _p: fifo)
    click(qtbot, window.export_xlsx_button)
    reader = threading.Thread(target=read_all, daemon=True)
    reader.start()
    reader.join(timeout=30)

    assert window.status_label.text() == f"Saved 1 row to {fifo}", window.banner.text()
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    copy = tmp_path / "copy.xlsx"
    copy.write_bytes(bytes(got))
    assert sheet_rows(copy)[1][0] == unknown(1)


def test_a_fifo_nobody_reads_is_a_sentence_at_once(desk, qtbot, tmp_path, monkeypatch):
    window = check_text(desk, qtbot, unknown(1))
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    answered = threading.Event()
    released: list[bool] = []

    def release() -> None:  # a window that waits for a reader would hang the test: end it
        if not answered.wait(20):
            released.append(True)
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))

    threading.Thread(target=release, daemon=True).start()
    answer_dialog(monkeypatch, window, lambda _p: fifo)
    click(qtbot, window.export_csv_button)
    answered.set()
    assert not released, "the window waited for a reader"
    assert window.banner.text() == f"Could not save to {fifo}: no program is reading from it."
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and "Saved" not in window.status_label.text()


def test_csv_into_a_symlink_keeps_the_link(desk, qtbot, tmp_path, monkeypatch):
    window = check_text(desk, qtbot, unknown(2))
    target = tmp_path / "real.csv"
    target.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    answer_dialog(monkeypatch, window, lambda _p: link)
    click(qtbot, window.export_csv_button)
    assert window.status_label.text() == f"Saved 1 row to {link}"
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert unknown(2) in target.read_text(encoding="utf-8")


def test_a_full_device_is_a_sentence_and_stays_a_device(desk, qtbot, tmp_path, monkeypatch):
    window = check_text(desk, qtbot, unknown(3))
    folder = tmp_path / "out"
    folder.mkdir()
    full = device_like("/dev/full", folder)  # no extension: the device as named
    answer_dialog(monkeypatch, window, lambda _p: full)
    click(qtbot, window.export_csv_button)
    assert window.banner.text() == f"Could not save to {full}: the disk is full."
    assert "Saved" not in window.status_label.text()
    assert stat.S_ISCHR(full.lstat().st_mode)
    assert os.listdir(folder) == ["full"]  # no full.csv, no temporary file beside it
