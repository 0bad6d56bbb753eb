"""The environment of License Desk started by a test as a child process."""

from __future__ import annotations

import os
from pathlib import Path


def app_env(root: Path, **extra: str) -> dict[str, str]:
    """Offscreen, with every folder the app writes inside ``root`` (so one run meets no
    other's files, settings or single-instance channel): its log is :func:`app_log`,
    its config ``root / "config"``, its temporary files ``root / "tmp"``."""
    (root / "tmp").mkdir(parents=True, exist_ok=True)
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(root / "home"),
        "TMPDIR": str(root / "tmp"),
        "XDG_RUNTIME_DIR": str(root),
        "XDG_CONFIG_HOME": str(root / "xdg-config"),
        "XDG_DATA_HOME": str(root / "xdg-data"),
        "XDG_CACHE_HOME": str(root / "xdg-cache"),
        "LICENSEDESK_LOG_DIR": str(root / "logs"),
        "LICENSEDESK_CONFIG_DIR": str(root / "config"),
        **extra,
    }


def app_log(root: Path) -> Path:
    """The log file of the app started with :func:`app_env` (``root``)."""
    return root / "logs" / "licensedesk.log"
