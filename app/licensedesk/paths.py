"""Where License Desk keeps its configuration: one rule for every layer.

``$LICENSEDESK_CONFIG_DIR`` when set (tests, a portable copy), else platformdirs'
user config folder of "licensedesk" (``~/.config/licensedesk`` on Linux). Qt-free
and cheap to import: the profiles, the history settings and the language setting
all live there, and the command line reads it before anything else is loaded.
"""

from __future__ import annotations

import os
from pathlib import Path

CONFIG_DIR_ENV = "LICENSEDESK_CONFIG_DIR"


def config_dir() -> Path:
    """The folder of ``profiles.json``, ``history.json`` and ``language``."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("licensedesk", appauthor=False))
