"""Validate a serial for a product: the dialog (objectName ``validateDialog``).

Entry points: :meth:`ValidateDialog.prefill`, :meth:`ValidateDialog.submit`
(what the Validate button does). Emits :attr:`validateRequested`; shows what
it is given (:meth:`show_result`, :meth:`show_failure`, :meth:`set_busy`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
)

from licensedesk.api.client import VALIDATION_VERSION
from licensedesk.api.serials import PRODUCT_CODE_RE

from ..shared import colours
from ..shared.colours import text_style
from ..shared.icons import icon
from ..shared.labels import or_dash, plain_label, rich_label
from ..shared.support_dialog import (
    SupportDialog,
    hint_label,
    normalise_serial,
    selectable,
    serial_edit,
)

RECORDS_NOTE = (
    "Validating with a host ID records that device on the licence and may take one of "
    "its seats. Clear the host ID to check the licence without recording a device."
)


class ValidateDialog(SupportDialog):
    validateRequested = Signal(str, str, str, str)  # serial, product code, host id, device tag

    def __init__(self, parent=None) -> None:
        super().__init__(parent, "validateDialog", "Validate a serial")
        self.this_host = ("", "")
        self.last_valid = False
        intro = QLabel("Ask the licence service whether a serial is valid for a product, "
                       "as the product itself would on start-up.")
        intro.setWordWrap(True)
        self.serial_input = serial_edit("validateSerial", "Serial")
        self.product_input = QComboBox()
        self.product_input.setObjectName("validateProduct")
        self.product_input.setAccessibleName("Product code")
        self.product_input.setEditable(True)
        self.product_input.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.product_input.lineEdit().setPlaceholderText("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")
        self.product_input.setMinimumWidth(380)
        self.host_input = QLineEdit()
        self.host_input.setObjectName("validateHostId")
        self.host_input.setAccessibleName("Host ID")
        self.host_input.setPlaceholderText("32 characters; empty: do not record a device")
        self.host_input.setClearButtonEnabled(True)
        self.this_computer_button = QPushButton(icon("computer"), "Use this computer")
        self.this_computer_button.setObjectName("validateUseThisComputer")
        self.tag_input = QLineEdit()
        self.tag_input.setObjectName("validateDeviceTag")
        self.tag_input.setAccessibleName("Device tag")
        self.tag_input.setPlaceholderText("e.g. Windows 10__64bits")
        version = QLabel(f"{VALIDATION_VERSION} (always)")
        version.setObjectName("validateVersion")
        host_row = QHBoxLayout()
        host_row.addWidget(self.host_input, 1)
        host_row.addWidget(self.this_computer_button)
        self.serial_hint = hint_label("validateSerialHint")
        self.product_hint = hint_label("validateProductHint")
        self.host_hint = hint_label("validateHostHint")
        form = QFormLayout()
        form.addRow("Serial:", self.serial_input)
        form.addRow("", self.serial_hint)
        form.addRow("Product code:", self.product_input)
        form.addRow("", self.product_hint)
        form.addRow("Host ID:", host_row)
        form.addRow("", self.host_hint)
        form.addRow("Device tag:", self.tag_input)
        form.addRow("Version:", version)
        self.records_note = QLabel(RECORDS_NOTE)
        self.records_note.setObjectName("validateRecordsNote")
        self.records_note.setWordWrap(True)
        self.records_note.setStyleSheet(text_style(colours.WARN))

        self.result_box = QGroupBox("Result")
        self.result_box.setObjectName("validateResult")
        self.verdict = selectable(rich_label())  # our markup only
        self.verdict.setObjectName("validateVerdict")
        self.reason = selectable(plain_label())
        self.reason.setObjectName("validateReason")
        self.cause = selectable(plain_label())
        self.cause.setObjectName("validateCause")
        self.values: dict[str, QLabel] = {}
        rform = QFormLayout()
        rform.addRow(self.verdict)
        rform.addRow(self.reason)
        rform.addRow(self.cause)
        for key, title in (("licensee_name", "Licensee"), ("licensee_email", "E-mail"),
                           ("sku_number", "SKU number"), ("product_code", "Product code"),
                           ("version_code", "Version code")):
            self.values[key] = selectable(plain_label())
            self.values[key].setObjectName(f"validate_{key}")
            rform.addRow(f"{title}:", self.values[key])
        self.result_box.setLayout(rform)
        self.result_box.hide()

        self.validate_button = self.arrange(
            [intro, form, self.records_note, self.banner, self.result_box],
            action="Validate", action_name="validateButton", width=640,
        )
        self.validate_button.clicked.connect(self.submit)
        for edit in (self.serial_input, self.product_input.lineEdit(), self.host_input,
                     self.tag_input):
            edit.returnPressed.connect(self.submit)
        self.this_computer_button.clicked.connect(self.use_this_computer)
        self.host_input.textChanged.connect(self._host_changed)

    # -- filling ---------------------------------------------------------------
    def prefill(self, serial: str = "", products: list | None = None, product_code: str = "",
                host_id: str | None = None, device_tag: str | None = None) -> None:
        """Serial, the licence's products (when known), and a host (default: this computer)."""
        self.serial_input.setText(serial)
        self.set_products(products or [])
        if product_code:
            self.set_product_code(product_code)
        if host_id is None:
            self.use_this_computer()
        else:
            self.host_input.setText(host_id)
            self.tag_input.setText(device_tag or "")
        self.banner.clear()
        self.result_box.hide()
        for hint in (self.serial_hint, self.product_hint, self.host_hint):
            hint.hide()

    def set_products(self, products: list) -> None:
        combo = self.product_input
        combo.clear()
        for p in products:
            suffix = "" if p.active else " \u2014 inactive"
            combo.addItem(f"{p.name} ({p.code}){suffix}", p.code)
        if products:
            combo.setCurrentIndex(0)  # shows "name (code)"; product_code() reads the code
        else:
            combo.setEditText("")

    def set_product_code(self, code: str) -> None:
        index = self.product_input.findData(code)
        if index >= 0:
            self.product_input.setCurrentIndex(index)
        else:
            self.product_input.setEditText(code)

    def use_this_computer(self) -> None:
        host, tag = self.this_host
        self.host_input.setText(host)
        self.tag_input.setText(tag)

    def _host_changed(self, text: str) -> None:
        self.records_note.setVisible(bool(text.strip()))

    # -- input -----------------------------------------------------------------
    def product_code(self) -> str:
        match = PRODUCT_CODE_RE.search(self.product_input.currentText())
        return match.group(0).lower() if match else ""

    def submit(self) -> bool:
        """Check the input and emit :attr:`validateRequested`; False when something is wrong."""
        if not self.validate_button.isEnabled():
            return False
        ok = True
        serial = normalise_serial(self.serial_input.text())
        self.serial_hint.setVisible(serial is None)
        if serial is None:
            self.serial_hint.setText("A serial is five groups of four letters or digits.")
            ok = False
        else:
            self.serial_input.setText(serial)
        code = self.product_code()
        self.product_hint.setVisible(not code)
        if not code:
            self.product_hint.setText("A product code has 8-4-4-4-12 hex digits, like "
                                      "cc9afeec-d424-4363-af33-8b03fedf5171.")
            ok = False
        host = self.host_input.text().strip()
        bad_host = bool(host) and (len(host) != 32 or not host.isprintable() or " " in host)
        self.host_hint.setVisible(bad_host)
        if bad_host:
            self.host_hint.setText(
                f"A host ID has exactly 32 characters (this one has {len(host)}).")
            ok = False
        if not ok:
            return False
        self.banner.clear()
        self.validateRequested.emit(serial, code, host, self.tag_input.text().strip())
        return True

    # -- state shown -------------------------------------------------------------
    def _busy_changed(self, busy: bool) -> None:
        self.validate_button.setEnabled(not busy)

    def set_busy(self, busy: bool, what: str = "Validating\u2026") -> None:
        super().set_busy(busy, what)

    def show_result(self, result: Any, reason: str, cause: str = "") -> None:
        valid = self.last_valid = bool(result.valid)
        colour = colours.OK if valid else colours.BAD
        word = "Valid" if valid else "Not valid"
        self.verdict.setText(f'<b style="color:{colour}; font-size:14pt">{word}</b>')
        self.reason.setText(reason)
        self.cause.setText(f"Likely cause: {cause}" if cause else "")
        self.cause.setVisible(bool(cause))
        for key, label in self.values.items():
            label.setText(or_dash(getattr(result, key)))
        self.result_box.show()
        self.fit_height()

    def verdict_text(self) -> str:
        return "Valid" if self.last_valid else "Not valid"
