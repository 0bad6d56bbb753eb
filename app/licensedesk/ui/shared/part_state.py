"""A panel part's own state: content, busy (with a thin progress bar) or an error line."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QProgressBar, QStackedWidget, QVBoxLayout, QWidget

from licensedesk.i18n import N_, _

from . import colours
from .a11y import named
from .colours import text_style
from .labels import plain_label
from .timers import one_shot

#: the busy sentence of the parts there are (whole sentences: "Loading {what}" would not
#: translate), by the ``what`` they are made with
LOADING = {
    "activations": N_("Loading activations\u2026"),
    "products": N_("Loading products\u2026"),
    "history": N_("Loading history\u2026"),
    "licence": N_("Loading licence\u2026"),
}
#: the room between a tab bar and a part that is the tab's whole page, with no frame of
#: its own (the workspace's Activations and History tabs)
TAB_PAGE_TOP = 6


class PartState(QStackedWidget):
    """Stack of: content widget, "Loading…", a message (empty or error).

    The "Loading…" page appears only when the part is still busy after
    :data:`BUSY_DELAY_MS`: an answer that comes sooner never flashes it (and
    its animated bar costs no repaints while the requests are in flight).
    :meth:`is_busy` is true from the start.
    """

    BUSY_DELAY_MS = 250

    def __init__(self, content: QWidget, what: str, parent=None) -> None:
        """``what`` names the part in object names (``historyMessage``) and says its busy
        sentence (:data:`LOADING`)."""
        super().__init__(parent)
        self.content = content
        busy_page = QWidget()
        busy_lay = QVBoxLayout(busy_page)
        loading = _(LOADING[what]) if what in LOADING else _("Loading\u2026")
        self.busy_label = QLabel(loading)
        self.busy_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        bar = QProgressBar()
        bar.setAccessibleName(loading)
        bar.setRange(0, 0)
        bar.setMaximumWidth(220)
        bar.setTextVisible(False)
        busy_lay.addStretch(1)
        busy_lay.addWidget(self.busy_label)
        busy_lay.addWidget(bar, 0, Qt.AlignmentFlag.AlignHCenter)
        busy_lay.addStretch(1)
        self.message = named(plain_label(), f"{what.replace(' ', '')}Message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.addWidget(content)
        self.addWidget(busy_page)
        self.addWidget(self.message)
        self._busy_page = busy_page
        self._busy = False
        self._busy_timer = one_shot(self, self.BUSY_DELAY_MS, self._show_busy_page)
        self.show_message("")

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        if busy:
            self._busy_timer.start()
            return
        self._busy_timer.stop()
        if self.currentWidget() is self._busy_page:
            self.setCurrentWidget(self.content)

    def set_busy_delay(self, ms: int) -> None:
        self._busy_timer.setInterval(ms)

    def _show_busy_page(self) -> None:
        if self._busy:
            self.setCurrentWidget(self._busy_page)

    def is_busy(self) -> bool:
        return self._busy

    def shows_busy_page(self) -> bool:
        """True once "Loading…" is on screen (after the delay)."""
        return self.currentWidget() is self._busy_page

    def show_content(self) -> None:
        self.setCurrentWidget(self.content)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        style = text_style(colours.BAD if error else colours.MUTED)
        if self.message.styleSheet() != style:  # re-polishing costs time on every lookup
            self.message.setStyleSheet(style)
        self.setCurrentWidget(self.message)

    def message_text(self) -> str:
        return self.message.text() if self.currentWidget() is self.message else ""
