"""Shared pieces of the three support dialogs (validate, upgrade, registration).

Each dialog is a plain widget: it shows state, checks its own input and emits
what the user asked for. The feature's controller does the network work; its
``wiring.py`` connects the two. Dialogs are opened with
``open()`` and never with ``exec()``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from licensedesk.i18n import _

from . import colours
from .a11y import labels_no_tab_stops, named, tab_chain
from .colours import text_style
from .error_banner import ErrorBanner
from .labels import plain_label


def serial_or_none(text: str) -> str | None:
    """The canonical serial, or None when ``text`` is not one."""
    from licensedesk.api.serials import normalize_serial

    try:
        return normalize_serial(text)
    except Exception:
        return None


def checked_serial(edit: QLineEdit, hint: QLabel) -> str | None:
    """The serial in ``edit``, written canonically back into it; None, and ``hint`` under
    it says what a serial looks like, when it is not one."""
    from licensedesk.api.serials import SERIAL_RULE

    serial = serial_or_none(edit.text())
    hint.setVisible(serial is None)
    if serial is None:
        hint.setText(_(SERIAL_RULE))
    else:
        edit.setText(serial)
    return serial


def hint_label(name: str) -> QLabel:
    """A small line under a field that says what is wrong with it (hidden until then)."""
    label = named(plain_label(), name)
    label.setWordWrap(True)
    label.setStyleSheet(text_style(colours.BAD))
    label.hide()
    return label


def serial_edit(name: str, accessible: str) -> QLineEdit:
    edit = named(QLineEdit(), name, accessible)
    edit.setPlaceholderText("ABCD-1234-EFGH-5678-IJKL")
    edit.setClearButtonEnabled(True)
    edit.setMinimumWidth(260)
    return edit


def selectable(label: QLabel) -> QLabel:
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setWordWrap(True)
    return label


class SupportDialog(QDialog):
    """Window-modal, non-blocking dialog with an error banner and a busy line."""

    def __init__(self, parent: QWidget | None, object_name: str, title: str) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setWindowTitle(title)
        self.setModal(True)
        self.banner = ErrorBanner()
        self.busy_label = named(QLabel(), f"{object_name}Busy")
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.setMaximumHeight(10)
        self.busy_row = QWidget()
        row = QHBoxLayout(self.busy_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.busy_bar)
        row.addWidget(self.busy_label, 1)
        self.busy_row.hide()
        self.layout_ = QVBoxLayout(self)

    @staticmethod
    def value_label(object_name: str) -> QLabel:
        """A label for what the dialog shows (a licence's field, a verdict, an outcome): a
        stranger's text as given, selectable, named ``object_name`` for tests and tools."""
        return named(selectable(plain_label()), object_name)

    def arrange(
        self,
        parts: list[QWidget | QLayout],
        *,
        action: str,
        action_name: str,
        close_name: str,
        width: int,
    ) -> QPushButton:
        """Lay ``parts`` out top to bottom, then the busy line and Close + the action
        button, which is returned. The dialog starts ``width`` wide and grows in height
        with what it shows; no button is a default (see :meth:`no_auto_default`)."""
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setObjectName(close_name)
        action_button = buttons.addButton(action, QDialogButtonBox.ButtonRole.ActionRole)
        action_button.setObjectName(action_name)
        buttons.rejected.connect(self.reject)
        for part in parts:
            if isinstance(part, QLayout):
                self.layout_.addLayout(part)
            else:
                self.layout_.addWidget(part)
        self.layout_.addStretch(1)
        self.layout_.addWidget(self.busy_row)
        self.layout_.addWidget(buttons)
        self.resize(width, 1)
        self.fit_height()  # the layout's minimum ignores wrapped labels (the 120 px upgrade)
        self.no_auto_default()
        return action_button

    def chain_tabs(self, *fields: QWidget, after: tuple[QWidget, ...] = ()) -> None:
        """Tab visits ``fields``, the error banner's buttons and ``after`` as they stand top
        to bottom (hidden and disabled ones are skipped, labels are no tab stops), then
        Close and the action as the platform places them."""
        banner = self.banner
        stops = (banner.details_button, banner.copy_button, banner.close_button, banner.details)
        tab_chain(*fields, *stops, *after, self.findChild(QDialogButtonBox))
        labels_no_tab_stops(self)

    def set_busy(self, busy: bool, what: str | None = None) -> None:
        """Show a busy line while a call runs (``what``: translated; "Working…" if not
        given); subclasses also disable their buttons."""
        what = what if what is not None else _("Working\u2026")
        self.busy_label.setText(what)
        self.busy_bar.setAccessibleName(what)
        self.busy_row.setVisible(busy)

    def show_failure(self, failure) -> None:
        """A sentence and redacted details, inside the dialog; the dialog stays usable."""
        self.banner.show_failure(failure)
        self.fit_height()

    def fit_height(self) -> None:
        """Grow to show everything (wrapped labels included); never shrink under the user."""
        self.layout_.activate()
        wanted = self.layout_.totalHeightForWidth(self.width())
        if wanted > self.height():
            self.resize(self.width(), wanted)

    def no_auto_default(self) -> None:
        """Enter in a field must not press a button by itself (e.g. Upgrade): fields that
        start something connect ``returnPressed`` explicitly."""
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
            button.setDefault(False)

    def error_text(self) -> str:
        return self.banner.text()
