"""``licensedesk-cli`` in a child process, as a user's shell runs it: stdout may be a pipe
whose reader went away, ``/dev/full``, closed, or a terminal of another encoding."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Done:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]


class ChildCli:
    """Runs ``python -m licensedesk.cli`` with its own config and data folders and the
    sandbox's read_write key in the environment (``conn``: the connection options)."""

    def __init__(self, sandbox, tmp_path: Path) -> None:
        self.sandbox = sandbox
        self.config = tmp_path / "config"
        self.data = tmp_path / "data"
        self.config.mkdir(exist_ok=True)
        app_id, self.key = sandbox.creds("read_write")
        self.conn = ["--base-url", sandbox.url, "--app-id", app_id]
        self.env = {
            **os.environ,
            "LICENSEDESK_API_KEY": self.key,
            "LICENSEDESK_CONFIG_DIR": str(self.config),
            "LICENSEDESK_DATA_DIR": str(self.data),
        }
        for name in ("LICENSEDESK_PROFILE", "LICENSEDESK_WRITE_API_KEY", "PYTHONIOENCODING"):
            self.env.pop(name, None)

    def command(self, *argv: str) -> list[str]:
        return [sys.executable, "-m", "licensedesk.cli", *argv]

    def __call__(
        self,
        *argv: str,
        stdout: Any = subprocess.PIPE,
        stdin: bytes | None = None,
        env: dict[str, str] | None = None,
        close_stdout: bool = False,
        encoding: str = "utf-8",
        preexec: Callable[[], None] | None = None,
        stdin_from: Any = None,
    ) -> Done:
        """Run it to the end. ``stdout``: PIPE (read back), or a file/fd to write into;
        ``close_stdout``: the child starts with no fd 1 (``>&-``); ``preexec``: run in the
        child before the CLI starts (its limits: :func:`limited`); ``stdin_from``: a file
        or fd to read instead of ``stdin``'s bytes."""
        command = self.command(*argv)
        env = {**self.env, **(env or {})}
        if close_stdout:
            command = ["sh", "-c", 'exec "$@" >&-', "sh", *command]
            # a preloaded libfaketime (the clock matrix) opens a file as the process starts,
            # which takes the free fd 1: this child runs on the real clock instead
            env.pop("LD_PRELOAD", None)
        done = subprocess.run(
            command,
            input=stdin,
            stdin=stdin_from,
            stdout=stdout,
            preexec_fn=preexec,
            stderr=subprocess.PIPE,
            env=env,
            timeout=90,
            check=False,
        )
        out = done.stdout.decode(encoding) if isinstance(done.stdout, bytes) else ""
        result = Done(done.returncode, out, done.stderr.decode(encoding, "backslashreplace"))
        assert self.key not in result.out + result.err
        return result

    def into_closed_pipe(self, *argv: str, **kwargs: Any) -> Done:
        """stdout is a pipe whose reader went away before the first byte (``| head -0``):
        deterministic, where a real ``head`` would race with the writer."""
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            return self(*argv, stdout=write_end, **kwargs)
        finally:
            os.close(write_end)

    def into_full_disk(self, *argv: str, **kwargs: Any) -> Done:
        with open("/dev/full", "wb") as full:
            return self(*argv, stdout=full, **kwargs)

    def activation(self, serial: str, aid: int) -> dict[str, Any]:
        """The activation as the service has it now (read back over HTTP)."""
        done = self("--json", "activations", serial, *self.conn)
        assert done.code == 0, done.err
        return next(a for a in json.loads(done.out) if a["id"] == aid)

    def history(self) -> list[dict[str, Any]]:
        done = self("history", "--json")
        assert done.code == 0, done.err
        return [json.loads(line) for line in done.out.splitlines() if line.strip()]

    def assert_quiet(self, done: Done) -> None:
        assert "Traceback" not in done.err and "Exception ignored" not in done.err, done.err
        assert "This is a bug" not in done.err and "never retrieved" not in done.err, done.err


def limited(*, memory: int | None = None, file_size: int | None = None) -> Callable[[], None]:
    """A ``preexec`` that limits the child as ``ulimit -v`` / ``ulimit -f`` would: its address
    space (``memory`` bytes: endless input must not take the machine) and the size of a
    file it writes (with SIGXFSZ ignored, as a shell's ``ulimit -f`` test would: a write
    past it fails with EFBIG instead of killing the child)."""
    import resource
    import signal

    def apply() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        if file_size is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))

    return apply


def first_active(cli: ChildCli, serial: str) -> int:
    done = cli("--json", "activations", serial, *cli.conn)
    return next(a["id"] for a in json.loads(done.out) if a["activated"])
