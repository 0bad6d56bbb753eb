"""Keyboard and screen-reader helpers every dialog can use.

Qt's Tab order is the order widgets joined the window, which a button box gets wrong:
its buttons go in the order they were added, not where the platform places them
("Copy details" left of "Close", yet reached after it). :func:`tab_chain` sets the
order a person reads. A QLabel's accessible name is its text, so a value alone
("/home/ann/.local/state/licensedesk") would be read without its field, and a name of
the field alone hides the value: :func:`name_value` names it with both.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QDialogButtonBox, QLabel, QWidget

from licensedesk.i18n import _

W = TypeVar("W", bound=QWidget)


def name_value(label: QLabel, field: str) -> None:
    """Name ``label`` by ``field`` (translated) and what it shows now ("Log folder:
    /tmp/logs"; the field alone while it is empty). Call it after each ``setText``."""
    value = label.text()
    # TRANSLATORS: what a screen reader says for a value shown in a dialog: the field's
    # name, then the value (e.g. "Licensee: ACME GmbH")
    label.setAccessibleName(
        _("{field}: {value}").format(field=field, value=value) if value else field
    )


def placed_buttons(box: QDialogButtonBox) -> list[QWidget]:
    """The buttons of ``box`` in the order the platform's layout places them."""
    layout = box.layout()
    items = (layout.itemAt(i).widget() for i in range(layout.count()))
    return [w for w in items if isinstance(w, QAbstractButton)]


def tab_chain(*widgets: QWidget) -> None:
    """Tab visits ``widgets`` in this order (a button box: its buttons as placed);
    hidden and disabled ones are skipped when Tab is pressed."""
    chain: list[QWidget] = []
    for widget in widgets:
        chain += placed_buttons(widget) if isinstance(widget, QDialogButtonBox) else [widget]
    for first, second in pairwise(chain):
        QWidget.setTabOrder(first, second)


def buddy(text: str, widget: QWidget) -> QLabel:
    """A short label before ``widget`` in a row, its buddy: a click or its mnemonic focuses
    the field, and a screen reader calls the field by it."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label


def labels_no_tab_stops(parent: QWidget) -> None:
    """Every label inside ``parent`` out of the Tab order: selectable by mouse, read by
    a screen reader (with its field: :func:`name_value`), never a stop on the way."""
    for label in parent.findChildren(QLabel):
        label.setFocusPolicy(Qt.FocusPolicy.NoFocus)


def named(widget: W, object_name: str, accessible: str = "", described: str = "") -> W:
    """``widget`` with its object name, accessible name and tooltip (also its description)."""
    widget.setObjectName(object_name)
    if accessible:
        widget.setAccessibleName(accessible)
    if described:
        widget.setToolTip(described)
        widget.setAccessibleDescription(described)
    return widget
