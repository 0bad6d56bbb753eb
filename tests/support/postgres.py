"""A throw-away PostgreSQL server for tests and benchmarks, in a temporary folder.

``initdb`` refuses to run as root, and CI runs as root: then the folder is given
to the ``postgres`` system user (made by Debian's package) and the server runs
as that user through ``runuser``; otherwise plain ``initdb``/``pg_ctl``. The
server listens on a free loopback port (and a Unix socket in the folder only),
with ``fsync=off``; :meth:`PostgresServer.stop` stops it and removes the folder.

Authentication (pg_hba.conf): the superuser ``ld`` is trusted; the role
``desk`` (made by :meth:`PostgresServer.start`, password :attr:`desk_password`)
must give its password, so tests can check that the keyring's password is used
and never stored.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.support.net import free_port

SUPERUSER = "ld"
DESK_ROLE = "desk"
NOT_INSTALLED = (
    "PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin): the "
    "team-history tests need Debian's 'postgresql' package (scripts/system-deps.sh test)"
)


def find_bindir() -> Path | None:
    """The folder of initdb and pg_ctl: on PATH, else the newest /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    return Path(candidates[-1]).parent if candidates else None


def why_unavailable() -> str | None:
    """None when a server can be started here, else the reason (for a loud skip)."""
    if find_bindir() is None:
        return NOT_INSTALLED
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root, and there is no 'postgres' system user to run PostgreSQL"
        if shutil.which("runuser") is None:
            return "running as root, and there is no runuser to start PostgreSQL as 'postgres'"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    return None


class PostgresServer:
    """``start()`` → ``url(db)``; ``create_database()``; ``stop()``. A context manager."""

    def __init__(self) -> None:
        self.bindir = find_bindir()
        if self.bindir is None:
            raise RuntimeError(NOT_INSTALLED)
        self.folder = Path(tempfile.mkdtemp(prefix="ld-pg-"))
        self.data = self.folder / "data"
        self.port = 0
        self.desk_password = "pg-canary-" + secrets.token_hex(8)
        self._as_root = os.geteuid() == 0
        self._counter = 0

    def _cmd(self, *args: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *args] if self._as_root else list(args)

    def _run(self, *args: str) -> None:
        done = subprocess.run(self._cmd(*args), capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> PostgresServer:
        if self._as_root:
            postgres = pwd.getpwnam("postgres")
            os.chown(self.folder, postgres.pw_uid, postgres.pw_gid)
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            SUPERUSER,
            "--no-sync",
            "-E",
            "UTF8",
            "--locale",
            "C",
        )
        (self.data / "pg_hba.conf").write_text(
            "local all all trust\n"
            f"host all {DESK_ROLE} 127.0.0.1/32 scram-sha-256\n"
            "host all all 127.0.0.1/32 trust\n"
        )
        self.port = free_port()
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )
        with self.connect("postgres") as db:
            db.execute(f"CREATE ROLE {DESK_ROLE} LOGIN PASSWORD '{self.desk_password}'")
        return self

    def stop(self) -> None:
        if self.port:
            stop = self._cmd(
                str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"
            )
            subprocess.run(stop, capture_output=True, timeout=60)
            self.port = 0
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------ use

    def url(self, database: str = "postgres", user: str = SUPERUSER) -> str:
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def connect(self, database: str = "postgres"):
        import psycopg

        return psycopg.connect(self.url(database), autocommit=True)

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database that the ``desk`` role may use; returns its name."""
        self._counter += 1
        name = f"{prefix}_{os.getpid()}_{self._counter}"
        with self.connect("postgres") as db:
            db.execute(f"CREATE DATABASE {name} OWNER {DESK_ROLE}")
        return name

    def log_text(self) -> str:
        try:
            return (self.folder / "log").read_text(errors="replace")
        except OSError:
            return ""
