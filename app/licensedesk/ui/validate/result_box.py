"""The validate dialog's result: the verdict, the service's reason, the likely cause and
the fields the service returned, all selectable so an agent can copy them."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel

from licensedesk.i18n import N_, _

from ..shared import colours
from ..shared.a11y import named
from ..shared.labels import or_dash, rich_label
from ..shared.support_dialog import SupportDialog, selectable
from ..shared.support_fields import FieldValue

#: the fields of the service's answer: key, the row's label, the field a screen reader names
FIELDS = (
    ("licensee_name", N_("Licensee:"), N_("Licensee")),
    ("licensee_email", N_("E-mail:"), N_("E-mail")),
    ("sku_number", N_("SKU number:"), N_("SKU number")),
    ("product_code", N_("Product code:"), N_("Product code")),
    ("version_code", N_("Version code:"), N_("Version code")),
)


class ResultBox(QGroupBox):
    """Hidden until :meth:`show_result`."""

    def __init__(self, parent=None) -> None:
        super().__init__(_("Result"), parent)
        self.setObjectName("validateResult")
        self.valid = False
        self.verdict = named(selectable(rich_label()), "validateVerdict")  # our markup only
        self.reason = SupportDialog.value_label("validateReason")
        self.cause = SupportDialog.value_label("validateCause")
        self.values: dict[str, QLabel] = {}
        form = QFormLayout(self)
        form.addRow(self.verdict)
        form.addRow(self.reason)
        form.addRow(self.cause)
        for key, row_label, field in FIELDS:
            self.values[key] = FieldValue(f"validate_{key}", _(field))
            form.addRow(_(row_label), self.values[key])
        self.hide()

    def show_result(self, result: Any, reason: str, cause: str = "") -> None:
        valid = self.valid = bool(result.valid)
        colour = colours.OK if valid else colours.BAD
        self.verdict.setText(
            f'<b style="color:{colour}; font-size:14pt">{escape(self.verdict_text())}</b>'
        )
        self.reason.setText(reason)
        self.cause.setText(_("Likely cause: {cause}").format(cause=cause) if cause else "")
        self.cause.setVisible(bool(cause))
        for key, label in self.values.items():
            label.setText(or_dash(getattr(result, key)))
        self.verdict.setAccessibleName(self.verdict_text())  # its text, without the markup
        self.show()

    def verdict_text(self) -> str:
        return _("Valid") if self.valid else _("Not valid")
