"""The file ``history export FILE`` writes is what FILE is: a regular file replaced whole, a
FIFO or a device written through, a symlink kept (its target replaced); a write that
fails is one sentence and a non-zero exit, never "Exported N" (docs/cli.md, "Files").
The real command in a child process."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import threading
from pathlib import Path

import pytest

from .child import ChildCli

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX FIFOs, devices and limits")

ENTRIES = 3


@pytest.fixture
def child(sandbox, tmp_path):
    from licensedesk.history.sqlite_store import SqliteStore
    from tests.unit.history.checks import entry

    cli = ChildCli(sandbox, tmp_path)
    store = SqliteStore(cli.data / "history.sqlite3")
    try:
        store.migrate()
        for n in range(ENTRIES):
            store.write(entry(detail=f"entry {n}"))
    finally:
        store.close()
    return cli


def device_like(source: str, where: Path) -> Path:
    """A character device node in the test's own folder with ``source``'s numbers."""
    if os.geteuid() != 0:
        pytest.skip("making a device node takes root")
    node = where / Path(source).name
    os.mknod(node, stat.S_IFCHR | 0o666, os.stat(source).st_rdev)
    return node


def test_a_fifo_is_written_through_to_its_reader(child, tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    done = child("history", "export", str(fifo))
    reader.join(timeout=30)
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert done.err.strip() == f"Exported {ENTRIES} entries to {fifo}."
    lines = got[0].decode().splitlines()
    assert sorted(json.loads(line)["detail"] for line in lines) == [
        f"entry {n}" for n in range(ENTRIES)
    ]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # still a FIFO, not a file
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file


def test_a_symlink_stays_a_link_and_its_target_gets_the_content(child, tmp_path):
    target = tmp_path / "kept" / "history.jsonl"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(Path("kept") / "history.jsonl")
    done = child("history", "export", str(link))
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert link.is_symlink() and os.readlink(link) == str(Path("kept") / "history.jsonl")
    assert len(target.read_text().splitlines()) == ENTRIES
    assert os.listdir(target.parent) == ["history.jsonl"]  # no temporary file left


def test_a_dangling_symlink_gets_its_target_made(child, tmp_path):
    link = tmp_path / "link.csv"
    link.symlink_to(tmp_path / "new.csv")
    done = child("history", "export", str(link))
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert link.is_symlink()
    assert len((tmp_path / "new.csv").read_text().splitlines()) == ENTRIES + 1  # + header


def test_a_device_is_written_through_and_stays_a_device(child, tmp_path):
    null = device_like("/dev/null", tmp_path)
    done = child("history", "export", str(null))
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert stat.S_ISCHR(null.lstat().st_mode)


def test_a_full_device_is_one_sentence_and_no_count(child, tmp_path):
    full = device_like("/dev/full", tmp_path)
    done = child("history", "export", str(full))
    child.assert_quiet(done)
    assert done.code != 0
    assert done.err_lines == [
        f"Error: The file {full} cannot be written (No space left on device)."
    ], done.err
    assert stat.S_ISCHR(full.lstat().st_mode)  # still the device


def test_past_ulimit_f_is_one_sentence_and_the_older_file_stays(sandbox, tmp_path):
    from licensedesk.history.sqlite_store import SqliteStore
    from tests.unit.history.checks import entry

    from .child import limited

    cli = ChildCli(sandbox, tmp_path)
    store = SqliteStore(cli.data / "history.sqlite3")
    try:
        store.migrate()
        for n in range(300):  # about 2.5 MB of export, past the 1 MB limit
            store.write(entry(detail=f"entry {n} " + "x" * 8000))
    finally:
        store.close()
    target = tmp_path / "out" / "history.jsonl"
    target.parent.mkdir()
    target.write_text("old\n")
    done = cli("history", "export", str(target), preexec=limited(file_size=1024**2))
    cli.assert_quiet(done)
    assert done.code == 2
    assert done.err_lines == [f"Error: The file {target} cannot be written (File too large)."]
    assert target.read_text() == "old\n"
    assert os.listdir(target.parent) == ["history.jsonl"]  # no temporary file left


def test_a_terminal_is_written_through(child):
    master, slave = os.openpty()
    name = os.ttyname(slave)
    try:
        done = child("history", "export", name)  # a few kB: they wait in the terminal
        os.close(slave)  # now the reading ends (EIO) once all is read
        slave = -1
        got = bytearray()
        with contextlib.suppress(OSError):
            while chunk := os.read(master, 1 << 16):
                got.extend(chunk)
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert got.count(b"entry ") == ENTRIES
