"""After an upgrade: what to do about a new licence without a licensee.

Registration sets a licensee only on a licence that the service offers it for
(register-products: the offline distribution setting). So "Register the new licence…"
is offered only once the service said the new serial can be registered (or could not
be asked: the registration dialog then says); otherwise the sentence says where the
licensee comes from instead of leading to "Not suitable".
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from licensedesk.i18n import _

from ..shared.support_dialog import SupportDialog


class NextStep(QWidget):
    registrationRequested = Signal(str)  # serial of the new licence
    checkRequested = Signal(str)  # ask the service whether the serial can be registered
    changed = Signal()  # the text or the button changed: the dialog fits its height

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("upgradeNextStep")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = SupportDialog.value_label("upgradeNextStepText")
        self.button = QPushButton(_("Register the new licence\u2026"))
        self.button.setObjectName("upgradeRegisterNewButton")
        self.button.clicked.connect(lambda: self.registrationRequested.emit(self.serial))
        lay.addWidget(self.label)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        self.serial = ""
        self.hide()

    def offer(self, serial: str, lic: Any) -> None:
        """A licence without a licensee: say so, and ask whether it can be registered."""
        if lic is None or lic.name:
            return
        self.serial = serial
        self.label.setText(
            _(
                "The new licence {serial} has no licensee yet. Checking "
                "whether it can be registered here\u2026"
            ).format(serial=serial)
        )
        self.button.hide()
        self.show()
        self.changed.emit()
        self.checkRequested.emit(serial)

    def set_registrable(self, serial: str, suitable: bool | None, problem: str = "") -> None:
        """The service's answer for ``serial``; None: it could not be asked (``problem``)."""
        if serial != self.serial or not self.isVisibleTo(self.parentWidget()):
            return
        if suitable is False:
            text = _(
                "The new licence {serial} has no licensee yet, and it cannot be "
                "registered here: the service offers registration only for licences "
                "with the offline distribution setting. Its licensee is set where the "
                "licence was issued (the order, or the vendor's dashboard)."
            )
        elif suitable:
            text = _(
                "The new licence {serial} has no licensee yet. To set one, register it: "
                "the licensee's name and e-mail can be set on a licence with the offline "
                "distribution setting."
            )
        else:
            text = _(
                "The new licence {serial} has no licensee yet. Whether it can be "
                "registered here could not be checked ({problem}); the registration "
                "dialog checks it again."
            )
        self.label.setText(text.format(serial=serial, problem=problem))
        self.button.setVisible(suitable is not False)
        self.changed.emit()

    def clear(self) -> None:
        self.serial = ""
        self.hide()
