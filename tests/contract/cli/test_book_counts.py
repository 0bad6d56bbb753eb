"""What ``book import`` and ``show`` say about the licence book is what the book holds.

The real command line in child processes against the sandbox over HTTP; the book is the
child's own SQLite file, read back afterwards: held by another program (a second process
in ``BEGIN EXCLUSIVE``), on a disk that is full (a tiny tmpfs), and an import stopped by
Ctrl+C. The count printed is the count the book holds, a book that could not be written
is said once with its real cause, and an import that kept less than it read fails."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.waiting import default_sigint, wait_for

from .child import ChildCli

#: a second program holding the desk's file: BEGIN EXCLUSIVE until its stdin closes
HOLDER = (
    "import sqlite3, sys; db = sqlite3.connect(sys.argv[1], isolation_level=None); "
    "db.execute('BEGIN EXCLUSIVE'); print('held', flush=True); sys.stdin.read()"
)


def add_licences(sandbox, n: int) -> list[str]:
    """``n`` more licences at the sandbox (copies of the perpetual one, serials of their
    own), for an import long enough to fill a disk or to be interrupted."""
    serials = [f"KEEP-{i // 10000:04d}-{i % 10000:04d}-BOOK-CNTS" for i in range(n)]
    template = sandbox.serial("perpetual")
    with sqlite3.connect(sandbox.db_path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(licenses)")]
        copied = [c for c in columns if c not in ("id", "serial")]
        listed = ", ".join(copied)
        for serial in serials:
            db.execute(
                f"INSERT INTO licenses (serial, {listed}) "
                f"SELECT ?, {listed} FROM licenses WHERE serial = ?",
                (serial, template),
            )
    return serials


def book_count(path: Path) -> int:
    """The licences the book's file holds, read by a connection of the test's own."""
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT count(*) FROM book_licences").fetchone()[0])


@pytest.fixture
def child(sandbox, tmp_path):
    cli = ChildCli(sandbox, tmp_path)
    # the book (and the history) made, empty: the file the other program will hold
    assert cli("find", "nobody-at-all").code == 1
    return cli


@pytest.fixture
def held_book(child):
    """The child's book file held by another process (released at the end)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(child.data / "history.sqlite3")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        yield holder
    finally:
        holder.stdin.close()
        holder.wait(30)


def test_an_import_into_a_locked_book_keeps_none_says_why_once_and_fails(
    child, sandbox, held_book, tmp_path
):
    listed = tmp_path / "serials.txt"
    listed.write_text(f"{sandbox.serial('perpetual')}\n{sandbox.serial('trial')}\n")
    done = child("book", "import", str(listed), *child.conn)
    child.assert_quiet(done)
    assert done.code == 2, done.err
    assert done.out.strip() == "0 of 2 licences kept in the book."
    assert len(done.err_lines) == 1, done.err
    assert done.err_lines[0].startswith("Error: The licence book is not being kept: ")
    assert "(locked by another program)." in done.err
    assert "rollback" not in done.err
    held_book.stdin.close()
    held_book.wait(30)
    assert book_count(child.data / "history.sqlite3") == 0


def test_show_with_a_locked_book_shows_the_licence_and_says_once_it_was_not_kept(
    child, sandbox, held_book
):
    serial = sandbox.serial("perpetual")
    done = child("show", serial, *child.conn)
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert serial in done.out and "Maria Jensen" in done.out  # the licence is shown
    assert done.err_lines == [
        "Warning: The licence book is not being kept: the licence book in "
        f"{child.data / 'history.sqlite3'} cannot be written (locked by another program)."
    ]
    held_book.stdin.close()
    held_book.wait(30)
    assert book_count(child.data / "history.sqlite3") == 0


def test_when_the_lock_is_let_go_the_same_import_keeps_them_all(child, sandbox, tmp_path):
    listed = tmp_path / "serials.txt"
    listed.write_text(f"{sandbox.serial('perpetual')}\n{sandbox.serial('trial')}\nZZZZ-ZZZZ\n")
    done = child("--json", "book", "import", str(listed), *child.conn)
    assert done.code == 0, done.err
    assert json.loads(done.out) == {"kept": 2, "read": 2, "not_found": 0, "errors": 0}
    assert book_count(child.data / "history.sqlite3") == 2


@pytest.fixture
def small_disk(child):
    """The child's data folder on a 512 KB tmpfs of its own, the book made on it
    (unmounted at the end). Skips where mounting is not permitted."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root on Linux")
    data = child.data
    for path in data.iterdir():
        path.unlink()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(data)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"mount is not permitted here: {mounted.stderr.decode().strip()}")
    try:
        assert child("find", "nobody-at-all").code == 1  # the schema, on the small disk
        yield data
    finally:
        subprocess.run(["umount", "-l", str(data)], check=False)


@pytest.fixture
def full_disk(small_disk):
    """The small disk filled but for a few pages."""
    free = os.statvfs(small_disk)
    with open(small_disk / "filler", "wb") as filler:
        filler.write(b"\0" * (free.f_bavail * free.f_frsize - 96 * 1024))
    return small_disk


def test_an_import_onto_a_full_disk_says_what_was_kept_and_that_the_disk_is_full(
    child, sandbox, full_disk, tmp_path
):
    serials = add_licences(sandbox, 300)
    listed = tmp_path / "serials.txt"
    listed.write_text("\n".join(serials))
    done = child("book", "import", str(listed), *child.conn, "--concurrency", "4")
    child.assert_quiet(done)
    (full_disk / "filler").unlink()  # room for reading the book back
    kept = book_count(full_disk / "history.sqlite3")
    assert kept < len(serials)
    assert done.code == 2, done.err
    assert done.out.strip() == f"{kept} of 300 licences kept in the book."
    assert len(done.err_lines) == 1, done.err
    assert "(the disk is full)." in done.err and "rollback" not in done.err


@pytest.mark.skipif(os.name == "nt", reason="SIGINT to a child process is POSIX")
def test_an_interrupted_import_says_the_count_the_book_holds(child, sandbox, tmp_path):
    serials = add_licences(sandbox, 400)
    listed = tmp_path / "serials.txt"
    listed.write_text("\n".join(serials))
    sandbox.set_latency(20)
    process = subprocess.Popen(
        default_sigint(
            child.command("book", "import", str(listed), *child.conn, "--concurrency", "4")
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child.env,
    )
    book = child.data / "history.sqlite3"
    wait_for(lambda: book_count(book) >= 20, what="20 licences in the book", proc=process)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert "Interrupted before every serial was checked." in err
    kept = book_count(book)
    assert 20 <= kept < len(serials)
    assert out.strip() == f"{kept} licences kept in the book."


def test_a_read_only_book_is_said_to_be_read_only(child, sandbox, small_disk, tmp_path):
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    serial = sandbox.serial("perpetual")
    done = child("show", serial, *child.conn)
    child.assert_quiet(done)
    assert done.code == 0 and "Maria Jensen" in done.out
    assert len(done.err_lines) == 1 and done.err_lines[0].startswith("Warning: ")
    assert done.err.rstrip().endswith("(read-only).")

    listed = tmp_path / "serials.txt"
    listed.write_text(serial)
    done = child("book", "import", str(listed), *child.conn)
    child.assert_quiet(done)
    assert done.code == 2
    assert done.out.strip() == "0 of 1 licence kept in the book."
    assert len(done.err_lines) == 1 and done.err.rstrip().endswith("(read-only).")
