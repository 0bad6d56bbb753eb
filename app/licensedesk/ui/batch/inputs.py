"""The batch window's small parts: the serials box (a dropped file is opened, not
pasted as its path), its buttons (never the dialog's default) and the fields, bar and
labels the window lays out."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
)

from licensedesk.i18n import _
from licensedesk.text_input import SERIAL_LIST_MAX, paste_too_large

from ..shared import colours
from ..shared.a11y import named
from ..shared.colours import text_style
from ..shared.labels import plain_label
from .files import dropped_file
from .proxy import FILTERS, filter_label


class SerialsEdit(QPlainTextEdit):
    """The serials box; a .txt/.csv file dropped on it is opened, not pasted as its path, and
    a paste past the ceiling of a list of serials (``SERIAL_LIST_MAX``, in characters) is
    refused with a sentence rather than a window that stops answering."""

    fileDropped = Signal(str)
    refused = Signal(str)  # why a paste was not taken: a sentence

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return dropped_file(source) is not None or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        path = dropped_file(source)
        if path:
            self.fileDropped.emit(path)
        elif source.hasText() and len(source.text()) > SERIAL_LIST_MAX:
            self.refused.emit(paste_too_large())
        else:
            super().insertFromMimeData(source)


def button(text: str, name: str, glyph: QIcon) -> QPushButton:
    made = named(QPushButton(glyph, text), name)
    made.setAutoDefault(False)
    return made


def serials_input(placeholder: str) -> SerialsEdit:
    """The serials box: one serial a line (or any text), never wrapped; Tab leaves it."""
    made = named(SerialsEdit(), "batchInput", _("Serials to check"))
    made.setAccessibleDescription(
        _("One serial a line, or any text that holds serials; Tab leaves the box")
    )
    made.setPlaceholderText(placeholder)
    made.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    made.setMaximumHeight(120)
    made.setTabChangesFocus(True)
    return made


def product_input() -> QLineEdit:
    """The optional product code each serial is validated against."""
    made = named(QLineEdit(), "batchProduct", _("Product code to validate against (optional)"))
    made.setPlaceholderText(_("Optional: validate each serial for this product"))
    made.setClearButtonEnabled(True)
    made.setMinimumWidth(320)
    return made


def rows_filter() -> QComboBox:
    """Which rows the table shows."""
    made = named(QComboBox(), "batchFilter", _("Show rows"))
    for key, label, _cats in FILTERS:
        made.addItem(filter_label(label), key)
    return made


def progress_bar() -> QProgressBar:
    made = named(QProgressBar(), "batchProgress", _("Progress of the check"))
    # Count, rate and time left are the bar's own text, and the bar paints its whole
    # rectangle: an update every flush repaints the bar alone, never the window
    # behind it or a relayout for a label whose width changed (bench_ui_batch.py).
    made.setAutoFillBackground(True)
    return made


def status_label() -> QLabel:
    """The check's result under the table: selectable by mouse, not a Tab stop."""
    made = named(plain_label(), "batchStatus", _("Result of the check"))
    made.setWordWrap(True)
    made.setStyleSheet(text_style(colours.MUTED))
    made.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    made.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # selectable, not a stop
    return made
