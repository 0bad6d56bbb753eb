"""What the three support dialogs (validate, upgrade, registration) show of a licence: a
value named with its field, and the licensee and SKU written one way in each dialog."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from .a11y import name_value, named
from .labels import PlainLabel, or_dash, shown
from .support_dialog import selectable


class FieldValue(PlainLabel):
    """A value a dialog shows, as plain selectable text, whose accessible name is its
    ``field`` (translated) and what it shows now after every ``setText``: a screen reader
    never reads a value without its field (:func:`~.shared.a11y.name_value`)."""

    def __init__(self, object_name: str, field: str) -> None:
        super().__init__()
        self.field = field
        self.setTextFormat(Qt.TextFormat.PlainText)
        named(selectable(self), object_name)
        name_value(self, field)

    def setText(self, text: str) -> None:
        super().setText(text)
        name_value(self, self.field)


def licensee(lic: Any) -> str:
    """``Name <e-mail>`` of a licence, "\u2014" for no name."""
    who = or_dash(lic.name)
    return f"{who} <{shown(lic.email)}>" if lic.email else who


def sku_text(lic: Any) -> str:
    """``SKU name (SKU number)``, a dash for either one missing."""
    return f"{or_dash(lic.sku_name)} ({or_dash(lic.sku_number)})"
