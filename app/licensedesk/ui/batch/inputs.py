"""The batch window's small parts: the serials box (a dropped file is opened, not
pasted as its path) and its buttons (never the dialog's default)."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QPlainTextEdit, QPushButton

from .files import dropped_file


class SerialsEdit(QPlainTextEdit):
    """The serials box; a .txt/.csv file dropped on it is opened, not pasted as its path."""

    fileDropped = Signal(str)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return dropped_file(source) is not None or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        path = dropped_file(source)
        if path:
            self.fileDropped.emit(path)
        else:
            super().insertFromMimeData(source)


def button(text: str, name: str, glyph: QIcon | None = None) -> QPushButton:
    made = QPushButton(glyph, text) if glyph is not None else QPushButton(text)
    made.setObjectName(name)
    made.setAutoDefault(False)
    return made
