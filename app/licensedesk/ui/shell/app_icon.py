"""The application's own icon (a coloured SVG, package data beside this module).

Named after the app id, as desktops look icons up (``Icon=`` of the .desktop
file). Not one of the palette icons of ``ui/icons``: those are monochrome and
recoloured; this one keeps its colours.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from PySide6.QtGui import QIcon

APP_ICON = "io.licensedesk.LicenseDesk.svg"


@cache
def app_icon() -> QIcon:
    """The window icon; an empty QIcon if the file is missing (the window still works)."""
    path = app_icon_file()
    return QIcon(str(path)) if path is not None else QIcon()


def app_icon_file() -> Path | None:
    """The icon's file, for what shows it outside Qt (a desktop notification)."""
    path = resources.files(__package__).joinpath(APP_ICON)
    return Path(str(path)) if path.is_file() else None
