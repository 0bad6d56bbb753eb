"""Esc and Ctrl+W close a window of its own (History, Check many serials), as people
expect of a secondary window; the main window is left to the menu's Quit."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget


def add_close_keys(window: QWidget, escape_first: Callable[[], bool] | None = None) -> None:
    """Ctrl+W closes ``window``; so does Esc, unless ``escape_first()`` handled the key
    (returns True: e.g. a running check was cancelled, the window stays)."""
    QShortcut(QKeySequence("Ctrl+W"), window).activated.connect(window.close)

    def escape() -> None:
        if escape_first is None or not escape_first():
            window.close()

    QShortcut(QKeySequence("Esc"), window).activated.connect(escape)
