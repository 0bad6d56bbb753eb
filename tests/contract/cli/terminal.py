"""A command run on a terminal of its own (a pseudo-terminal that is its controlling
terminal, so ``getpass`` reads from it), answering one prompt."""

from __future__ import annotations

import fcntl
import os
import subprocess
import termios
import threading
from dataclasses import dataclass

from tests.support.waiting import wait_for


@dataclass
class Seen:
    code: int
    text: str  # everything the terminal showed


def _make_controlling() -> None:  # in the child, after fork
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def run_in_terminal(
    command: list[str], env: dict[str, str], *, answer_after: str, answer: str, timeout: float = 60
) -> Seen:
    """Run ``command`` with a terminal as stdin, stdout and stderr; type ``answer`` and
    Enter once the terminal shows ``answer_after``."""
    master, slave = os.openpty()
    proc = subprocess.Popen(
        command,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        preexec_fn=_make_controlling,
        close_fds=True,
    )
    os.close(slave)
    shown = bytearray()

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the child closed its side
                return
            if not chunk:
                return
            shown.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        wait_for(
            lambda: answer_after.encode() in shown,
            what=f"prompt {answer_after!r}",
            proc=proc,
            timeout=timeout,
            details=lambda: shown.decode(errors="replace"),
        )
        os.write(master, answer.encode() + b"\n")
        code = proc.wait(timeout=timeout)
        reader.join(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return Seen(code, shown.decode(errors="replace"))
