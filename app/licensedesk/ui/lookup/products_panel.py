"""Products of the licence: table + the selected product's secrets (masked).

The table's columns: Name, Seats, Active, Code. Seats comes right after the name: it is
what the table is read for, and in a window 1024 pixels wide the products get half of
it, where the code (a 36-character UUID) before it pushed Seats behind a horizontal
scroll bar. The code comes last and fills what is left: whole in the default window,
cut short ("…") in a narrower one rather than scrolled (Ctrl+C copies it whole). The
secrets' columns (Key, Signature, Signature (trial)) are hidden: their cells only ever
read "••••" or nothing, and the fields under the table show the same secrets of the
selected product, masked, with Reveal and Copy. A right-click on the header shows them
again (the header's state, and so that choice, is saved).

Under the table, while a product has every seat in use, a line says so with *Free a
seat…* (:mod:`.seats_full`).

Keyboard: Tab goes from the table to *Free a seat…* (when it shows), then each secret's
field, Reveal and Copy (once a product is selected: before, there is nothing to reveal and
the fields are off)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QTableView,
    QWidget,
)

from licensedesk.i18n import N_, _

from ..shared.a11y import named, tab_chain
from ..shared.column_widths import cell_width, header_width, offer_column_menu, restore_columns
from ..shared.part_state import PartState
from ..shared.row_table import read_rows
from ..shared.secret_field import SecretField
from ..shared.stacked import stacked
from ..shared.table_copy import add_copy_shortcut
from .products_model import (
    COL_ACTIVE,
    COL_CODE,
    COL_KEY,
    COL_NAME,
    COL_SEATS,
    COL_SIGNATURE,
    COL_SIGNATURE_TRIAL,
    SECRET_COLUMNS,
    SECRET_ROLE,
    ProductsModel,
)
from .seats_full import SeatsFullLine

#: per secret column: the row's label, and the secret's name inside the field's
#: "Reveal …" / "Copy …" (lower case in English: it sits inside a phrase)
SECRET_TITLES = {
    COL_KEY: (N_("Key:"), N_("key")),
    COL_SIGNATURE: (N_("Signature:"), N_("signature")),
    COL_SIGNATURE_TRIAL: (N_("Signature (trial):"), N_("signature (trial)")),
}


#: the Code column's width when it is not the last (the last fills the table's width)
CODE_WIDTH = 120


class ProductsPanel(QGroupBox):
    def __init__(self, parent=None) -> None:
        super().__init__(_("Products"), parent)
        self.model = ProductsModel(self)
        self.table = named(QTableView(), "productsTable", _("Products"))
        self.table.setAccessibleDescription(
            _(
                "The licence's products; select one to reveal or copy its key and signatures "
                "below. Ctrl+C copies the selected cells."
            )
        )
        read_rows(self.table, self.model, many=False)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._set_widths()
        self.column_menu = offer_column_menu(
            self.table, [COL_SEATS, COL_ACTIVE, COL_CODE, *SECRET_COLUMNS]
        )
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
        self.full_line = SeatsFullLine()  # "All 2 seats of … are in use. Free a seat…"
        content = QWidget()
        lay = stacked(content, (self.table, 1), self.full_line, self.secrets_box)
        lay.setContentsMargins(0, 0, 0, 0)
        self.state = PartState(content, "products")
        stacked(self, self.state)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        add_copy_shortcut(self.table)
        chain = [self.table, self.full_line.button]
        for field in self.secret_fields.values():
            chain += [field.edit, field.reveal_button, field.copy_button]
        tab_chain(*chain)

    def _set_widths(self) -> None:
        """Seats and Active as wide as their title and their widest cell in the language in
        use (a product of a site licence: "123 / 500"); the code in what is left; the secrets
        hidden (see the module's docstring)."""
        # the last column, the code, fills what is left (whole at the default window
        # size), and below that it is cut short rather than add a scroll bar
        for col, width in {COL_NAME: 160, **self._needs(), COL_CODE: CODE_WIDTH}.items():
            self.table.setColumnWidth(col, width)
        for col in SECRET_COLUMNS:
            self.table.setColumnWidth(col, 100)
            self.table.setColumnHidden(col, True)

    def _needs(self) -> dict[int, int]:
        """What Seats and Active need to show their title and cells whole."""
        seats = cell_width(self.table, "8888 / 8888")
        active = max(cell_width(self.table, _(word)) for word in ("Yes", "No"))
        return {
            COL_SEATS: max(seats, header_width(self.table, COL_SEATS)),
            COL_ACTIVE: max(active, header_width(self.table, COL_ACTIVE)),
        }

    def restore_columns(self, state: QByteArray) -> None:
        """The saved widths and hidden columns, but no width that cuts Seats or Active."""
        restore_columns(self.table, state, self._needs())

    def set_busy(self, busy: bool) -> None:
        self.state.set_busy(busy)

    def show_error(self, sentence: str) -> None:
        self.model.set_products([])
        self._show_full()
        self.state.show_message(sentence, error=True)

    def clear(self) -> None:
        self.model.set_products([])
        self._show_full()
        self.state.show_message("")

    def empty(self) -> None:
        """No products on show while a lookup runs, the empty table in their place (as
        ``ActivationsPanel.empty``)."""
        self.model.set_products([])
        self._show_full()
        self._current_changed(self.table.currentIndex())
        self.table.doItemsLayout()  # in this frame's paint, not one of its own
        self.state.show_content()

    def show_unavailable(self, sentence: str) -> None:
        """Products cannot be listed with this profile (no write pair): said plainly."""
        self.model.set_products([])
        self._show_full()
        self.state.show_message(sentence)

    def show_products(self, products: list) -> None:
        self.model.set_products(products)
        self._show_full()
        self.table.doItemsLayout()  # now: the view's own timer would paint a pass later
        self._current_changed(self.table.currentIndex())
        if products:
            self.state.show_content()
        else:
            self.state.show_message(_("No products for this licence."))

    def set_seats_used(self, counts: dict | None) -> None:
        self.model.set_seats_used(counts)
        self._show_full()

    def _show_full(self) -> None:
        full = self.model.full()
        self.full_line.show_full([p.name for p in full], full[0].max_host_count if full else 0)

    def _current_changed(self, current, _previous=None) -> None:
        """The selected product's secrets in the fields (none selected: empty and off)."""
        self.secrets_box.setEnabled(current.isValid())
        for col, field in self.secret_fields.items():
            field.set_value(self.model.index(current.row(), col).data(SECRET_ROLE) or "")
