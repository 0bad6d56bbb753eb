"""The History window's filters: serial, person, action, outcome, date range and search.

Every field narrows the list (a :class:`~licensedesk.history.HistoryQuery`, run by
the store: an index per filter, so a long history filters fast). Typing settles
for :data:`SETTLE_MS` before the list is read again; a choice in a list or a date
applies at once. The dates are local days: "From 3 March" is local midnight,
"Until 5 March" includes all of that day.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QDate, QSignalBlocker, QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDateEdit,
    QHBoxLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from licensedesk import clock
from licensedesk.history import HistoryQuery
from licensedesk.i18n import N_, _

from ..shared.a11y import buddy, named, tab_chain
from ..shared.support_dialog import hint_label
from ..shared.timers import one_shot
from .words import ACTION_WORDS, OUTCOME_FILTER_WORDS

SETTLE_MS = 300
NOT_A_SERIAL = N_("Not a whole serial: type all five groups, or search for part of one in Search.")


class HistoryFilters(QWidget):
    changed = Signal()  # the filters differ from the list on show: read it again

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.normalizer: Callable[[str], str] | None = None  # the api's; None: taken as typed
        self._build_fields()
        self._lay_out()
        tab_chain(  # as the eye reads the two rows
            self.serial,
            self.person,
            self.action,
            self.outcome,
            self.search,
            self.use_since,
            self.since,
            self.use_until,
            self.until,
        )
        self._connect()

    def _build_fields(self) -> None:
        """Serial, person (completing the people seen), search, action, outcome, the two
        dates and the serial's hint."""
        self.serial = _edit("historySerialFilter", _("Serial"), _("Any serial"))
        self.serial.setAccessibleDescription(_("Only this serial's history: all five groups"))
        self.person = _edit("historyPersonFilter", _("Person"), _("Anyone (user or display name)"))
        self.people = QStringListModel(self)
        completer = QCompleter(self.people, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.person.setCompleter(completer)
        self.search = _edit(
            "historySearch", _("Search"), _("Serial, person, device, message\u2026")
        )
        self.search.setAccessibleDescription(
            _("Any part of an entry: serial, person, device, the service's message")
        )
        self.action = _combo("historyActionFilter", _("Action"), _("Any action"), ACTION_WORDS)
        self.outcome = _combo(
            "historyOutcomeFilter", _("Outcome"), _("Any outcome"), OUTCOME_FILTER_WORDS
        )
        self._defaults = _default_days()
        # TRANSLATORS: the history's date filter: entries from this day on
        self.use_since, self.since = _day(
            _("&From:"), _("From date"), "historySince", self._defaults[0]
        )
        # TRANSLATORS: the history's date filter: entries up to this day
        self.use_until, self.until = _day(
            _("&Until:"), _("Until date"), "historyUntil", self._defaults[1]
        )
        self.hint = hint_label("historySerialHint")
        self.hint.setAccessibleName(_("Serial filter problem"))

    def _lay_out(self) -> None:
        """Two rows: serial, person, action, outcome; search and the dates."""
        first = QHBoxLayout()
        for label, widget in ((_("&Serial:"), self.serial), (_("&Person:"), self.person)):
            first.addWidget(buddy(label, widget))
            first.addWidget(widget, 2)
        first.addWidget(self.action, 1)
        first.addWidget(self.outcome, 1)
        second = QHBoxLayout()
        second.addWidget(buddy(_("Searc&h:"), self.search))
        second.addWidget(self.search, 1)
        for box, edit in ((self.use_since, self.since), (self.use_until, self.until)):
            second.addWidget(box)
            second.addWidget(edit)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(first)
        lay.addLayout(second)
        lay.addWidget(self.hint)

    def _connect(self) -> None:
        """Typing settles before the list is read again; a choice applies at once."""
        self._settle = one_shot(self, SETTLE_MS, self.changed)
        for edit in (self.serial, self.person, self.search):
            edit.textChanged.connect(self._settle.start)
        for combo in (self.action, self.outcome):
            combo.currentIndexChanged.connect(self._now)
        for box, edit in ((self.use_since, self.since), (self.use_until, self.until)):
            box.toggled.connect(self.follow_today)  # first: the date shown is today's
            box.toggled.connect(edit.setEnabled)
            box.toggled.connect(self._now)
            edit.dateChanged.connect(lambda _d, b=box: self._now() if b.isChecked() else None)

    def query(self) -> HistoryQuery | None:
        """The filters as a query; None (and the hint says why) when the serial is not one."""
        serial = self.serial_filter()
        if serial is None and self.serial.text().strip():
            self.hint.setText(_(NOT_A_SERIAL))
            self.hint.show()
            return None
        self.hint.hide()
        return HistoryQuery(
            serial=serial,
            person=self.person.text().strip() or None,
            action=self.action.currentData(),
            outcome=self.outcome.currentData(),
            since=clock.start_of_day(self.since.date().toPython())
            if self.use_since.isChecked()
            else None,
            until=clock.end_of_day(self.until.date().toPython())
            if self.use_until.isChecked()
            else None,
            text=self.search.text().strip() or None,
        )

    def follow_today(self, *_args) -> None:
        """Move the dates nobody picked to today's defaults (the last 30 days): a window
        left open past midnight offers the new day, and a picked date stays."""
        old, self._defaults = self._defaults, _default_days()
        for edit, was, now in zip((self.since, self.until), old, self._defaults, strict=True):
            if edit.date() == was and was != now:
                with QSignalBlocker(edit):  # not a change of the list on show
                    edit.setDate(now)

    def serial_filter(self) -> str | None:
        """The serial the list is narrowed to, or None (none, or not a whole serial)."""
        text = self.serial.text().strip()
        if not text or self.normalizer is None:
            return text or None
        try:
            return self.normalizer(text)
        except Exception:  # the api's InvalidInput: not a serial
            return None

    def set_serial(self, serial: str) -> None:
        """Show ``serial``'s history only (the other filters are cleared)."""
        with QSignalBlocker(self):
            self.clear()
            self.serial.setText(serial)
        self._now()

    def clear(self) -> None:
        for edit in (self.serial, self.person, self.search):
            edit.clear()
        self.action.setCurrentIndex(0)
        self.outcome.setCurrentIndex(0)
        self.use_since.setChecked(False)
        self.use_until.setChecked(False)

    def set_people(self, names: list[str]) -> None:
        self.people.setStringList(names)

    def _now(self, *_args) -> None:
        self._settle.stop()
        self.changed.emit()


def _default_days() -> tuple[QDate, QDate]:
    """(From, Until) before anyone picks: the last 30 days up to today, in the user's zone."""
    today = QDate(clock.today())
    return today.addDays(-30), today


def _edit(name: str, accessible: str, placeholder: str) -> QLineEdit:
    edit = named(QLineEdit(), name, accessible)
    edit.setPlaceholderText(placeholder)
    edit.setClearButtonEnabled(True)
    return edit


def _combo(name: str, accessible: str, anything: str, words: dict[str, str]) -> QComboBox:
    combo = named(QComboBox(), name, accessible)
    combo.addItem(anything, None)
    for key, text in words.items():
        combo.addItem(_(text), key)
    return combo


def _day(text: str, accessible: str, name: str, day: QDate) -> tuple[QCheckBox, QDateEdit]:
    """A check box that turns the date filter on (``text``, translated) and its date."""
    box = named(QCheckBox(text), f"{name}Check")
    edit = named(QDateEdit(day), name, accessible)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setEnabled(False)
    return box, edit
