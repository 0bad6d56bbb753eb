"""*Free a seat…*: the active devices of the full products, the one updated longest ago
ticked, and the choice between deactivating and deleting.

The dialog only chooses. Deleting then asks the usual confirmation and both run as the
activations' bulk actions (progress, cancel, history): :mod:`.free_seat`. Open it with
:meth:`FreeSeatDialog.ask` (non-blocking, awaitable; DESIGN.md §1 pitfalls).
"""

from __future__ import annotations

import asyncio
from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from licensedesk.i18n import N_, _

from ..shared.a11y import named, tab_chain
from ..shared.awaitable import open_awaitable
from ..shared.labels import plain_label, shown
from ..shared.stacked import stacked
from ..shared.values import local_time
from .columns import this_computer_marked
from .free_seat_choice import Candidate, updated_ago

# TRANSLATORS: the one line of "Free a seat" that says what each button does to the seat
DIFFERENCE = N_(
    "Deactivate keeps the device's record, and the service may still count its "
    "seat; Delete removes the record and frees the seat."
)
HEADERS = (N_("Host ID"), N_("Device"), N_("Product"), N_("Last updated"))
ID_ROLE = Qt.ItemDataRole.UserRole + 1


class Choice(NamedTuple):
    """What the person chose: ``action`` "delete" or "deactivate", and the devices."""

    action: str
    ids: list[int]


class FreeSeatDialog(QDialog):
    def __init__(
        self,
        parent: QWidget | None,
        serial: str,
        intro: str,
        rows: list[Candidate],
        chosen: set[int],
    ) -> None:
        super().__init__(parent)
        self.setObjectName("freeSeatDialog")
        self.setWindowTitle(_("Free a seat of {serial}").format(serial=serial))
        self.setModal(True)
        self.resize(820, 320)
        self.choice: Choice | None = None
        head = named(plain_label(intro), "freeSeatIntro")
        head.setWordWrap(True)
        self.table = named(
            QTableWidget(len(rows), len(HEADERS)),
            "freeSeatDevices",
            _("Active devices, updated longest ago first"),
        )
        self._fill(rows, chosen)
        difference = named(plain_label(_(DIFFERENCE)), "freeSeatDifference")
        difference.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.delete_button = buttons.addButton(
            _("Delete\u2026"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.deactivate_button = buttons.addButton(
            _("Deactivate"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.delete_button.setObjectName("freeSeatDeleteButton")
        self.deactivate_button.setObjectName("freeSeatDeactivateButton")
        for button in (self.delete_button, self.deactivate_button):
            button.setAccessibleDescription(_(DIFFERENCE))
        self.delete_button.setDefault(True)  # the confirmation that follows has Cancel
        self.delete_button.clicked.connect(lambda: self._choose("delete"))
        self.deactivate_button.clicked.connect(lambda: self._choose("deactivate"))
        buttons.rejected.connect(self.reject)
        stacked(self, head, (self.table, 1), difference, buttons)
        self.setAccessibleDescription(intro)
        self._fit_width()
        self.table.itemChanged.connect(lambda _item: self._update_buttons())
        self._update_buttons()
        tab_chain(self.table, buttons)

    def _fill(self, rows: list[Candidate], chosen: set[int]) -> None:
        table = self.table
        table.setHorizontalHeaderLabels([_(h) for h in HEADERS])
        table.verticalHeader().hide()
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setTabKeyNavigation(False)
        table.setWordWrap(False)
        for row, c in enumerate(rows):
            a = c.activation
            host = shown(a.host_id)
            if c.this_computer:
                host = this_computer_marked(host)
            first = QTableWidgetItem(host)
            first.setData(ID_ROLE, a.id)
            first.setFlags(first.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            first.setCheckState(
                Qt.CheckState.Checked if a.id in chosen else Qt.CheckState.Unchecked
            )
            table.setItem(row, 0, first)
            table.setItem(row, 1, QTableWidgetItem(shown(a.device_tag)))
            table.setItem(row, 2, QTableWidgetItem(shown(a.product_name)))
            # "updated 3 days ago", the moment in its tooltip: the column stays as narrow
            # as its title ("Zuletzt aktualisiert") and the dialog shows every column whole
            when = local_time(a.updated_at)
            updated = QTableWidgetItem(updated_ago(a.updated_at) or when)
            updated.setToolTip(when)
            table.setItem(row, 3, updated)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        if rows:
            table.setCurrentCell(0, 0)

    def _fit_width(self) -> None:
        """Wide enough for every column whole, titles included (German "Zuletzt
        aktualisiert" and a host ID with its marker are wider than 820 pixels allow),
        but never wider than the screen."""
        table, header = self.table, self.table.horizontalHeader()
        columns = sum(
            max(header.sectionSizeHint(c), table.sizeHintForColumn(c))
            for c in range(table.columnCount())
        )
        frame = 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width()
        margins = self.layout().contentsMargins()
        wanted = columns + frame + margins.left() + margins.right()
        screen = self.screen().availableGeometry().width() if self.screen() else wanted
        self.resize(max(self.width(), min(wanted, screen)), self.height())

    def ticked(self) -> list[int]:
        """The devices ticked, in the table's order (updated longest ago first)."""
        return [
            self.table.item(r, 0).data(ID_ROLE)
            for r in range(self.table.rowCount())
            if self.table.item(r, 0).checkState() == Qt.CheckState.Checked
        ]

    def _update_buttons(self) -> None:
        some = bool(self.ticked())
        self.delete_button.setEnabled(some)
        self.deactivate_button.setEnabled(some)

    def _choose(self, action: str) -> None:
        ids = self.ticked()
        if ids:
            self.choice = Choice(action, ids)
            self.accept()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        serial: str,
        intro: str,
        rows: list[Candidate],
        chosen: set[int],
    ) -> asyncio.Future:
        """Open the dialog (window-modal, non-blocking); the future gets the
        :class:`Choice`, or None when cancelled."""
        dialog = cls(parent, serial, intro, rows, chosen)
        return open_awaitable(dialog, lambda accepted: dialog.choice if accepted else None)
