"""Where License Desk keeps its configuration: one rule for every layer.

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
        # platformdirs' own Linux rule, without its import (~10 ms of `licensedesk-cli
        # --help`, which reads the language setting: tests/unit/test_paths.py)
        xdg = os.environ.get("XDG_CONFIG_HOME", "").strip()
        return Path(xdg or Path.home() / ".config") / "licensedesk"
    import platformdirs

    return Path(platformdirs.user_config_dir("licensedesk", appauthor=False))
