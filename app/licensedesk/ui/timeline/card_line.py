"""The licence card's line "Since 12 Nov: 1 device added, not from License Desk; …": what
the book saw change on the licence since this desk (or the team) last looked, with
*Timeline…* beside it.

It shows what this lookup found and nothing else: no line for a licence that did not
change or is new to the book, and none once another licence is looked up. Its text is
selectable by mouse (no tab stop); *Timeline…* is the one tab stop, as the card's
*Links* is.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QWidget

from licensedesk.i18n import _

from ..shared.a11y import named
from ..shared.labels import plain_label
from ..shared.support_dialog import selectable


class ChangesLine(QWidget):
    """Hidden until :meth:`show_summary` is given a line; :meth:`clear` hides it."""

    timelineRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("licenseChangesLine")
        self.text = named(selectable(plain_label()), "licenseChanges", _("Changes since last seen"))
        self.text.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # TRANSLATORS: a button beside the card's line of changes: opens the licence's timeline
        self.button = named(
            QToolButton(),
            "licenseTimelineButton",
            _("Timeline"),
            _("Every change seen on this licence, and who made it"),
        )
        self.button.setText(_("Timeline\u2026"))
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.button.clicked.connect(self.timelineRequested)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.text, 1)
        row.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_summary(self, line: str) -> None:
        """Show ``line`` (the timeline's summary); "" hides the line."""
        self.text.setText(line)
        self.text.setAccessibleDescription(line)
        self.setVisible(bool(line))

    def clear(self) -> None:
        self.show_summary("")

    def summary(self) -> str:
        """The line on show ("" when hidden)."""
        return "" if self.isHidden() else self.text.text()
