"""A scroll area for the licence card: it asks for the card's whole height, and scrolls
when the window has less to give.

The licence card's values wrap (a long e-mail address, an SKU name); a wrapped
label needs more height the narrower it is, which a QSplitter does not ask
(it reads sizeHint and minimumSizeHint, not heightForWidth). This area's size hint is
the card's height for the width it has, so the card is whole wherever the window has
the room. Its minimum is much less, a few lines (:data:`MIN_LINES`): in a short window
(1024 x 700, a small laptop's) the devices below keep their rows
(``device_room.DEVICE_ROWS``) and the card scrolls, rather than the devices shrinking to
a few rows for the card's last lines. Its rows are never clipped: inside the area the card
always has its whole height. It is never narrower than the card's own minimum, also
when the card's content changes (:meth:`CardScroll.eventFilter`).

The area sizes the card itself (not ``widgetResizable``): while the card says a sentence
instead of a licence (nothing looked up, an error) it is as tall as the area, with no
scroll bar; Qt's own sizing would give it the height of the hidden licence's rows (a
stacked widget's minimum is its largest page's) and a scroll bar beside the sentence.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

#: the least height the area asks, in lines of text: the card's title and first rows
MIN_LINES = 8


class CardScroll(QScrollArea):
    def __init__(self, content: QWidget, *, whole: Callable[[], bool]) -> None:
        """``whole()``: whether ``content`` shows what needs its whole height (the card: a
        licence); otherwise it is made as tall as the area."""
        super().__init__()
        self._shows_whole = whole
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the card shows data: no tab stop
        self.setWidgetResizable(False)  # sized by _fit
        self.setWidget(content)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # never narrower
        self._last_width = -1

    def _whole_height(self) -> int:
        """The card's whole height at the width it has (its minimum's, before it has one)."""
        content, width = self.widget(), self.viewport().width()
        height = content.minimumSizeHint().height()
        if content.hasHeightForWidth() and width > 0:
            height = max(height, content.heightForWidth(width))
        return height

    def _whole(self) -> QSize:
        """The card's minimum width with room for the scroll bar, and its whole height."""
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(self.widget().minimumSizeHint().width() + bar, self._whole_height())

    def sizeHint(self) -> QSize:
        return self._whole()

    def minimumSizeHint(self) -> QSize:
        whole = self._whole()
        return QSize(
            whole.width(), min(whole.height(), MIN_LINES * self.fontMetrics().lineSpacing())
        )

    def fit(self) -> None:
        """The card as wide as the area, and its whole height tall (or the area's, if that
        is more or the card shows no licence)."""
        width, height = self.viewport().width(), self.viewport().height()
        if self._shows_whole():
            height = max(height, self._whole_height())
        self.widget().resize(width, height)

    def eventFilter(self, obj, ev) -> bool:
        """The card's content changed (another page, a licence's fields): its minimum
        changed with it, and the splitter only reads ours again when told. Without this
        a licence shown after the start page's sentence was cut off at the right."""
        if ev.type() == QEvent.Type.LayoutRequest and obj is self.widget():
            self.updateGeometry()
            self.fit()
        return super().eventFilter(obj, ev)

    def viewportEvent(self, ev) -> bool:
        if ev.type() == QEvent.Type.Resize:  # the area's, or the scroll bar came or went
            self.fit()
        return super().viewportEvent(ev)

    def resizeEvent(self, ev) -> None:
        super().resizeEvent(ev)
        if ev.size().width() != self._last_width:  # the height it needs changed with it
            self._last_width = ev.size().width()
            self.updateGeometry()
