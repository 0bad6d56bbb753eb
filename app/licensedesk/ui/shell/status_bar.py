"""The status bar: a message too long for its room ends in "…" before the permanent widgets.

QStatusBar draws a temporary message from the left edge up to the first permanent
widget and cuts it there, mid-letter, against "Last request: …". Here the message is
elided to the room left of them (with a gap), again when that room changes (the
window resized, "Last request" written); the whole text is the bar's tooltip, as plain
text (a message may quote what a person typed or the service said).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QStatusBar, QWidget

from ..shared.labels import plain_tip

#: where QStatusBar starts a message, and the gap kept before a permanent widget
LEFT = 6
GAP = 12


class StatusBar(QStatusBar):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._permanent: list[QWidget] = []
        self._full = ""  # the message asked for, whole
        self._shown = ""  # what the bar shows of it
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)
        self.messageChanged.connect(self._message_changed)

    def addPermanentWidget(self, widget: QWidget, stretch: int = 0) -> None:
        super().addPermanentWidget(widget, stretch)
        self._permanent.append(widget)
        widget.installEventFilter(self)

    def showMessage(self, message: str, timeout: int = 0) -> None:
        """As QStatusBar's, the message elided to its room."""
        self._full = message
        if timeout > 0:
            self._timer.start(timeout)
        else:
            self._timer.stop()
        self._show()

    def clearMessage(self) -> None:
        self._timer.stop()
        self._full = self._shown = ""
        self.setToolTip("")
        super().clearMessage()

    def message_room(self) -> int:
        """The width a message may take: up to the first permanent widget shown."""
        right = self.width() - GAP
        for widget in self._permanent:
            if widget.isVisible() and widget.width() > 0:
                right = min(right, widget.x() - GAP)
        return max(0, right - LEFT)

    def _show(self) -> None:
        self._shown = self.fontMetrics().elidedText(
            self._full, Qt.TextElideMode.ElideRight, self.message_room()
        )
        self.setToolTip(plain_tip(self._full) if self._shown != self._full else "")
        super().showMessage(self._shown)  # the time-out is ours: a re-elide keeps it

    def _message_changed(self, text: str) -> None:
        if text != self._shown:  # another's message (a menu's status tip): not ours
            self._timer.stop()
            self._full = self._shown = ""

    def _room_changed(self) -> None:
        if self._full and self.currentMessage() == self._shown:
            self._show()

    def resizeEvent(self, ev) -> None:
        super().resizeEvent(ev)
        self._room_changed()

    def eventFilter(self, obj, ev) -> bool:
        if ev.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show):
            self._room_changed()
        return super().eventFilter(obj, ev)
