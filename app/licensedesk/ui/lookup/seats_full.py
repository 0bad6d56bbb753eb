"""The line under the products that says a product has every seat in use, with *Free a
seat…* beside it (a customer whose new computer is refused). It shows and
emits; the freeing is the activations feature's (``ui/activations/free_seat.py``)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from licensedesk.i18n import _, ngettext

from ..shared import colours
from ..shared.a11y import named
from ..shared.colours import text_style
from ..shared.labels import plain_label, shown
from ..shared.values import format_number


def full_sentence(names: list[str], maximum: int) -> str:
    """ "All 2 seats of Studio are in use." (one product), or how many products are full."""
    if len(names) == 1:
        return ngettext(
            "All {n} seat of {product} is in use.",
            "All {n} seats of {product} are in use.",
            maximum,
        ).format(n=format_number(maximum), product=shown(names[0]))
    return ngettext(
        "{n} product has every seat in use.", "{n} products have every seat in use.", len(names)
    ).format(n=format_number(len(names)))


class SeatsFullLine(QWidget):
    """Hidden unless a product of the licence on show is at its host limit."""

    freeRequested = Signal()
    fullChanged = Signal()  # the products at their limit were shown again (maybe none)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seatsFullLine")
        self.label = named(plain_label(), "seatsFullText")
        self.label.setWordWrap(True)
        self.button = named(QPushButton(_("Free a seat\u2026")), "freeSeatButton", _("Free a seat"))
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button.clicked.connect(self.freeRequested)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 2, 0, 0)
        lay.addWidget(self.label, 1)
        lay.addWidget(self.button)
        self.hide()

    def show_full(self, names: list[str], maximum: int) -> None:
        """``names``: the products at their limit ([]: none, the line goes)."""
        if names:
            text = full_sentence(names, maximum)
            self.label.setText(text)
            self.label.setStyleSheet(text_style(colours.WARN))  # the palette of now
            self.button.setAccessibleDescription(text)
        self.setVisible(bool(names))
        self.fullChanged.emit()

    def follow(self, enabled: bool, tip: str) -> None:
        """The button as the *Free a seat…* action is: off, with why, for a read-only
        profile."""
        self.button.setEnabled(enabled)
        self.button.setToolTip(tip)  # the action's: plain text already (labels.plain_tip)
