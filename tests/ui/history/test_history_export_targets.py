"""The History window's export writes what the chosen path is (docs/ui.md, "Files"): a FIFO
is written through to its reader and stays a FIFO, a symlink stays a link with its target
replaced, and a full device is one sentence, never "Saved". Only the file dialog is
replaced."""

from __future__ import annotations

import os
import stat

import pytest

from licensedesk.ui.history import export

from .steps import export_with
from .test_history_paging import seed
from .test_history_window import open_window

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX FIFOs and devices")

N = 30  # a CSV of a few kB: it fits in the pipe's buffer, read once the export ended


def answer(monkeypatch, w, target) -> None:
    monkeypatch.setattr(w, "ask_save_path", lambda proposed, kind: str(target))


def test_csv_into_a_fifo_reaches_its_reader(desk, qtbot, tmp_path, monkeypatch):
    entries = seed(N)
    w = open_window(desk, qtbot)
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    reading = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # the reader is there first
    try:
        answer(monkeypatch, w, fifo)
        export_with(qtbot, w, w.export_csv_button)
        os.set_blocking(reading, True)
        got = b""
        while chunk := os.read(reading, 1 << 16):
            got += chunk
    finally:
        os.close(reading)
    assert w.status_label.text() == f"Saved {N} entries to {fifo}", w.banner.text()
    assert got == export.export_text("csv", entries).encode("utf-8")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_jsonl_into_a_symlink_replaces_its_target_and_keeps_the_link(
    desk, qtbot, tmp_path, monkeypatch
):
    entries = seed(N)
    w = open_window(desk, qtbot)
    target = tmp_path / "kept" / "history.jsonl"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    answer(monkeypatch, w, link)
    export_with(qtbot, w, w.export_json_button)
    assert w.status_label.text() == f"Saved {N} entries to {link}"
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == export.export_text("jsonl", entries).encode("utf-8")
    assert os.listdir(target.parent) == ["history.jsonl"]


def test_a_full_device_is_one_sentence_and_stays_a_device(desk, qtbot, tmp_path, monkeypatch):
    if os.geteuid() != 0:
        pytest.skip("making a device node takes root")
    seed(N)
    w = open_window(desk, qtbot)
    full = tmp_path / "full.csv"
    os.mknod(full, stat.S_IFCHR | 0o666, os.stat("/dev/full").st_rdev)
    answer(monkeypatch, w, full)
    export_with(qtbot, w, w.export_csv_button)
    assert w.banner.text() == f"Could not save to {full}: the disk is full."
    assert "Saved" not in w.status_label.text()
    assert stat.S_ISCHR(full.lstat().st_mode)
