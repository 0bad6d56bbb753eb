"""``licensedesk-sandbox serve`` in a child process, for tests and benchmarks.

``serve --port 0`` lets the server pick a free port itself and print its URL as the
first line of stdout once it listens (``licensedesk/sandbox/__main__.py``), so
there is no race for the port and no polling for readiness.
"""

from __future__ import annotations

import os
import selectors
import subprocess
import sys


class SandboxProcess:
    """One ``python -m licensedesk.sandbox serve --db DB --port 0 [...]`` child process.

    ``extra``: more ``serve`` arguments (``"-v"``, ``"--fault", "..."``).
    ``stderr``: as for ``Popen``: ``DEVNULL`` (default), ``PIPE`` to collect it
    (:attr:`captured_stderr`, filled by :meth:`stop`), ``None`` to inherit it.
    ``preexec_fn``: as for ``Popen`` (e.g. a lower RLIMIT_NOFILE for the child).
    As a context manager it starts on enter and stops (SIGTERM) on exit.
    """

    def __init__(
        self,
        db: str | os.PathLike[str],
        *extra: str,
        latency_ms: int = 0,
        stderr: int | None = subprocess.DEVNULL,
        start_timeout: float = 20.0,
        preexec_fn=None,
    ) -> None:
        self.args = [
            sys.executable,
            "-m",
            "licensedesk.sandbox",
            "serve",
            "--db",
            str(db),
            "--port",
            "0",
        ]
        if latency_ms:
            self.args += ["--latency-ms", str(latency_ms)]
        self.args += extra
        self.stderr = stderr
        self.preexec_fn = preexec_fn
        self.start_timeout = start_timeout
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.captured_stderr = ""
        self._reaped = False

    def start(self) -> str:
        """Start the server and wait (``start_timeout``) for the URL it prints."""
        self.process = subprocess.Popen(
            self.args,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            preexec_fn=self.preexec_fn,
        )
        try:
            with selectors.DefaultSelector() as selector:
                selector.register(self.process.stdout, selectors.EVENT_READ)
                ready = selector.select(timeout=self.start_timeout)
            line = self.process.stdout.readline().strip() if ready else ""
            if not line.startswith("http://127.0.0.1:"):
                raise RuntimeError(
                    f"sandbox serve printed no URL in {self.start_timeout} s "
                    f"(got {line!r}): {self.args}"
                )
        except BaseException:
            self.kill()
            raise
        self.url = line
        return line

    def stop(self, timeout: float = 10.0) -> str:
        """SIGTERM and wait; returns what it wrote to stderr (with ``stderr=PIPE``)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
        self._reap(timeout)
        return self.captured_stderr

    def kill(self, timeout: float = 10.0) -> int | None:
        """SIGKILL (``kill -9``: no shutdown code runs) and wait; returns the exit status."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.kill()
        self._reap(timeout)
        return self.process.returncode

    def _reap(self, timeout: float) -> None:
        """Wait for the exit, read what is left of the pipes and close them (once)."""
        if self.process is None or self._reaped:
            return
        try:
            _, err = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
            self._reaped = True
            raise
        self._reaped = True
        self.captured_stderr = err or ""

    def __enter__(self) -> SandboxProcess:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()
