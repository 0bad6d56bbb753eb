"""A scroll area that asks for the whole height of its content at its current width.

The licence card's values wrap (a long e-mail address, an SKU name); a wrapped
label needs more height the narrower it is, which a QSplitter does not ask
(it reads minimumSizeHint, not heightForWidth), so at small window sizes the
rows were clipped. This area's minimum is the card's height for the width it
has, up to ``MAX_MIN_HEIGHT``; beyond that it scrolls rather than push the
window past a small screen. It is never narrower than the card's own minimum, also
when the card's content changes (:meth:`CardScroll.eventFilter`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

MAX_MIN_HEIGHT = 420


class CardScroll(QScrollArea):
    def __init__(self, content: QWidget, parent=None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the card shows data: no tab stop
        self.setWidgetResizable(True)
        self.setWidget(content)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # never narrower
        self._last_width = -1

    def minimumSizeHint(self) -> QSize:
        content = self.widget()
        hint = content.minimumSizeHint()
        width = self.viewport().width()
        height = hint.height()
        if content.hasHeightForWidth() and width > 0:
            height = max(height, content.heightForWidth(width))
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(hint.width() + bar, min(height, MAX_MIN_HEIGHT))

    def eventFilter(self, obj, ev) -> bool:
        """The card's content changed (another page, a licence's fields): its minimum
        changed with it, and the splitter only reads ours again when told. Without this
        a licence shown after the start page's sentence was cut off at the right."""
        if ev.type() == QEvent.Type.LayoutRequest and obj is self.widget():
            self.updateGeometry()
        return super().eventFilter(obj, ev)

    def resizeEvent(self, ev) -> None:
        super().resizeEvent(ev)
        if ev.size().width() != self._last_width:  # the height it needs changed with it
            self._last_width = ev.size().width()
            self.updateGeometry()
