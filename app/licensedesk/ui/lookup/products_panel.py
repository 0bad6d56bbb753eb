"""Products of the licence: table + the selected product's secrets (masked).

Keyboard: Tab goes from the table to each secret's field, Reveal and Copy (once a product
is selected: before, there is nothing to reveal and the fields are off)."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from licensedesk.i18n import N_, _

from ..shared.part_state import PartState
from ..shared.secret_field import SecretField
from ..shared.table_copy import add_copy_shortcut, copy_cells
from .products_model import (
    COL_CODE,
    COL_KEY,
    COL_NAME,
    COL_SIGNATURE,
    COL_SIGNATURE_TRIAL,
    SECRET_COLUMNS,
    SECRET_ROLE,
    ProductsModel,
)

#: per secret column: the row's label, and the secret's name inside the field's
#: "Reveal …" / "Copy …" (lower case in English: it sits inside a phrase)
SECRET_TITLES = {
    COL_KEY: (N_("Key:"), N_("key")),
    COL_SIGNATURE: (N_("Signature:"), N_("signature")),
    COL_SIGNATURE_TRIAL: (N_("Signature (trial):"), N_("signature (trial)")),
}


class ProductsPanel(QGroupBox):
    def __init__(self, parent=None) -> None:
        super().__init__(_("Products"), parent)
        self.model = ProductsModel(self)
        self.table = QTableView()
        self.table.setObjectName("productsTable")
        self.table.setAccessibleName(_("Products"))
        self.table.setAccessibleDescription(
            _("The licence's products; select one to reveal or copy its key and signatures "
              "below. Ctrl+C copies the selected cells."))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move within
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(COL_NAME, 160)
        self.table.setColumnWidth(COL_CODE, 265)
        self.table.setColumnWidth(COL_CODE + 1, 60)  # Active
        self.table.setColumnWidth(COL_CODE + 2, 70)  # Seats used / max
        self.secrets_box = QWidget()
        form = QFormLayout(self.secrets_box)
        form.setContentsMargins(0, 4, 0, 0)
        self.secret_fields: dict[int, SecretField] = {}
        for col, name in SECRET_COLUMNS.items():
            row_title, label = SECRET_TITLES[col]
            field = self.secret_fields[col] = SecretField("", _(label))
            field.setObjectName(f"product_{name}")
            field.edit.setObjectName(f"product_{name}_value")
            field.reveal_button.setObjectName(f"product_{name}_reveal")
            field.copy_button.setObjectName(f"product_{name}_copy")
            form.addRow(_(row_title), field)
        self.secrets_box.setEnabled(False)
        content = QWidget()
        lay = QVBoxLayout(content)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.secrets_box)
        self.state = PartState(content, "products")
        outer = QVBoxLayout(self)
        outer.addWidget(self.state)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        add_copy_shortcut(self.table)
        chain = [self.table]
        for field in self.secret_fields.values():
            chain += [field.edit, field.reveal_button, field.copy_button]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def set_busy(self, busy: bool) -> None:
        self.state.set_busy(busy)

    def show_error(self, sentence: str) -> None:
        self.model.set_products([])
        self.state.show_message(sentence, error=True)

    def clear(self) -> None:
        self.model.set_products([])
        self.state.show_message("")

    def empty(self) -> None:
        """No products on show while a lookup runs, the empty table in their place (as
        ``ActivationsPanel.empty``)."""
        self.model.set_products([])
        self._current_changed(self.table.currentIndex())
        self.table.doItemsLayout()  # in this frame's paint, not one of its own
        self.state.show_content()

    def show_unavailable(self, sentence: str) -> None:
        """Products cannot be listed with this profile (no write pair): said plainly."""
        self.model.set_products([])
        self.state.show_message(sentence)

    def show_products(self, products: list) -> None:
        self.model.set_products(products)
        self.table.doItemsLayout()  # now: the view's own timer would paint a pass later
        self._current_changed(self.table.currentIndex())
        if products:
            self.state.show_content()
        else:
            self.state.show_message(_("No products for this licence."))

    def set_seats_used(self, counts: dict) -> None:
        self.model.set_seats_used(counts)

    def _current_changed(self, current, _previous=None) -> None:
        valid = current is not None and current.isValid()
        self.secrets_box.setEnabled(valid)
        for col, field_widget in self.secret_fields.items():
            value = self.model.index(current.row(), col).data(SECRET_ROLE) if valid else ""
            field_widget.set_value(value or "")

    def copy_selection(self) -> None:
        """Ctrl+C: the selected cells as text; secret columns copy masked (use Copy)."""
        copy_cells(self.table)
