"""Where License Desk keeps its files, and how its files are written.

Every folder is platformdirs' for the OS (:func:`app_dir`), unless an environment
variable names another (tests, a portable copy):

========  ==========================  ================================  ======================================
folder    Linux (XDG)                 macOS                             Windows
========  ==========================  ================================  ======================================
config    ``~/.config/licensedesk``   ``~/Library/Application Support/  ``%LOCALAPPDATA%\\licensedesk``
                                      licensedesk``
data      ``~/.local/share/           the same as config                the same as config
          licensedesk``
log       ``~/.local/state/           ``~/Library/Logs/licensedesk``    ``%LOCALAPPDATA%\\licensedesk\\Logs``
          licensedesk/log``
========  ==========================  ================================  ======================================

The config folder (``$LICENSEDESK_CONFIG_DIR``) holds the profiles, the history
settings and the language setting; the data folder (``$LICENSEDESK_DATA_DIR``,
:func:`licensedesk.machine.data_dir`) the local history and the host-id file; the log
folder (``$LICENSEDESK_LOG_DIR``, :func:`licensedesk.ui.shell.logs.log_dir`) the log.
Qt-free and cheap to import: the command line reads the config folder before anything
else is loaded.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

CONFIG_DIR_ENV = "LICENSEDESK_CONFIG_DIR"
APP_DIR_NAME = "licensedesk"
#: the folders :func:`app_dir` knows, and platformdirs' property of each
_KINDS = {"config": "user_config_dir", "data": "user_data_dir", "log": "user_log_dir"}


def app_dir(kind: str, platform_name: str = sys.platform) -> Path:
    """platformdirs' ``kind`` folder ("config", "data" or "log") of License Desk on the
    OS ``platform_name`` (as ``sys.platform`` names it). The OS's platformdirs class is
    picked here, not by platformdirs' import, so a test runs the macOS and Windows rules
    on Linux (the Windows one with its known folders given through platformdirs'
    ``WIN_PD_OVERRIDE_*`` variables)."""
    if platform_name == "win32":
        from platformdirs.windows import Windows as Dirs
    elif platform_name == "darwin":
        from platformdirs.macos import MacOS as Dirs
    else:
        from platformdirs.unix import Unix as Dirs
    return Path(getattr(Dirs(APP_DIR_NAME, appauthor=False), _KINDS[kind]))


def config_dir() -> Path:
    """The folder of ``profiles.json``, ``history.json`` and ``language``."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override).expanduser()
    if sys.platform.startswith("linux"):
        # platformdirs' own Linux rule, without its import (a good part of
        # `licensedesk-cli --help`, which reads the language setting: tests/unit/test_paths.py)
        xdg = os.environ.get("XDG_CONFIG_HOME", "").strip()
        return Path(xdg or Path.home() / ".config") / APP_DIR_NAME
    return app_dir("config")


def replace_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all or nothing (:class:`PartFile`, private: only this user
    may read it): a crash leaves the old file or the new one, never half. The folder must
    exist; raises OSError for the caller to put into its own sentence."""
    with PartFile(path, private=True) as fh:
        fh.write(text)


class PartFile:
    """The one way License Desk writes a file a user named (an export, a settings file),
    as it is made; raises OSError.

    - A regular file (or a new name) is replaced whole: a temporary file in the same
      folder (``.NAME.XXXX.part``), flushed to disk and moved over ``path`` when the block
      ends normally, removed when it does not (Ctrl+C, a full disk, an error): never a
      half file under ``path``, and an older file of that name stays as it was. It keeps
      the older file's permissions, a new one gets the usual ones; ``private`` (a history,
      a settings file: names of people, a team's address): this user's only, always.
    - A FIFO, a device or a terminal is written through: a rename would swap the pipe's
      reader a file it never sees, or put a file where ``/dev/…`` was. ``wait_for_reader``
      False (the window, which must not hang): a FIFO nobody reads is ENXIO at once.
    - A symbolic link stays one: the file it points to is replaced (or made, for a link
      to nothing yet) the same way, the link kept.

    ``binary``: the block gets a bytes stream; else text, UTF-8, newlines as written."""

    def __init__(
        self,
        path: Path | str,
        *,
        binary: bool = False,
        private: bool = False,
        wait_for_reader: bool = True,
    ) -> None:
        self.path = Path(path)
        self._binary = binary
        self._private = private
        self._wait = wait_for_reader
        self._tmp: str | None = None
        self._fh = None

    def __enter__(self):  # -> IO (typing not imported: this module stays light)
        target = os.path.realpath(self.path) if os.path.islink(self.path) else str(self.path)
        try:
            st = os.stat(target)
        except FileNotFoundError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):
            fd = self._open_through(target, st)
        else:
            fd, self._tmp = self._make_part(target, st)
            self._target = target
        if self._binary:
            self._fh = os.fdopen(fd, "wb")
        else:
            self._fh = os.fdopen(fd, "w", encoding="utf-8", newline="")
        return self._fh

    def _open_through(self, target: str, st: os.stat_result) -> int:
        """A FIFO, device or terminal, opened for writing as it is."""
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(self.path))
        flags = os.O_WRONLY | getattr(os, "O_CLOEXEC", 0)
        if stat.S_ISFIFO(st.st_mode) and not self._wait:
            fd = os.open(target, flags | os.O_NONBLOCK)  # ENXIO: nobody reads it
            os.set_blocking(fd, True)
            return fd
        return os.open(target, flags)

    def _make_part(self, target: str, st: os.stat_result | None) -> tuple[int, str]:
        """A new temporary file beside ``target``, with the permissions ``target`` should have."""
        import secrets

        folder, name = os.path.split(target)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        mode = 0o600 if self._private else 0o666  # less the umask, as any new file
        for _attempt in range(100):
            tmp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.part")
            try:
                fd = os.open(tmp, flags, mode)
            except FileExistsError:
                continue
            if st is not None and not self._private and hasattr(os, "fchmod"):
                import contextlib

                with contextlib.suppress(OSError):  # not ours to change: the usual ones
                    os.fchmod(fd, stat.S_IMODE(st.st_mode) & 0o777)
            return fd, tmp
        raise FileExistsError(errno.EEXIST, "no free temporary name", folder)

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        import contextlib

        tmp, self._tmp = self._tmp, None
        fh, self._fh = self._fh, None
        try:
            if kind is None:  # whole: on disk (a temporary file), then under its name
                fh.flush()
                if tmp is not None:
                    os.fsync(fh.fileno())
                fh.close()
                if tmp is not None:
                    os.replace(tmp, self._target)
                    tmp = None
        finally:
            with contextlib.suppress(OSError):
                fh.close()  # after a failure: what is left unwritten is dropped
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
