"""The Look up button, which reads "Stop" while a lookup runs (Esc does the same).

Its size is fixed to fit both words (in the language in use, with their icons): the
text changes twice a lookup, and a new size hint made Qt lay out and repaint the
whole window at each change, once at the very end of the lookup. The size
is fitted again when the font or style changes.

It holds its two icons: each new QIcon rendered its SVG again at the next paint, in
the frame the lookup's answers arrive in.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QPushButton

from licensedesk.i18n import _

from ..shared.icons import icon


class LookupButton(QPushButton):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("lookupButton")
        self._stop = False
        self._fitting = False
        self._icons = {True: icon("media-playback-stop"), False: icon("edit-find")}
        self._fit()

    def is_stop(self) -> bool:
        return self._stop

    def set_stop(self, on: bool) -> None:
        """ "Stop" (a lookup runs) or "Look up"."""
        self._stop = on
        self._show(on)

    def _show(self, stop: bool) -> None:
        # TRANSLATORS: the Look up button while a lookup runs: stops it
        self.setText(_("Stop") if stop else _("Look up"))
        self.setIcon(self._icons[stop])
        self.setAccessibleName(_("Stop the lookup") if stop else _("Look up"))
        self.setAccessibleDescription(
            _("Stop the lookup in flight (Esc)") if stop else _("Look up the serial in the box")
        )

    def _fit(self) -> None:
        """Fix the size to the larger of the two faces' size hints."""
        self._fitting = True
        self.setMinimumSize(0, 0)
        self.setMaximumSize(16777215, 16777215)
        hints = []
        for stop in (True, False):
            self._show(stop)
            hints.append(self.sizeHint())
        self._show(self._stop)
        self.setFixedSize(QSize(max(h.width() for h in hints), max(h.height() for h in hints)))
        self._fitting = False

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if not self._fitting and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()
