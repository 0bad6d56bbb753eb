"""Validate a serial for a product: the dialog (objectName ``validateDialog``).

Entry points: :meth:`ValidateDialog.prefill`, :meth:`ValidateDialog.submit`
(what the Validate button does). Emits :attr:`validateRequested`, and
:attr:`serialSettled` when a typed serial needs its products and devices
(given back through :meth:`ValidateDialog.set_choices`); shows what it is given
(:meth:`show_result`, :meth:`show_failure`, :meth:`set_busy`). A result is shown
only while the fields still hold what was validated.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
)

from licensedesk.api.client import VALIDATION_VERSION
from licensedesk.api.errors import InvalidInput
from licensedesk.api.serials import PRODUCT_CODE_RE, check_host_id
from licensedesk.i18n import N_, _

from ..shared import colours
from ..shared.a11y import name_value, named
from ..shared.colours import text_style
from ..shared.labels import shown
from ..shared.support_dialog import (
    SupportDialog,
    checked_serial,
    hint_label,
    serial_edit,
    serial_or_none,
)
from ..shared.timers import one_shot
from .host_choice import DEVICE, NOTHING, THIS, TYPED, HostChoice
from .result_box import ResultBox

RECORDS_NOTE = N_(
    "Validating with a host ID records that device on the licence and may take one of "
    "its seats. Choose \u201cRecord nothing (check only)\u201d to check the licence "
    "without recording a device."
)
LOADING_CHOICES = N_("Reading the products and devices of this serial\u2026")
CHECK_ONLY = N_("Validate")
RECORD = N_("Validate and record host")
VALIDATING = N_("Validating\u2026")
#: How long the serial must stay unchanged before its products are read.
SERIAL_SETTLE_MS = 400

Key = tuple[str, str, str, str]  # serial, product code, host id, device tag


class ValidateDialog(SupportDialog):
    validateRequested = Signal(str, str, str, str)  # serial, product code, host id, device tag
    serialSettled = Signal(str)  # a valid serial whose products and devices the lists lack

    def __init__(self, parent=None) -> None:
        super().__init__(parent, "validateDialog", _("Validate a serial"))
        self.this_host = ("", "")
        self._asked: Key | None = None  # what the last submit sent
        self._shown: Key | None = None  # what the result or error on show is about
        self._choices_serial: str | None = None  # the serial the lists were asked for
        self._filling = False
        self._loading = False  # the lists of _choices_serial are being read
        intro = QLabel(
            _(
                "Ask the licence service whether a serial is valid for a product, "
                "as the product itself would on start-up."
            )
        )
        intro.setWordWrap(True)
        self._build_inputs()
        form = self._build_form()
        self.records_note = named(QLabel(_(RECORDS_NOTE)), "validateRecordsNote")
        self.records_note.setWordWrap(True)
        self.records_note.setStyleSheet(text_style(colours.WARN))
        self.result_box = ResultBox()
        self.verdict, self.reason, self.cause = (
            self.result_box.verdict,
            self.result_box.reason,
            self.result_box.cause,
        )
        self.values = self.result_box.values
        self.validate_button = self.arrange(
            [intro, form, self.records_note, self.banner, self.result_box],
            action=_(CHECK_ONLY),
            action_name="validateButton",
            close_name="validateCloseButton",
            width=640,
        )
        self._tab_order()
        self._connect()
        self._host_state()

    def _build_inputs(self) -> None:
        """Serial, product code (a licence's product or typed), what to record, host, tag."""
        self.serial_input = serial_edit("validateSerial", _("Serial"))
        self.product_input = named(QComboBox(), "validateProduct", _("Product code"))
        self.product_input.setAccessibleDescription(
            _("Choose one of the licence's products or type a product code.")
        )
        self.product_input.setEditable(True)
        self.product_input.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.product_input.lineEdit().setPlaceholderText("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")
        self.product_input.lineEdit().setAccessibleName(_("Product code"))
        self.product_input.setMinimumWidth(380)
        self.product_note = self.value_label("validateProductNote")
        self.product_note.hide()
        self.host_choice = HostChoice()
        self.host_input = named(QLineEdit(), "validateHostId", _("Host ID"))
        self.host_input.setPlaceholderText(_("e.g. server-backend (up to 255 characters)"))
        self.host_input.setClearButtonEnabled(True)
        self.tag_input = named(QLineEdit(), "validateDeviceTag", _("Device tag"))
        self.tag_input.setPlaceholderText(_("e.g. Windows 10__64bits"))

    def _build_form(self) -> QFormLayout:
        """The inputs with their hints, and the version every validation sends."""
        # TRANSLATORS: the version sent with every validation, e.g. "v2 (always)"
        version = QLabel(_("{version} (always)").format(version=VALIDATION_VERSION))
        version.setObjectName("validateVersion")
        name_value(version, _("Version"))
        self.serial_hint = hint_label("validateSerialHint")
        self.product_hint = hint_label("validateProductHint")
        self.host_hint = hint_label("validateHostHint")
        form = QFormLayout()
        form.addRow(_("Serial:"), self.serial_input)
        form.addRow("", self.serial_hint)
        form.addRow(_("Product code:"), self.product_input)
        form.addRow("", self.product_note)
        form.addRow("", self.product_hint)
        # TRANSLATORS: the row of the validate dialog that chooses what to record on the licence
        form.addRow(_("Record:"), self.host_choice)
        form.addRow(_("Host ID:"), self.host_input)
        form.addRow("", self.host_hint)
        form.addRow(_("Device tag:"), self.tag_input)
        form.addRow(_("Version:"), version)
        return form

    def _connect(self) -> None:
        """Enter validates; a serial that stays unchanged a moment asks for its lists."""
        self._serial_timer = one_shot(self, SERIAL_SETTLE_MS, self._serial_paused)
        self.validate_button.clicked.connect(self.submit)
        for edit in (
            self.serial_input,
            self.product_input.lineEdit(),
            self.host_input,
            self.tag_input,
        ):
            edit.returnPressed.connect(self.submit)
        self.serial_input.textChanged.connect(self._serial_typed)
        self.serial_input.editingFinished.connect(self._serial_paused)
        self.product_input.currentTextChanged.connect(self._inputs_changed)
        self.host_choice.currentIndexChanged.connect(self._host_chosen)
        self.host_input.textEdited.connect(self._host_typed)
        self.host_input.textChanged.connect(self._inputs_changed)
        self.tag_input.textChanged.connect(self._inputs_changed)

    def _tab_order(self) -> None:
        """The form top to bottom, the error banner's buttons: the order a person reads
        (disabled and hidden ones are skipped, the result's labels are no tab stops); then
        Close and Validate as the platform places them."""
        self.chain_tabs(
            self.serial_input, self.product_input, self.host_choice, self.host_input, self.tag_input
        )

    # -- filling ---------------------------------------------------------------
    def prefill(
        self,
        serial: str = "",
        product_code: str = "",
        host_id: str | None = None,
        device_tag: str | None = None,
    ) -> None:
        """Serial, product code and a host to record (default: none). The product and
        device lists follow through :attr:`serialSettled` and :meth:`set_choices`."""
        self._filling = True
        try:
            self._serial_timer.stop()
            self._choices_serial = None
            self.serial_input.setText(serial)
            self.set_products([])
            self.set_product_code(product_code)
            self.host_choice.set_options(self.this_host, [])
            self.host_choice.select_host(host_id)
            item_tag = self.host_choice.item_host()[1]
            self.host_input.setText((host_id or "").strip())
            self.tag_input.setText(device_tag if device_tag is not None else item_tag)
            self.banner.clear()
            self.result_box.hide()
            self._asked = self._shown = None
            for hint in (self.serial_hint, self.product_hint, self.host_hint):
                hint.hide()
            self.show_choices_note("")
        finally:
            self._filling = False
        self._host_state()
        self._settle_serial()

    def set_choices(
        self, serial: str, products: list | None, devices: list, note: str = ""
    ) -> bool:
        """The products and devices of ``serial``; False (ignored) when the field holds
        another serial by now. A code chosen from the old list gives way to the new
        list's first product unless the new list has it; a typed code stays, and so does
        the host choice (a device of the old licence becomes a typed host)."""
        if serial_or_none(self.serial_input.text()) != serial:
            return False
        self._filling = True
        try:
            code, picked = self.product_code(), self._picked_from_list()
            kind, host = self.host_choice.kind(), self.chosen_host()
            self.set_products(products or [])
            codes = [p.code.lower() for p in products or []]
            if code and (not picked or code in codes):
                self.set_product_code(code)
            self.host_choice.set_options(self.this_host, devices)
            if kind == TYPED and not host:
                self.host_choice.select_kind(TYPED)
            else:
                self.host_choice.select_host(host if kind != NOTHING else None)
        finally:
            self._filling = False
        self.show_choices_note(note)
        self._host_state()
        self._inputs_changed()
        return True

    def show_choices_loading(self) -> None:
        self.show_choices_note(_(LOADING_CHOICES))
        self._loading = True

    def show_choices_note(self, text: str) -> None:
        """A line under the product list: reading, or why it is empty."""
        self._loading = False
        self.product_note.setText(text)
        self.product_note.setVisible(bool(text))

    def set_products(self, products: list) -> None:
        combo = self.product_input
        combo.clear()
        for p in products:
            item = f"{shown(p.name)} ({shown(p.code)})"
            if not p.active:
                # TRANSLATORS: a product in the validate dialog's list that is marked inactive
                item = _("{product} \u2014 inactive").format(product=item)
            combo.addItem(item, p.code)
        if products:
            combo.setCurrentIndex(0)  # shows "name (code)"; product_code() reads the code
        else:
            combo.setEditText("")

    def set_product_code(self, code: str) -> None:
        combo = self.product_input
        wanted = code.strip().lower()
        for i in range(combo.count()):
            if str(combo.itemData(i)).lower() == wanted:
                combo.setCurrentIndex(i)
                return
        combo.setEditText(code)

    # -- input -----------------------------------------------------------------
    def product_code(self) -> str:
        match = PRODUCT_CODE_RE.search(self.product_input.currentText())
        return match.group(0).lower() if match else ""

    def chosen_host(self) -> str:
        """The host ID a validation would record ("" when recording nothing)."""
        return "" if self.host_choice.kind() == NOTHING else self.host_input.text().strip()

    def current_key(self) -> Key:
        text = self.serial_input.text()
        host = self.chosen_host()
        tag = self.tag_input.text().strip() if host else ""
        return (serial_or_none(text) or text.strip(), self.product_code(), host, tag)

    def submit(self) -> bool:
        """Check the input and emit :attr:`validateRequested`; False when something is wrong."""
        if not self.validate_button.isEnabled():
            return False
        serial = checked_serial(self.serial_input, self.serial_hint)
        ok = serial is not None
        code = self.product_code()
        self.product_hint.setVisible(not code)
        if not code:
            self.product_hint.setText(
                _(
                    "A product code has 8-4-4-4-12 hex digits, like "
                    "cc9afeec-d424-4363-af33-8b03fedf5171."
                )
            )
            ok = False
        host_hint = self._host_problem()
        self.host_hint.setText(host_hint)
        self.host_hint.setVisible(bool(host_hint))
        if not ok or host_hint:
            return False
        self.banner.clear()
        self._asked = self.current_key()
        _serial, _code, host, tag = self._asked
        self.validateRequested.emit(serial, code, host, tag)
        return True

    def _host_problem(self) -> str:
        if self.host_choice.kind() == NOTHING:
            return ""
        host = self.host_input.text().strip()
        if not host:
            return _(
                "Type the host ID to record, or choose \u201cRecord nothing (check only)\u201d."
            )
        try:
            check_host_id(host)  # the client's own rule and sentence (DESIGN.md §2)
        except InvalidInput as refused:
            return refused.sentence
        return ""

    def _picked_from_list(self) -> bool:
        combo = self.product_input
        i = combo.currentIndex()
        return i >= 0 and combo.currentText() == combo.itemText(i)

    # -- reacting to edits -------------------------------------------------------
    def _serial_typed(self, text: str) -> None:
        self._inputs_changed()
        if self._loading and serial_or_none(text) != self._choices_serial:
            self.show_choices_note("")  # its lists will be ignored: ask again if it is back
            self._choices_serial = None
        if not self._filling:
            self._serial_timer.start()

    def _serial_paused(self) -> None:
        """Typing paused or left the field: only an open dialog asks for lists (closing it
        also ends editing)."""
        if self.isVisible():
            self._settle_serial()

    def hideEvent(self, event) -> None:  # Qt names it
        self._serial_timer.stop()
        super().hideEvent(event)

    def _settle_serial(self) -> None:
        """The serial stopped changing: ask for its lists once per serial."""
        self._serial_timer.stop()
        serial = serial_or_none(self.serial_input.text())
        if serial and serial != self._choices_serial:
            self._choices_serial = serial
            self.serialSettled.emit(serial)

    def _host_chosen(self, _index: int = -1) -> None:
        """A person chose what to record: fill the host fields from that choice."""
        kind = self.host_choice.kind()
        host, tag = self.host_choice.item_host()
        self.host_input.setText(host)
        self.tag_input.setText(tag)
        self._host_state()
        if kind == TYPED:
            self.host_input.setFocus()

    def _host_typed(self, text: str) -> None:
        """Editing the host of this computer or a device makes it a typed host."""
        if (
            self.host_choice.kind() in (THIS, DEVICE)
            and text.strip() != self.host_choice.item_host()[0]
        ):
            self.host_choice.select_kind(TYPED)
            self._host_state()

    def _host_state(self) -> None:
        records = self.host_choice.kind() != NOTHING
        for edit in (self.host_input, self.tag_input):
            edit.setEnabled(records)
        self.records_note.setVisible(records)
        self.validate_button.setText(_(RECORD) if records else _(CHECK_ONLY))
        self.validate_button.setToolTip(
            _("Validates and records the host on the licence (may take a seat)")
            if records
            else _("Checks the licence only; nothing is recorded")
        )
        self.validate_button.setAccessibleDescription(self.validate_button.toolTip())

    def _inputs_changed(self, *_args: Any) -> None:
        """A result or error about other input than the fields hold now goes."""
        if self._filling or self._shown is None or self.current_key() == self._shown:
            return
        self._shown = None
        self.result_box.hide()
        self.banner.clear()

    # -- state shown -------------------------------------------------------------
    def set_busy(self, busy: bool, what: str | None = None) -> None:
        super().set_busy(busy, _(VALIDATING) if what is None else what)
        self.validate_button.setEnabled(not busy)

    def show_failure(self, failure) -> None:
        super().show_failure(failure)
        self._shown = self._asked or self.current_key()
        self._inputs_changed()

    def show_result(self, result: Any, reason: str, cause: str = "") -> None:
        self.result_box.show_result(result, reason, cause)
        self.fit_height()
        self._shown = self._asked or self.current_key()
        self._inputs_changed()  # the fields changed while it ran: the result is not theirs

    def verdict_text(self) -> str:
        return self.result_box.verdict_text()
