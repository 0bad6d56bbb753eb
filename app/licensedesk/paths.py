"""Where License Desk keeps its configuration, and how its files are written.

``$LICENSEDESK_CONFIG_DIR`` when set (tests, a portable copy), else platformdirs'
user config folder of "licensedesk" (``~/.config/licensedesk`` on Linux). Qt-free
and cheap to import: the profiles, the history settings and the language setting
all live there, and the command line reads it before anything else is loaded.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

CONFIG_DIR_ENV = "LICENSEDESK_CONFIG_DIR"


def config_dir() -> Path:
    """The folder of ``profiles.json``, ``history.json`` and ``language``."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override).expanduser()
    if sys.platform.startswith("linux"):
        # platformdirs' own Linux rule, without its import (a good part of
        # `licensedesk-cli --help`, which reads the language setting: tests/unit/test_paths.py)
        xdg = os.environ.get("XDG_CONFIG_HOME", "").strip()
        return Path(xdg or Path.home() / ".config") / "licensedesk"
    import platformdirs

    return Path(platformdirs.user_config_dir("licensedesk", appauthor=False))


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
