"""Every input the command line reads is read in bounded pieces up to a ceiling: ``/dev/zero``
and an endless pipe are one sentence within seconds under a 1 GB memory limit (never the
kernel's kill), a picture is "not a text file" as the window says it, a FIFO is read
once, and Ctrl+C stops a reading that waits (docs/cli.md, "Files"). The real command in
a child process."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import threading

import pytest

from .child import ChildCli, limited

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX devices, pipes and limits")

GB = 1024**3
#: a PNG's first bytes: its signature and the start of its header chunk
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


def endless(chunk: bytes):
    """A pipe whose writer never stops (until the reader goes): ``yes`` of ``chunk``."""
    read_end, write_end = os.pipe()

    def write() -> None:
        try:
            while True:
                os.write(write_end, chunk)
        except OSError:  # the reader went away: the end
            pass
        finally:
            os.close(write_end)

    threading.Thread(target=write, daemon=True).start()
    return read_end


def run_limited(child: ChildCli, *argv: str, stdin_from=None):
    """``argv`` under a 1 GB address space, standard input from ``stdin_from``."""
    try:
        done = child(*argv, preexec=limited(memory=GB), stdin_from=stdin_from)
    finally:
        if isinstance(stdin_from, int):
            os.close(stdin_from)
    child.assert_quiet(done)
    assert "MemoryError" not in done.err and done.code not in (-9, 137), done.err
    return done


NOT_SERIALS = "{name} is not a text file; a list of serials is a .txt, .csv or .xlsx file."
TOO_LARGE = (
    "{name} is larger than {mb} MB; a list of serials is much smaller. Is it the right file?"
)
MB = 10  # the ceilings docs/cli.md gives: a list of serials, a line of a history import
LINE_MB = 4


@pytest.mark.parametrize("command", [("check",), ("book", "import")])
def test_dev_zero_is_not_a_text_file(child, command):
    done = run_limited(child, *command, "/dev/zero", *child.conn)
    assert done.code == 2
    assert done.err_lines == ["Error: " + NOT_SERIALS.format(name="/dev/zero")]


@pytest.mark.parametrize("command", [("check",), ("book", "import")])
def test_an_endless_pipe_of_text_is_too_large(child, command):
    done = run_limited(child, *command, "-", *child.conn, stdin_from=endless(b"y\n" * 4096))
    assert done.code == 2
    assert done.err_lines == ["Error: " + TOO_LARGE.format(name="Standard input", mb=MB)]


def test_an_endless_pipe_of_nul_bytes_is_not_a_text_file(child):
    done = run_limited(child, "check", "-", *child.conn, stdin_from=endless(bytes(65536)))
    assert done.code == 2
    assert done.err_lines == ["Error: " + NOT_SERIALS.format(name="Standard input")]


def test_a_picture_is_not_a_text_file_as_the_window_says(child, tmp_path):
    picture = tmp_path / "pic.png"
    picture.write_bytes(PNG + bytes(200))
    done = child("check", str(picture), *child.conn)
    child.assert_quiet(done)
    assert done.code == 2
    assert done.err_lines == ["Error: " + NOT_SERIALS.format(name=picture)]


def test_a_fifo_is_read_once(child, sandbox, tmp_path):
    fifo = tmp_path / "serials.txt"
    os.mkfifo(fifo)
    serial = sandbox.serial("perpetual")

    def write() -> None:
        with open(fifo, "wb") as fh:
            fh.write(f"{serial}\n".encode())

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    done = child("check", str(fifo), *child.conn)
    writer.join(timeout=30)
    child.assert_quiet(done)
    assert done.code == 0, done.err
    assert serial in done.out


def test_history_import_of_dev_zero_is_not_a_text_file(child):
    done = run_limited(child, "history", "import", "/dev/zero")
    assert done.code == 2
    assert done.err_lines == [
        "Error: /dev/zero is not a text file; a history export is JSON lines (.jsonl)."
    ]


def test_history_import_of_an_endless_line_is_too_long(child):
    done = run_limited(child, "history", "import", "-", stdin_from=endless(b"{" * 65536))
    assert done.code == 2
    assert done.err_lines == [
        f"Error: Standard input: line 1 is longer than {LINE_MB} MB; a history entry is much "
        "smaller. Is it the right file?"
    ]


def test_ctrl_c_stops_a_reading_that_waits(child):
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(
        child.command("check", "-", *child.conn),
        stdin=read_end,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child.env,
    )
    os.close(read_end)
    try:
        os.set_blocking(write_end, False)
        with contextlib.suppress(BlockingIOError):
            while True:  # fill the pipe: the child reads it once it is running
                os.write(write_end, b"y\n" * 2048)
        select.select([], [write_end], [], 60)  # room again: the child is reading, and waits
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        os.close(write_end)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert err.decode().strip() == "Interrupted."
