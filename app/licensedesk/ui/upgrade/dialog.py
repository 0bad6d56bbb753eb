"""Upgrade a licence from another one: the dialog (objectName ``upgradeDialog``).

Flow: both serials → Compare (both licences and their activations are read
and shown side by side, with whether the SKUs match and what will be deleted)
→ type (or pick) the current serial to confirm → Upgrade. Nothing is written
before the comparison; the Upgrade button is disabled while the call runs.

Entry points: :meth:`prefill`, :meth:`compare`, :meth:`submit`. Emits
:attr:`previewRequested` and :attr:`upgradeRequested`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCompleter,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
)

from ..shared import colours
from ..shared.colours import text_style
from ..shared.labels import or_dash, plain_label, rich_label
from ..shared.support_dialog import (
    SupportDialog,
    hint_label,
    normalise_serial,
    selectable,
    serial_edit,
)
from ..shared.values import local_time

ROWS = (
    ("serial", "Serial"),
    ("sku", "SKU"),
    ("sku_upgrade", "Upgrades from SKU"),
    ("type", "Type"),
    ("licensee", "Licensee"),
    ("dates", "Valid"),
    ("activations", "Activations"),
)


def describe_side(side) -> dict[str, str]:
    """Cell texts for one licence of the preview."""
    lic = side.license
    if lic is None:
        sentence = side.failure.sentence if side.failure else "Not read."
        return {"serial": side.serial, "sku": sentence}
    start, end = local_time(lic.start_at), local_time(lic.end_at)
    dates = ("no end (perpetual)" if not (start or end)
             else f"{or_dash(start)} \u2192 {or_dash(end)}")
    who = or_dash(lic.name)
    if lic.email:
        who += f" <{lic.email}>"
    if side.activations is None:
        acts = "could not be read: " + (side.activations_failure.sentence
                                        if side.activations_failure else "")
    else:
        on = sum(1 for a in side.activations if a.activated)
        acts = f"{len(side.activations)} ({on} activated)"
    return {
        "serial": side.serial,
        "sku": f"{or_dash(lic.sku_name)} ({or_dash(lic.sku_number)})",
        "sku_upgrade": or_dash(lic.sku_upgrade),
        "type": or_dash(str(lic.type or "").capitalize()),
        "licensee": who,
        "dates": dates,
        "activations": acts,
    }


class UpgradeDialog(SupportDialog):
    previewRequested = Signal(str, str)  # current serial, upgrade serial
    upgradeRequested = Signal(str, str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent, "upgradeDialog", "Upgrade a licence")
        self.preview: Any = None
        self._writing = False
        self._done = False
        intro = QLabel("Upgrade a licence from another one. The service deletes the current "
                       "licence and its activations; the upgrade licence takes its place.")
        intro.setWordWrap(True)
        self.current_input = serial_edit("upgradeCurrentSerial", "Current serial")
        self.upgrade_input = serial_edit("upgradeTargetSerial", "Upgrade serial")
        self.compare_button = QPushButton("Compare")
        self.compare_button.setObjectName("upgradeCompareButton")
        self.compare_button.setToolTip("Read both licences (nothing is changed)")
        self.serial_hint = hint_label("upgradeSerialHint")
        form = QFormLayout()
        form.addRow("Current serial:", self.current_input)
        row = QHBoxLayout()
        row.addWidget(self.upgrade_input, 1)
        row.addWidget(self.compare_button)
        form.addRow("Upgrade serial:", row)
        form.addRow("", self.serial_hint)

        self.preview_box = QGroupBox("Both licences")
        self.preview_box.setObjectName("upgradePreview")
        grid = QGridLayout(self.preview_box)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        head_cur = rich_label("<b>Current licence</b> (will be deleted)")
        head_up = rich_label("<b>Upgrade licence</b>")
        grid.addWidget(head_cur, 0, 1)
        grid.addWidget(head_up, 0, 2)
        self.cells: dict[tuple[str, str], QLabel] = {}
        for r, (key, title) in enumerate(ROWS, start=1):
            grid.addWidget(QLabel(f"{title}:"), r, 0, Qt.AlignmentFlag.AlignTop)
            for c, side in ((1, "current"), (2, "upgrade")):
                label = selectable(plain_label())
                label.setObjectName(f"upgrade_{side}_{key}")
                self.cells[(side, key)] = label
                grid.addWidget(label, r, c, Qt.AlignmentFlag.AlignTop)
        self.match_label = selectable(plain_label())
        self.match_label.setObjectName("upgradeMatch")
        self.warning = selectable(plain_label())
        self.warning.setObjectName("upgradeWarning")
        self.warning.setStyleSheet(text_style(colours.BAD, bold=True))
        grid.addWidget(self.match_label, len(ROWS) + 1, 0, 1, 3)
        grid.addWidget(self.warning, len(ROWS) + 2, 0, 1, 3)
        self.preview_box.hide()

        self.confirm_input = serial_edit("upgradeConfirm", "Type the current serial to confirm")
        self.confirm_input.setPlaceholderText("Type or pick the current serial")
        self.confirm_completer = QCompleter([], self)
        self.confirm_input.setCompleter(self.confirm_completer)
        self.confirm_row = QGroupBox("Confirm")
        crow = QFormLayout(self.confirm_row)
        crow.addRow("To confirm, type the current serial:", self.confirm_input)
        self.confirm_row.hide()

        self.outcome = selectable(plain_label())
        self.outcome.setObjectName("upgradeOutcome")
        self.outcome.hide()

        self.upgrade_button = self.arrange(
            [intro, form, self.preview_box, self.confirm_row, self.banner, self.outcome],
            action="Upgrade", action_name="upgradeButton", width=760,
        )
        self.upgrade_button.setEnabled(False)
        self.compare_button.clicked.connect(self.compare)
        self.upgrade_input.returnPressed.connect(self.compare)
        self.current_input.returnPressed.connect(self.compare)
        self.current_input.textEdited.connect(self._serials_edited)
        self.upgrade_input.textEdited.connect(self._serials_edited)
        self.confirm_input.textChanged.connect(self._update_button)
        self.upgrade_button.clicked.connect(self.submit)

    # -- filling -----------------------------------------------------------------
    def prefill(self, current: str = "", upgrade: str = "") -> None:
        self.current_input.setText(current)
        self.upgrade_input.setText(upgrade)
        self._serials_edited()
        (self.upgrade_input if current else self.current_input).setFocus()

    def _serials(self) -> tuple[str | None, str | None]:
        current, upgrade = self.current_input.text(), self.upgrade_input.text()
        return normalise_serial(current), normalise_serial(upgrade)

    def _serials_edited(self, *_args) -> None:
        """Another pair of serials: the comparison shown no longer applies."""
        self.preview = None
        self._done = False
        self.preview_box.hide()
        self.confirm_row.hide()
        self.confirm_input.clear()
        self.outcome.hide()
        self.banner.clear()
        self._update_button()

    # -- compare -------------------------------------------------------------------
    def compare(self) -> bool:
        current, upgrade = self._serials()
        problem = ""
        if current is None or upgrade is None:
            which = "current" if current is None else "upgrade"
            problem = (f"The {which} serial is not a serial: five groups of four letters "
                       "or digits.")
        elif current == upgrade:
            problem = "The two serials are the same: a licence cannot upgrade itself."
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
            for key, _title in ROWS:
                label = self.cells[(side_name, key)]
                label.setText(texts.get(key, ""))
                label.setStyleSheet(text_style(colours.BAD) if side.license is None
                                    and key == "sku" else "")
        match = preview.sku_match
        up_sku = preview.upgrade.license.sku_upgrade if preview.upgrade.exists else None
        cur_sku = preview.current.license.sku_number if preview.current.exists else None
        if match is True:
            self.match_label.setText(f"\u2714 The SKUs match: the upgrade licence upgrades from "
                                     f"{cur_sku}, the current licence's SKU.")
            self.match_label.setStyleSheet(text_style(colours.OK))
        elif match is False:
            self.match_label.setText(
                f"\u2718 The SKUs do not match: the upgrade licence upgrades from "
                f"{or_dash(up_sku)}, but the current licence's SKU is {or_dash(cur_sku)}. "
                "The service will most likely refuse this upgrade.")
            self.match_label.setStyleSheet(text_style(colours.BAD))
        elif preview.ready:
            self.match_label.setText("The data does not show whether the SKUs match; "
                                     "the service decides.")
            self.match_label.setStyleSheet(text_style(colours.WARN))
        else:
            self.match_label.setText("Both licences must exist to upgrade.")
            self.match_label.setStyleSheet(text_style(colours.BAD))
        if preview.ready:
            acts = preview.current.activations
            if acts is None:
                count = "its activations"
            elif not acts:
                count = "(it has no activations)"
            else:
                count = f"its {len(acts)} activation" + ("" if len(acts) == 1 else "s")
            self.warning.setText(
                f"\u26a0 Upgrading deletes the current licence {preview.current.serial} "
                f"{'' if count.startswith('(') else 'and '}{count}. This cannot be undone.")
            self.warning.show()
        else:
            self.warning.hide()
        self.preview_box.show()
        self.confirm_row.setVisible(preview.ready)
        self.confirm_completer.model().setStringList([preview.current.serial])
        if preview.ready:
            self.confirm_input.setFocus()
        self._update_button()
        self.fit_height()

    # -- confirm and upgrade -----------------------------------------------------------
    def confirmed(self) -> bool:
        if self.preview is None or not self.preview.ready:
            return False
        return normalise_serial(self.confirm_input.text()) == self.preview.current.serial

    def _update_button(self, *_args) -> None:
        self.upgrade_button.setEnabled(self.confirmed() and not self._writing and not self._done)

    def submit(self) -> bool:
        """What the Upgrade button does: emit once, only after comparison and confirmation."""
        if not self.upgrade_button.isEnabled() or not self.confirmed():
            return False
        self.banner.clear()
        self.outcome.hide()
        self.upgradeRequested.emit(self.preview.current.serial, self.preview.upgrade.serial)
        return True

    # -- state shown -------------------------------------------------------------------
    def set_busy(self, busy: bool, what: str = "Reading both licences\u2026") -> None:
        super().set_busy(busy, what)
        self.compare_button.setEnabled(not busy)

    def set_writing(self, busy: bool) -> None:
        self._writing = busy
        super().set_busy(busy, "Upgrading\u2026 (sent once, never repeated)")
        self.compare_button.setEnabled(not busy)
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

    def show_upgraded(self, message: str, upgrade_serial: str) -> None:
        self.show_outcome(f"{message or 'The upgrade went through.'} The workspace now shows "
                          f"the upgrade licence {upgrade_serial}.")

    def show_reconciliation(self, result) -> None:
        from .controller import NOT_YET, NOTHING_CHANGED, WENT_THROUGH

        if result.outcome == WENT_THROUGH:
            self.show_outcome(result.sentence)
        elif result.outcome == NOTHING_CHANGED:
            self.show_outcome(result.sentence, colours.WARN, done=False)
        elif result.outcome == NOT_YET:  # another try only after comparing again
            self.show_outcome(result.sentence, colours.WARN, done=True)
        else:
            self.show_outcome(result.sentence, colours.BAD, done=True)
        self.banner.show_error(result.failure.sentence, result.failure.details)

    def outcome_text(self) -> str:
        return self.outcome.text() if self.outcome.isVisibleTo(self) else ""
