"""History settings (File → History settings…): where the history is kept, and your name in it.

This computer (a file in the user's data folder, its path shown) or a team's
PostgreSQL database: its address without the password, and the password in a
field of its own that goes to the OS keyring, never to the settings file. "Test
connection" changes nothing. The dialog holds no async work and writes nothing
itself: it emits :attr:`testRequested` and :attr:`saveRequested`, and the
history feature's wiring answers through :meth:`show_test_result`,
:meth:`show_error` or ``accept()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from licensedesk.history import HistorySettings
from licensedesk.i18n import N_, _
from licensedesk.storage.settings import MAX_BOOK_DAYS, MAX_KEEP_MONTHS

from ..shared import colours
from ..shared.a11y import named, tab_chain
from ..shared.colours import text_style
from ..shared.labels import plain_label
from ..shared.stacked import stacked
from ..shared.support_dialog import hint_label

URL_EXAMPLE = "postgresql://ana@db.example.com:5432/licensedesk"  # an address: not translated
STORED = N_("Stored in the OS keyring: leave empty to keep it")
NOT_STORED = N_("Kept in the OS keyring, never in the settings file")


@dataclass(frozen=True)
class SettingsChoice:
    """What the person chose; ``password`` "" = keep the stored one."""

    store: str  # "local" or "team"
    team_url: str
    password: str
    display_name: str
    book_days: int | None = None  # None: the licence book keeps licences for ever
    keep_months: int | None = None  # None: the history keeps its entries for ever


class HistorySettingsDialog(QDialog):
    testRequested = Signal(str, str)  # address, typed password ("" = the stored one)
    saveRequested = Signal(object)  # SettingsChoice
    pruneRequested = Signal(int)  # the months kept: export, then remove, what is older

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("historySettingsDialog")
        self.setWindowTitle(_("History settings"))
        self.setModal(True)
        self._build_store_choice()
        self._build_team_fields()
        self._build_name_and_status()
        self._buttons = self._build_buttons()
        self._lay_out()
        self.setMinimumWidth(620)
        self._tab_order()
        self._connect()

    def _build_store_choice(self) -> None:
        """This computer (with its file's path) or the team's database."""
        self.local = named(QRadioButton(_("On this &computer")), "historyLocal")
        self.local.setAccessibleDescription(_("A file in your data folder"))
        self.local_path = named(plain_label(), "historyLocalPath", _("History file"))
        self.local_path.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.local_path.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # selectable, not a stop
        self.local_path.setWordWrap(True)
        self.local_path.setStyleSheet(text_style(colours.MUTED))
        self.team = named(
            QRadioButton(_("In a &team's PostgreSQL database (every desk sees every entry)")),
            "historyTeam",
        )
        group = QButtonGroup(self)
        group.addButton(self.local)
        group.addButton(self.team)

    def _build_team_fields(self) -> None:
        """The team database's address, password, connection test and keyring note."""
        self.url = named(QLineEdit(), "historyTeamUrl", _("Team database address"))
        self.url.setAccessibleDescription(_("For example {example}").format(example=URL_EXAMPLE))
        self.url.setPlaceholderText(URL_EXAMPLE)
        self.password = named(QLineEdit(), "historyTeamPassword", _("Team database password"))
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText(_(NOT_STORED))
        self.test_button = named(QPushButton(_("Te&st connection")), "historyTestButton")
        self.test_button.setAutoDefault(False)
        self.test_result = named(plain_label(), "historyTestResult", _("Connection test"))
        self.test_result.setWordWrap(True)
        self.keyring_note = named(plain_label(), "historyKeyringNote", _("Keyring"))
        self.keyring_note.setWordWrap(True)
        self.keyring_note.setStyleSheet(text_style(colours.WARN))
        self.keyring_note.hide()

    def _build_name_and_status(self) -> None:
        """Your name in the history, the problem line and the copy's progress."""
        self.display_name = named(QLineEdit(), "historyDisplayName", _("Your name in the history"))
        self.display_name.setPlaceholderText(_("Optional: how the team sees you, e.g. Ana Lima"))
        self.book_days = named(
            QSpinBox(),
            "historyBookDays",
            _("Keep licences in the book"),
            _(
                "Licences not seen for this many days leave the licence "
                "book (the team's, with a team database)"
            ),
        )
        self.book_days.setRange(0, MAX_BOOK_DAYS)
        self.book_days.setSpecialValueText(_("for ever"))  # shown for 0
        # TRANSLATORS: after the number of days in a spin box ("365 days")
        self.book_days.setSuffix(_(" days"))
        self.keep_months = named(
            QSpinBox(),
            "historyKeepMonths",
            _("Keep history entries"),
            _("Older entries can be exported to a file, then removed, with the button below"),
        )
        self.keep_months.setRange(0, MAX_KEEP_MONTHS)
        self.keep_months.setSpecialValueText(_("for ever"))  # shown for 0
        # TRANSLATORS: after the number of months in a spin box ("24 months")
        self.keep_months.setSuffix(_(" months"))
        self.prune_button = named(
            QPushButton(_("E&xport and remove older entries\u2026")), "historyPruneButton"
        )
        self.prune_button.setAutoDefault(False)
        self.keep_months.valueChanged.connect(
            lambda months: self.prune_button.setEnabled(months > 0)
        )
        self.error = hint_label("historySettingsError")
        self.error.setAccessibleName(_("Problem"))
        self.copy_progress = named(
            QProgressBar(), "historyCopyProgress", _("Copying this computer's entries")
        )
        self.copy_progress.hide()

    def _team_box(self) -> QWidget:
        team_box = self.team_box = QWidget()
        form = QFormLayout(team_box)
        form.setContentsMargins(24, 0, 0, 0)
        form.addRow(_("&Address:"), self.url)  # a QFormLayout label is the field's buddy
        form.addRow(_("Pass&word:"), self.password)
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addWidget(self.test_result, 1)
        form.addRow(test_row)
        form.addRow(self.keyring_note)
        return team_box

    def _build_buttons(self) -> QDialogButtonBox:
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setObjectName("historyCancelButton")
        # TRANSLATORS: the button that saves the history settings
        self.save_button = buttons.addButton(_("Save"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setObjectName("historySaveButton")
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        return buttons

    def _lay_out(self) -> None:
        team_box = self._team_box()
        name_form = QFormLayout()
        name_form.addRow(_("Your &name:"), self.display_name)
        name_form.addRow(_("Keep licences in the &book:"), self.book_days)
        name_form.addRow(_("Keep history &entries:"), self.keep_months)
        name_form.addRow("", self.prune_button)
        local_row = QHBoxLayout()
        local_row.setContentsMargins(24, 0, 0, 0)
        local_row.addWidget(self.local_path)
        stacked(
            self,
            plain_label(_("Where the history of changes is kept:")),
            self.local,
            local_row,
            self.team,
            team_box,
            name_form,
            self.error,
            self.copy_progress,
            self._buttons,
        )

    def _connect(self) -> None:
        self.team.toggled.connect(self._store_changed)
        self.prune_button.clicked.connect(
            lambda: self.pruneRequested.emit(self.keep_months.value())
        )
        self.test_button.clicked.connect(
            lambda: self.testRequested.emit(self.url.text().strip(), self.password.text())
        )
        for edit in (self.url, self.password):
            edit.textEdited.connect(lambda _t: self._forget_result())

    def _tab_order(self) -> None:
        """The choice, its fields, your name, then the buttons as the platform places them
        (the unchecked choice and a disabled team box are passed over; arrow keys move
        between the two choices)."""
        tab_chain(
            self.local,
            self.team,
            self.url,
            self.password,
            self.test_button,
            self.display_name,
            self.book_days,
            self.keep_months,
            self.prune_button,
            self._buttons,
        )

    def load(
        self,
        settings: HistorySettings,
        local_path: str,
        *,
        password_stored: bool,
        keyring_warning: str | None = None,
    ) -> None:
        """Show ``settings``; ``password_stored``: the keyring holds a team password."""
        (self.team if settings.store == "team" else self.local).setChecked(True)
        self.local_path.setText(local_path)
        self.url.setText(settings.team_url or "")
        self.password.clear()
        note = _(STORED) if password_stored else _(NOT_STORED)
        self.password.setPlaceholderText(note)
        self.password.setAccessibleDescription(note)  # a reader may not say placeholders
        self.display_name.setText(settings.display_name or "")
        self.book_days.setValue(settings.book_days or 0)
        self.keep_months.setValue(settings.keep_months or 0)
        self.prune_button.setEnabled(bool(settings.keep_months))
        self.keyring_note.setText(keyring_warning or "")
        self.keyring_note.setVisible(bool(keyring_warning))
        self._forget_result()
        self.error.hide()
        self._store_changed()

    def choice(self) -> SettingsChoice:
        return SettingsChoice(
            "team" if self.team.isChecked() else "local",
            self.url.text().strip(),
            self.password.text(),
            self.display_name.text(),
            self.book_days.value() or None,
            self.keep_months.value() or None,
        )

    def set_testing(self, busy: bool) -> None:
        self.test_button.setEnabled(not busy)
        if busy:
            self.show_test_result(None, _("Connecting\u2026"))

    def show_test_result(self, ok: bool | None, sentence: str) -> None:
        colour = {True: colours.OK, False: colours.BAD, None: colours.MUTED}[ok]
        self.test_result.setStyleSheet(text_style(colour))
        self.test_result.setText(sentence)

    def show_error(self, sentence: str) -> None:
        self.error.setText(sentence)
        self.error.show()

    def event(self, ev) -> bool:
        handled = super().event(ev)
        if ev.type() == QEvent.Type.LayoutRequest:  # the content's sizes are final now
            self._fit_height()
        return handled

    def _fit_height(self) -> None:
        """Grow to show a wrapped message whole (a driver's error runs to several lines):
        a window's layout sets its minimum from minimum sizes, not from the height its
        wrapped labels need at its width, so without this their lines were cut."""
        lay = self.layout()
        needed = (
            lay.totalHeightForWidth(self.width())
            if lay.hasHeightForWidth()
            else lay.totalMinimumSize().height()
        )
        if needed > self.height():
            self.resize(self.width(), needed)

    def set_copying(self, done: int, total: int) -> None:
        """The copy of this computer's entries: shown, with Save off, until ``done`` is
        -1 (finished or failed)."""
        copying = done >= 0
        self.copy_progress.setVisible(copying)
        self.save_button.setEnabled(not copying)
        if copying:
            self.copy_progress.setRange(0, max(total, 1))
            self.copy_progress.setValue(done)
            # TRANSLATORS: %v and %m are Qt's: entries copied so far, and in all
            self.copy_progress.setFormat(_("Copying %v of %m entries"))

    def set_pruning(self, done: int, total: int) -> None:
        """Old entries written then removed: the bar, with Save and the button off, until
        ``done`` is -1."""
        self.set_copying(done, total)
        self.prune_button.setEnabled(done < 0 and self.keep_months.value() > 0)
        if done >= 0:
            # TRANSLATORS: %v and %m are Qt's: entries written so far, and in all
            self.copy_progress.setFormat(_("Writing %v of %m entries"))

    def ask_prune_path(self, proposed: str) -> str:
        """Where the removed entries go; "" when cancelled. Tests replace this."""
        path, _kind = QFileDialog.getSaveFileName(
            self, _("Export the entries to remove"), proposed, _("JSON lines (*.jsonl)")
        )
        return path

    def _save(self) -> None:
        self.error.hide()
        self.saveRequested.emit(self.choice())

    def _store_changed(self, *_args) -> None:
        self.team_box.setEnabled(self.team.isChecked())

    def _forget_result(self) -> None:
        self.test_result.clear()
