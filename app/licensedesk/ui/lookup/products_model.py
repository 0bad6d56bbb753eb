"""Products of a licence: table model with seats used / max and masked secrets.

:data:`HEADERS` are marked for translation and translated where the table shows them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from licensedesk.i18n import N_, _

from ..activations.free_seat_choice import full_products
from ..shared import colours
from ..shared.labels import shown
from ..shared.rows_model import RowsModel
from ..shared.secret_field import masked

#: Seats beside the name: it is what one reads the table for, and it must not be the column
#: a narrow window pushes behind a scroll bar. The secrets come last (the panel hides them:
#: see products_panel.py).
COL_NAME, COL_SEATS, COL_ACTIVE, COL_CODE, COL_KEY, COL_SIGNATURE, COL_SIGNATURE_TRIAL = range(7)
HEADERS = (
    # TRANSLATORS: column of the products table: the product's name
    N_("Name"),
    # TRANSLATORS: column of the products table: devices activated / devices allowed
    N_("Seats"),
    # TRANSLATORS: column of the products table: whether the product is active (Yes/No)
    N_("Active"),
    # TRANSLATORS: column of the products table: the product's code
    N_("Code"),
    # TRANSLATORS: column of the products table: the product's licence key (masked)
    N_("Key"),
    N_("Signature"),
    N_("Signature (trial)"),
)
SECRET_COLUMNS = {
    COL_KEY: "key",
    COL_SIGNATURE: "signature",
    COL_SIGNATURE_TRIAL: "signature_trial",
}

SECRET_ROLE = Qt.ItemDataRole.UserRole + 2  # the unmasked secret of a secret column


class ProductsModel(RowsModel):
    """Rows are api Product objects. Secrets display masked; :data:`SECRET_ROLE`
    gives the real value to the reveal/copy widgets only."""

    headers = HEADERS

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        self._seats: dict[Any, int] | None = {}  # None: the devices are not known

    def set_products(self, products: list[Any]) -> None:
        self.beginResetModel()
        self._rows = list(products)
        self.endResetModel()

    def products(self) -> list[Any]:
        return list(self._rows)

    def set_seats_used(self, counts: dict[Any, int] | None) -> None:
        """Activated activations per product id (None: the devices could not be read, so
        no count is shown); updates the seats column only."""
        self._seats = None if counts is None else dict(counts)
        self.rows_changed(0, len(self._rows), COL_SEATS)

    def full(self) -> list[Any]:
        """The products whose activated devices reach their ``max_host_count`` ([] while
        the devices are not known: no limit is claimed from a guess)."""
        return [] if self._seats is None else full_products(self._rows, self._seats)

    def seats_text(self, p: Any) -> str:
        limit = "?" if p.max_host_count is None else p.max_host_count
        used = "?" if self._seats is None else self._seats.get(p.id, 0)
        return f"{used} / {limit}"

    def header_tip(self, section: int) -> str | None:
        if section == COL_SEATS:
            # TRANSLATORS: max_host_count is the service's field name: keep it
            return _("Activated devices / max_host_count")
        return None

    def text(self, p: Any, col: int) -> str:
        """What cell ``col`` of product ``p`` shows (and Ctrl+C copies): secrets masked."""
        if col == COL_NAME:
            return shown(p.name)
        if col == COL_CODE:
            return shown(p.code)
        if col == COL_ACTIVE:
            return _("Yes") if p.active else _("No")
        if col == COL_SEATS:
            return self.seats_text(p)
        return masked(getattr(p, SECRET_COLUMNS[col]))

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        p, col = self._rows[index.row()], index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.text(p, col)
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor(colours.BAD) if col == COL_ACTIVE and not p.active else None
        if role == SECRET_ROLE and col in SECRET_COLUMNS:
            return getattr(p, SECRET_COLUMNS[col]) or ""
        if role == Qt.ItemDataRole.ToolTipRole and col in SECRET_COLUMNS:
            return _("Masked: select the product to reveal or copy it")
        if role == Qt.ItemDataRole.ToolTipRole and col == COL_SEATS and self._seats is None:
            return _("The devices could not be read, so the seats in use are not known.")
        return None
