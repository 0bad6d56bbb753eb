"""Upgrade a licence from another one: the dialog (objectName ``upgradeDialog``).

Flow: both serials → Compare (both licences and their activations are read
and shown side by side, with whether the SKUs match and what will be deleted)
→ type the current serial to confirm → Upgrade. Nothing is written before the
comparison; the Upgrade button is disabled while the call runs. The
confirmation box offers no completion: picking the serial from a list would
defeat the point of typing it.

After an upgrade, a new licence without a licensee says so and offers to
register it. Entry points: :meth:`prefill`, :meth:`compare`, :meth:`submit`.
Emits :attr:`previewRequested`, :attr:`upgradeRequested` and
:attr:`registrationRequested`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
)

from licensedesk.i18n import N_, _

from ..shared import colours
from ..shared.a11y import named
from ..shared.colours import text_style
from ..shared.labels import rich_label
from ..shared.support_dialog import (
    SupportDialog,
    hint_label,
    serial_edit,
    serial_or_none,
)
from ..shared.support_fields import FieldValue
from .comparison import ROWS, confirm_edit, deletes, describe_side
from .controller import NOT_YET, NOTHING_CHANGED, UNKNOWN, WENT_THROUGH
from .fit import fit_sentence
from .next_step import NextStep

#: the colour of each tone of the SKU reading (fit.py)
TONES = {"ok": colours.OK, "warn": colours.WARN, "bad": colours.BAD}
#: a lost answer's outcome: its colour, and whether it ends the comparison on show (not
#: yet: another try only after comparing again)
RECONCILED = {
    WENT_THROUGH: (colours.OK, True),
    NOTHING_CHANGED: (colours.WARN, False),
    NOT_YET: (colours.WARN, True),
    UNKNOWN: (colours.BAD, True),
}
BUSY_READING = N_("Reading both licences\u2026")
WIDTH = 760
#: Opening height: the serial fields at their natural height, with room for the
#: comparison that follows (the dialog grows further when that needs more).
START_HEIGHT = 300


class UpgradeDialog(SupportDialog):
    previewRequested = Signal(str, str)  # current serial, upgrade serial
    upgradeRequested = Signal(str, str)
    registrationRequested = Signal(str)  # serial of the new licence

    def __init__(self, parent=None) -> None:
        super().__init__(parent, "upgradeDialog", _("Upgrade a licence"))
        self.preview: Any = None
        self._writing = False
        self._done = False
        intro = QLabel(
            _(
                "Upgrade a licence from another one. The service deletes the current "
                "licence and its activations; the upgrade licence takes its place."
            )
        )
        intro.setWordWrap(True)
        form = self._build_serials()
        self._build_preview()
        self.confirm_input = confirm_edit()
        self.confirm_row = QGroupBox(_("Confirm"))
        crow = QFormLayout(self.confirm_row)
        crow.addRow(_("To confirm, type the current serial:"), self.confirm_input)
        self.confirm_row.hide()
        self.outcome = self.value_label("upgradeOutcome")
        self.outcome.hide()
        self.next_box = self._next_step()
        self._build_buttons(
            [
                intro,
                form,
                self.preview_box,
                self.confirm_row,
                self.banner,
                self.outcome,
                self.next_box,
            ]
        )
        self._tab_order()
        self._connect()

    def _build_serials(self) -> QFormLayout:
        """Both serials, Compare beside the second, and their hint."""
        self.current_input = serial_edit("upgradeCurrentSerial", _("Current serial"))
        self.current_input.setAccessibleDescription(
            _("The licence to upgrade from: the service deletes it.")
        )
        self.upgrade_input = serial_edit("upgradeTargetSerial", _("Upgrade serial"))
        self.upgrade_input.setAccessibleDescription(
            _("The licence that takes the current one's place.")
        )
        self.compare_button = named(
            QPushButton(_("Compare")),
            "upgradeCompareButton",
            _("Compare both licences"),
            _("Read both licences (nothing is changed)"),
        )
        self.serial_hint = hint_label("upgradeSerialHint")
        form = QFormLayout()
        form.addRow(_("Current serial:"), self.current_input)
        row = QHBoxLayout()
        row.addWidget(self.upgrade_input, 1)
        row.addWidget(self.compare_button)
        form.addRow(_("Upgrade serial:"), row)
        form.addRow("", self.serial_hint)
        return form

    def _build_preview(self) -> None:
        """Both licences side by side, then whether the SKUs match and what is deleted."""
        self.preview_box = named(QGroupBox(_("Both licences")), "upgradePreview")
        grid = QGridLayout(self.preview_box)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        # TRANSLATORS: a column heading; keep the <b></b> markup
        head_cur = rich_label(_("<b>Current licence</b> (will be deleted)"))
        # TRANSLATORS: a column heading; keep the <b></b> markup
        head_up = rich_label(_("<b>Upgrade licence</b>"))
        grid.addWidget(head_cur, 0, 1)
        grid.addWidget(head_up, 0, 2)
        self.cells: dict[tuple[str, str], QLabel] = {}
        for r, (key, row_label, field) in enumerate(ROWS, start=1):
            grid.addWidget(QLabel(_(row_label)), r, 0, Qt.AlignmentFlag.AlignTop)
            for c, side in ((1, "current"), (2, "upgrade")):
                grid.addWidget(self._cell(side, key, field), r, c, Qt.AlignmentFlag.AlignTop)
        self.match_label = self.value_label("upgradeMatch")
        self.warning = self.value_label("upgradeWarning")
        self.warning.setStyleSheet(text_style(colours.BAD, bold=True))
        grid.addWidget(self.match_label, len(ROWS) + 1, 0, 1, 3)
        grid.addWidget(self.warning, len(ROWS) + 2, 0, 1, 3)
        self.preview_box.hide()

    def _cell(self, side: str, key: str, field: str) -> QLabel:
        """One licence's value of one row, named with its field and side."""
        # TRANSLATORS: a field of one licence in the upgrade comparison, e.g.
        # "SKU of the current licence"
        name = (
            _("{field} of the current licence")
            if side == "current"
            else _("{field} of the upgrade licence")
        ).format(field=_(field))
        self.cells[(side, key)] = FieldValue(f"upgrade_{side}_{key}", name)
        return self.cells[(side, key)]

    def _build_buttons(self, parts: list[Any]) -> None:
        """``parts`` top to bottom, then Close and Upgrade (off until confirmed)."""
        self.upgrade_button = self.arrange(
            parts,
            action=_("Upgrade"),
            action_name="upgradeButton",
            close_name="upgradeCloseButton",
            width=WIDTH,
        )
        self.upgrade_button.setAccessibleDescription(
            _("Deletes the current licence and its activations; sent once, never repeated.")
        )
        self.resize(self.sizeHint())
        self.upgrade_button.setEnabled(False)

    def _connect(self) -> None:
        self.compare_button.clicked.connect(self.compare)
        self.upgrade_input.returnPressed.connect(self.compare)
        self.current_input.returnPressed.connect(self.compare)
        self.current_input.textEdited.connect(self._serials_edited)
        self.upgrade_input.textEdited.connect(self._serials_edited)
        self.confirm_input.textChanged.connect(self._update_button)
        self.upgrade_button.clicked.connect(self.submit)

    def _next_step(self) -> NextStep:
        """What to do after the upgrade (:mod:`.next_step`); its widgets keep their names
        here for the tab chain and the tests."""
        box = NextStep()
        box.registrationRequested.connect(self.registrationRequested)
        box.changed.connect(self.fit_height)
        self.next_label, self.register_new_button = box.label, box.button
        return box

    def _tab_order(self) -> None:
        """Both serials, Compare, the confirmation, the error banner's buttons, "Register
        the new licence…", as they stand top to bottom (hidden ones are skipped, the
        comparison's labels are no tab stops); then Close and Upgrade as the platform
        places them."""
        self.chain_tabs(
            self.current_input,
            self.upgrade_input,
            self.compare_button,
            self.confirm_input,
            after=(self.register_new_button,),
        )

    # -- size --------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        """Wide enough for both licences side by side, tall enough that no field is
        squashed (the wrapped intro's height depends on the width) and the comparison has
        room to appear."""
        width = max(self.width() if self.isVisible() else WIDTH, super().sizeHint().width())
        needed = self.layout_.totalHeightForWidth(width)
        return QSize(width, max(needed, super().sizeHint().height(), START_HEIGHT))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_height()  # e.g. reopened after the user made it narrower

    # -- filling -----------------------------------------------------------------
    def prefill(self, current: str = "", upgrade: str = "") -> None:
        self.current_input.setText(current)
        self.upgrade_input.setText(upgrade)
        self._serials_edited()
        (self.upgrade_input if current else self.current_input).setFocus()

    def _serials(self) -> tuple[str | None, str | None]:
        current, upgrade = self.current_input.text(), self.upgrade_input.text()
        return serial_or_none(current), serial_or_none(upgrade)

    def _serials_edited(self, *_args) -> None:
        """Another pair of serials: the comparison shown no longer applies."""
        self.preview = None
        self._done = False
        self.preview_box.hide()
        self.confirm_row.hide()
        self.confirm_input.clear()
        self.outcome.hide()
        self.next_box.hide()
        self.banner.clear()
        self._update_button()

    # -- compare -------------------------------------------------------------------
    def compare(self) -> bool:
        current, upgrade = self._serials()
        problem = ""
        if current is None:
            problem = _(
                "The current serial is not a serial: five groups of four letters or digits."
            )
        elif upgrade is None:
            problem = _(
                "The upgrade serial is not a serial: five groups of four letters or digits."
            )
        elif current == upgrade:
            problem = _("The two serials are the same: a licence cannot upgrade itself.")
        self.serial_hint.setText(problem)
        self.serial_hint.setVisible(bool(problem))
        if problem:
            return False
        self.current_input.setText(current)
        self.upgrade_input.setText(upgrade)
        self._serials_edited()
        self.previewRequested.emit(current, upgrade)
        return True

    def show_preview(self, preview) -> None:
        if (preview.current.serial, preview.upgrade.serial) != self._serials():
            return  # the serials were edited meanwhile
        self.preview = preview
        for side_name, side in (("current", preview.current), ("upgrade", preview.upgrade)):
            texts = describe_side(side)
            for key, _label, _field in ROWS:
                label = self.cells[(side_name, key)]
                label.setText(texts.get(key, ""))
                label.setStyleSheet(
                    text_style(colours.BAD) if side.license is None and key == "sku" else ""
                )
        fit = preview.sku_fit
        if fit is not None:
            up_sku = preview.upgrade.license.sku_upgrade
            text, tone = fit_sentence(fit, up_sku, preview.current.license.sku_number)
            self.match_label.setText(text)
            self.match_label.setStyleSheet(text_style(TONES[tone]))
        else:
            self.match_label.setText(_("Both licences must exist to upgrade."))
            self.match_label.setStyleSheet(text_style(colours.BAD))
        if preview.ready:
            self.warning.setText(deletes(preview.current.serial, preview.current.activations))
            self.warning.show()
        else:
            self.warning.hide()
        self.preview_box.show()
        self.confirm_row.setVisible(preview.ready)
        if preview.ready:
            self.confirm_input.setFocus()
        self._update_button()
        self.fit_height()

    # -- confirm and upgrade -----------------------------------------------------------
    def confirmed(self) -> bool:
        if self.preview is None or not self.preview.ready:
            return False
        return serial_or_none(self.confirm_input.text()) == self.preview.current.serial

    def _update_button(self, *_args) -> None:
        self.upgrade_button.setEnabled(self.confirmed() and not self._writing and not self._done)

    def submit(self) -> bool:
        """What the Upgrade button does: emit once, only after comparison and confirmation."""
        if not self.upgrade_button.isEnabled() or not self.confirmed():
            return False
        self.banner.clear()
        self.outcome.hide()
        self.next_box.hide()
        self.upgradeRequested.emit(self.preview.current.serial, self.preview.upgrade.serial)
        return True

    # -- state shown -------------------------------------------------------------------
    def set_busy(self, busy: bool, what: str | None = None) -> None:
        super().set_busy(busy, _(BUSY_READING) if what is None else what)
        self.compare_button.setEnabled(not busy)

    def set_writing(self, busy: bool) -> None:
        self._writing = busy
        self.set_busy(busy, _("Upgrading\u2026 (sent once, never repeated)"))
        self.current_input.setReadOnly(busy)
        self.upgrade_input.setReadOnly(busy)
        self._update_button()

    def show_outcome(self, text: str, colour: str = colours.OK, done: bool = True) -> None:
        """The result of the upgrade; ``done``: the current licence is gone, no second try."""
        self.outcome.setText(text)
        self.outcome.setStyleSheet(text_style(colour, bold=True))
        self.outcome.show()
        self.fit_height()
        if done:
            self._done = True
            self.confirm_row.hide()
            self.warning.hide()
        self._update_button()

    def show_upgraded(self, message: str, upgrade_serial: str, lic: Any = None) -> None:
        self.show_outcome(
            _("{message} The workspace now shows the upgrade licence {serial}.").format(
                message=message or _("The upgrade went through."), serial=upgrade_serial
            )
        )
        self.offer_registration(upgrade_serial, lic)

    def offer_registration(self, serial: str, lic: Any = None) -> None:
        """Say plainly that the new licence has no licensee, and whether registering can
        set one. ``lic``: the licence read after the upgrade; None (that read failed):
        what Compare read."""
        if lic is None and self.preview is not None and self.preview.upgrade.serial == serial:
            lic = self.preview.upgrade.license
        self.next_box.offer(serial, lic)

    def show_reconciliation(self, result, upgrade_serial: str) -> None:
        self.show_outcome(result.sentence, *RECONCILED[result.outcome])
        if result.outcome == WENT_THROUGH:
            self.offer_registration(upgrade_serial, result.upgrade_license)
        self.banner.show_error(result.failure.sentence, result.failure.details)

    def outcome_text(self) -> str:
        return self.outcome.text() if self.outcome.isVisibleTo(self) else ""
