"""The validate dialog's result: the verdict, the service's reason, the likely cause and
the fields the service returned, all selectable so an agent can copy them."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel

from ..shared import colours
from ..shared.labels import or_dash, plain_label, rich_label
from ..shared.support_dialog import selectable

FIELDS = (("licensee_name", "Licensee"), ("licensee_email", "E-mail"),
          ("sku_number", "SKU number"), ("product_code", "Product code"),
          ("version_code", "Version code"))


class ResultBox(QGroupBox):
    """Hidden until :meth:`show_result`."""

    def __init__(self, parent=None) -> None:
        super().__init__("Result", parent)
        self.setObjectName("validateResult")
        self.valid = False
        self.verdict = selectable(rich_label())  # our markup only
        self.verdict.setObjectName("validateVerdict")
        self.reason = selectable(plain_label())
        self.reason.setObjectName("validateReason")
        self.cause = selectable(plain_label())
        self.cause.setObjectName("validateCause")
        self.values: dict[str, QLabel] = {}
        form = QFormLayout(self)
        form.addRow(self.verdict)
        form.addRow(self.reason)
        form.addRow(self.cause)
        for key, title in FIELDS:
            self.values[key] = selectable(plain_label())
            self.values[key].setObjectName(f"validate_{key}")
            form.addRow(f"{title}:", self.values[key])
        self.hide()

    def show_result(self, result: Any, reason: str, cause: str = "") -> None:
        valid = self.valid = bool(result.valid)
        colour = colours.OK if valid else colours.BAD
        self.verdict.setText(
            f'<b style="color:{colour}; font-size:14pt">{self.verdict_text()}</b>')
        self.reason.setText(reason)
        self.cause.setText(f"Likely cause: {cause}" if cause else "")
        self.cause.setVisible(bool(cause))
        for key, label in self.values.items():
            label.setText(or_dash(getattr(result, key)))
        self.show()

    def verdict_text(self) -> str:
        return "Valid" if self.valid else "Not valid"
