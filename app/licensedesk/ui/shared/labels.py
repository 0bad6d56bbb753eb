"""The two kinds of label for data from the service or the user (views and dialogs).

:func:`plain_label` shows its text as is; :func:`rich_label` is for markup our code
builds (links), with every piece of data escaped by :func:`html_or_dash`. Qt's
default (AutoText) would guess from the text itself, so "<b>x</b>" from the service
would render bold and an escaped "&amp;" would show literally.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

DASH = "\u2014"


def plain_label(text: str = "") -> QLabel:
    """A label for data: its text is shown as given, never read as HTML."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def rich_label(text: str = "") -> QLabel:
    """A label with markup our code builds; data in it goes through :func:`html_or_dash`."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def or_dash(value: Any) -> str:
    """``value`` as text for a plain label; "\u2014" when empty."""
    return str(value) if value not in (None, "") else DASH


def html_or_dash(value: Any) -> str:
    """``value`` escaped for a rich label; "\u2014" when empty."""
    return escape(or_dash(value))
