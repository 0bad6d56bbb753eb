"""The footnote under the batch table that says what a "?" in the Seats column means.

A read-only key (a reseller's usual one) lists the devices but not the products, so
each maximum reads "?": without a word, that looks like a fault of the window.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from licensedesk.i18n import _

from ..shared import colours
from ..shared.colours import text_style
from ..shared.labels import plain_label
from .model import UNKNOWN_MAXIMUM, BatchModel


def seats_note(model: BatchModel) -> QLabel:
    """A muted line, shown while some row's seats read "?" for a maximum."""
    note = plain_label(_(UNKNOWN_MAXIMUM))
    note.setObjectName("batchSeatsNote")
    note.setWordWrap(True)
    note.setStyleSheet(text_style(colours.MUTED))
    note.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    note.hide()

    def follow(*_args) -> None:
        # setHidden, not setVisible: a window not yet shown must not show the label alone
        note.setHidden(model.unknown_maximums() == 0)

    for signal in (model.modelReset, model.dataChanged):
        signal.connect(follow)
    return note
