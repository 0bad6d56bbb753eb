"""``stacked``: a window's or dialog's parts top to bottom, the layout most of them have,
said as the list of its parts."""

from __future__ import annotations

from PySide6.QtWidgets import QLayout, QVBoxLayout, QWidget


def stacked(parent: QWidget, *parts: QWidget | QLayout | tuple[QWidget, int]) -> QVBoxLayout:
    """``parent``'s layout: ``parts``, widgets and layouts, top to bottom; a ``(widget,
    stretch)`` pair takes that share of the height left over."""
    lay = QVBoxLayout(parent)
    for part in parts:
        if isinstance(part, QLayout):
            lay.addLayout(part)
        elif isinstance(part, tuple):
            lay.addWidget(*part)
        else:
            lay.addWidget(part)
    return lay
