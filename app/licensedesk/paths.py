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

import os
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
    """Write ``text`` to ``path`` all or nothing: a temporary file beside it, flushed to
    disk, then moved over it (a crash leaves the old file or the new one, never half).
    The folder must exist; raises OSError for the caller to put into its own sentence."""
    import contextlib
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class PartFile:
    """A file written whole or not at all, as it is made: a temporary file in the same folder
    (``.NAME.XXXX.part``), flushed to disk and moved over ``path`` when the block ends
    normally, removed when it does not (Ctrl+C, a full disk, an error): never a half file
    under ``path``, and an older file of that name stays as it was. Raises OSError."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._tmp: str | None = None

    def __enter__(self):  # -> TextIO (typing not imported: this module stays light)
        import tempfile

        fd, self._tmp = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".part", dir=self.path.parent
        )
        self._fh = os.fdopen(fd, "w", encoding="utf-8", newline="")
        return self._fh

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        import contextlib

        tmp, self._tmp = self._tmp, None
        try:
            if kind is None:
                self._fh.flush()
                os.fsync(self._fh.fileno())
            self._fh.close()
            if kind is None and tmp is not None:
                os.replace(tmp, self.path)
                tmp = None
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    self._fh.close()
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
