"""Register an offline-distribution licence: the dialog (objectName ``registrationDialog``).

First the suitability check (GET register-products); only a suitable licence
opens the form (name, e-mail, SKU number prefilled from the licence). After a
registration the dialog shows the licence as the service now holds it. A
registered licence is registered again only after the name or e-mail is edited,
and replacing a licensee is confirmed first (the controller asks). Entry points:
:meth:`prefill`, :meth:`check`, :meth:`submit`. Emits :attr:`checkRequested` and
:attr:`registerRequested`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
)

from licensedesk.i18n import N_, _

from ..shared import colours
from ..shared.a11y import named
from ..shared.colours import text_style
from ..shared.labels import or_dash
from ..shared.support_dialog import (
    SupportDialog,
    checked_serial,
    hint_label,
    serial_edit,
    serial_or_none,
)
from ..shared.support_fields import FieldValue, licensee, sku_text
from ..shared.values import local_time

EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
NOT_SUITABLE = N_(
    "\u2718 Not suitable. This licence cannot be registered here: it does not have the "
    "offline distribution setting (or the serial does not exist). Only offline-distribution "
    "licences take registration data."
)
ASKING = N_("Asking the service\u2026")


class RegistrationDialog(SupportDialog):
    checkRequested = Signal(str)  # serial
    # serial, name, email, sku number ("" = none), the licensee it replaces ("" = none)
    registerRequested = Signal(str, str, str, str, str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent, "registrationDialog", _("Register a licence"))
        self.license: Any = None
        intro = QLabel(
            _(
                "Set the licensee's name and e-mail on an offline-distribution "
                "licence. The licence is checked first."
            )
        )
        intro.setWordWrap(True)
        top = self._build_serial_row()
        self.verdict = self.value_label("registrationVerdict")
        self.verdict.hide()
        self._build_licence_box()
        self._build_form_box()
        self.outcome = self.value_label("registrationOutcome")
        self.outcome.setStyleSheet(text_style(colours.OK, bold=True))
        self.outcome.hide()
        self._build_buttons(
            [intro, top, self.verdict, self.license_box, self.form_box, self.banner, self.outcome]
        )
        self._tab_order()
        self._connect()
        self._busy = False

    def _build_serial_row(self) -> QFormLayout:
        """The serial, its Check button and its hint."""
        self.serial_input = serial_edit("registrationSerial", _("Serial"))
        self.check_button = named(
            QPushButton(_("Check")), "registrationCheckButton", _("Check the serial")
        )
        self.check_button.setAccessibleDescription(
            _("Asks the service whether this licence can be registered; nothing is changed.")
        )
        self.serial_hint = hint_label("registrationSerialHint")
        top = QFormLayout()
        row = QHBoxLayout()
        row.addWidget(self.serial_input, 1)
        row.addWidget(self.check_button)
        top.addRow(_("Serial:"), row)
        top.addRow("", self.serial_hint)
        return top

    def _build_licence_box(self) -> None:
        """The checked licence's fields, each label named with its field for a screen reader."""
        self.license_box = named(QGroupBox(_("Licence")), "registrationLicence")
        lform = QFormLayout(self.license_box)
        self.info: dict[str, QLabel] = {}
        for key, row_label, field in (
            ("sku", _("SKU:"), _("SKU")),
            ("type", _("Type:"), _("Type")),
            ("licensee", _("Licensee:"), _("Licensee")),
            # TRANSLATORS: whether the licence is registered (Yes/No follows)
            ("registered", _("Registered:"), _("Registered")),
            # TRANSLATORS: the licence's validity: start → end
            ("dates", _("Valid:"), _("Valid")),
        ):
            self.info[key] = FieldValue(f"registration_{key}", field)
            lform.addRow(row_label, self.info[key])
        self.license_box.hide()

    def _build_form_box(self) -> None:
        """Name, e-mail and SKU number, shown once the licence is found suitable."""
        self.form_box = named(QGroupBox(_("Registration")), "registrationForm")
        self.name_input = named(QLineEdit(), "registrationName", _("Licensee's name"))
        self.email_input = named(QLineEdit(), "registrationEmail", _("Licensee's e-mail"))
        self.email_input.setPlaceholderText("name@example.com")
        self.sku_input = named(QLineEdit(), "registrationSku", _("SKU number"))
        self.sku_input.setAccessibleDescription(_("Optional; prefilled from the licence."))
        # one hint under each field it is about: a message under "SKU number" for the
        # e-mail field sent the eye to the wrong field
        self.name_hint = hint_label("registrationNameHint")
        self.email_hint = hint_label("registrationEmailHint")
        self.registered_note = self.value_label("registrationRegisteredNote")
        self.registered_note.hide()
        fform = QFormLayout(self.form_box)
        fform.addRow(self.registered_note)
        fform.addRow(_("Name:"), self.name_input)
        fform.addRow("", self.name_hint)
        fform.addRow(_("E-mail:"), self.email_input)
        fform.addRow("", self.email_hint)
        fform.addRow(_("SKU number:"), self.sku_input)
        self.form_box.hide()

    def _build_buttons(self, parts: list[Any]) -> None:
        """``parts`` top to bottom, then Close and Register (off until a form is valid)."""
        self.register_button = self.arrange(
            parts,
            action=_("Register"),
            action_name="registerButton",
            close_name="registrationCloseButton",
            width=600,
        )
        self.register_button.setAccessibleDescription(
            _("Sends the name and e-mail to the service, once.")
        )
        self.register_button.setEnabled(False)

    def _connect(self) -> None:
        self.check_button.clicked.connect(self.check)
        self.serial_input.returnPressed.connect(self.check)
        self.serial_input.textEdited.connect(self._serial_edited)
        self.register_button.clicked.connect(self.submit)
        for edit in (self.name_input, self.email_input):
            edit.textChanged.connect(self._update_button)

    def _tab_order(self) -> None:
        """Serial, Check, the form top to bottom, the error banner's buttons: the order a
        person reads (hidden ones are skipped, the data labels are no tab stops); then the
        buttons, Close and Register, as the platform places them."""
        self.chain_tabs(
            self.serial_input, self.check_button, self.name_input, self.email_input, self.sku_input
        )

    # -- filling -------------------------------------------------------------------
    def prefill(self, serial: str = "") -> None:
        self.serial_input.setText(serial)
        self._serial_edited()

    def _serial_edited(self, *_args) -> None:
        self.license = None
        for w in (
            self.verdict,
            self.license_box,
            self.form_box,
            self.outcome,
            self.name_hint,
            self.email_hint,
        ):
            w.hide()
        self.banner.clear()
        self._update_button()

    # -- check ---------------------------------------------------------------------
    def check(self) -> bool:
        serial = checked_serial(self.serial_input, self.serial_hint)
        if serial is None:
            return False
        self._serial_edited()
        self.checkRequested.emit(serial)
        return True

    def show_check(self, serial: str, lic: Any) -> None:
        if serial_or_none(self.serial_input.text()) != serial:
            return  # edited meanwhile
        self.license = lic
        self.verdict.show()
        if lic is None:
            self.verdict.setText(_(NOT_SUITABLE))
            self.verdict.setStyleSheet(text_style(colours.BAD))
            self.form_box.hide()
            self.license_box.hide()
            self._update_button()
        else:
            self.verdict.setText(
                _(
                    "\u2714 Suitable: this licence has the offline distribution "
                    "setting and can be registered."
                )
            )
            self.verdict.setStyleSheet(text_style(colours.OK))
            self._show_form(lic)
            self.sku_input.setText(lic.sku_number or "")
            self.form_box.show()
            self.name_input.setFocus()
        self.fit_height()

    def _show_form(self, lic: Any) -> None:
        """The licence and a form holding its licensee (Register waits for an edit)."""
        self.license = lic
        self.show_license(lic)
        self.name_input.setText(lic.name or "")
        self.email_input.setText(lic.email or "")
        self.name_hint.hide()
        self.email_hint.hide()
        self.registered_note.setVisible(bool(lic.registered))
        if lic.name or lic.email:
            self.registered_note.setText(
                _(
                    "Registered to {licensee}. To register it to someone else, change the name or "
                    "e-mail; you will be asked to confirm the replacement."
                ).format(licensee=licensee(lic))
            )
        else:
            self.registered_note.setText(
                _(
                    "Registered. To register it to someone else, change the name or e-mail; you "
                    "will be asked to confirm the replacement."
                )
            )
        self._update_button()

    def show_license(self, lic: Any) -> None:
        start, end = local_time(lic.start_at), local_time(lic.end_at)
        self.info["sku"].setText(sku_text(lic))
        self.info["type"].setText(or_dash(lic.type).capitalize())
        self.info["licensee"].setText(licensee(lic))
        self.info["registered"].setText(_("Yes") if lic.registered else _("No"))
        # TRANSLATORS: a licence's validity without start or end date
        self.info["dates"].setText(_("no end") if not (start or end) else f"{start} \u2192 {end}")
        self.license_box.show()

    def is_form_open(self) -> bool:
        return self.form_box.isVisibleTo(self)

    # -- register ------------------------------------------------------------------
    def _update_button(self, *_args) -> None:
        lic = self.license
        wanted = lic is not None and (not lic.registered or self._form_differs())
        self.register_button.setEnabled(wanted and not self._busy)

    def _form_differs(self) -> bool:
        """Whether the form holds another licensee than the licence has."""
        lic = self.license
        typed = (self.name_input.text().strip(), self.email_input.text().strip())
        return typed != ((lic.name or "").strip(), (lic.email or "").strip())

    def replaces(self) -> str:
        """The licensee a registration would replace ("" when it replaces nobody)."""
        lic = self.license
        if lic is None or not (lic.name or lic.email) or not self._form_differs():
            return ""
        return licensee(lic)

    def submit(self) -> bool:
        """What the Register button does: check the form, then emit once."""
        if self.license is None or not self.register_button.isEnabled():
            return False
        name = self.name_input.text().strip()
        email = self.email_input.text().strip()
        sku = self.sku_input.text().strip()
        name_problem = "" if name else _("Enter the licensee's name.")
        email_problem = (
            ""
            if EMAIL.fullmatch(email)
            else _("Enter a valid e-mail address, like name@example.com.")
        )
        for hint, problem in ((self.name_hint, name_problem), (self.email_hint, email_problem)):
            hint.setText(problem)
            hint.setVisible(bool(problem))
        if name_problem or email_problem:
            return False
        self.banner.clear()
        self.outcome.hide()
        self.registerRequested.emit(self.license.serial, name, email, sku, self.replaces())
        return True

    def show_registered(self, serial: str, message: str, lic: Any = None) -> None:
        """The service's message and the licence as it is now: ``lic`` as read again, or
        (that read failed) the licence shown before with the licensee that was sent."""
        said = message or _("The licence was registered.")
        if self.license is None or self.license.serial != serial:
            self.outcome.setText(f"{serial}: {said}")  # another serial is on show meanwhile
        else:
            if lic is None:
                lic = dataclasses.replace(
                    self.license,
                    name=self.name_input.text().strip(),
                    email=self.email_input.text().strip(),
                    registered=True,
                )
                said = _("{message} (The licence could not be read again: shown as sent.)").format(
                    message=said
                )
            self._show_form(lic)
            self.outcome.setText(said)
        self.outcome.show()
        self.fit_height()

    # -- state shown -------------------------------------------------------------------
    def set_busy(self, busy: bool, what: str | None = None) -> None:
        self._busy = busy
        super().set_busy(busy, _(ASKING) if what is None else what)
        self.check_button.setEnabled(not busy)
        self._update_button()
