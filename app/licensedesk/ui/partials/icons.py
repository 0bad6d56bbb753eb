"""Icons from the desktop theme, with the style's standard icons as fallback.

Theme icons follow the palette (dark mode) on Linux desktops; the style's
standard pixmaps are the fallback everywhere else. No bitmaps are shipped.
"""

from __future__ import annotations

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyle

_FALLBACK = {
    "edit-find": QStyle.StandardPixmap.SP_FileDialogContentsView,
    "view-refresh": QStyle.StandardPixmap.SP_BrowserReload,
    "edit-delete": QStyle.StandardPixmap.SP_TrashIcon,
    "dialog-error": QStyle.StandardPixmap.SP_MessageBoxCritical,
    "dialog-warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
    "dialog-information": QStyle.StandardPixmap.SP_MessageBoxInformation,
    "window-close": QStyle.StandardPixmap.SP_TitleBarCloseButton,
    "document-save": QStyle.StandardPixmap.SP_DialogSaveButton,
    "edit-copy": QStyle.StandardPixmap.SP_FileDialogDetailedView,
    "media-playback-start": QStyle.StandardPixmap.SP_MediaPlay,
    "media-playback-stop": QStyle.StandardPixmap.SP_MediaStop,
    "preferences-system": QStyle.StandardPixmap.SP_FileDialogListView,
    "computer": QStyle.StandardPixmap.SP_ComputerIcon,
    "view-reveal": QStyle.StandardPixmap.SP_FileDialogInfoView,
    "network-server": QStyle.StandardPixmap.SP_DriveNetIcon,
}


def icon(name: str) -> QIcon:
    """``QIcon.fromTheme(name)``, else the style's closest standard icon."""
    themed = QIcon.fromTheme(name)
    if not themed.isNull():
        return themed
    pixmap = _FALLBACK.get(name)
    app = QApplication.instance()
    if pixmap is None or app is None:
        return QIcon()
    return app.style().standardIcon(pixmap)
