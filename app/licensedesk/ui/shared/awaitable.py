"""Await a dialog's answer without a nested event loop (DESIGN.md §1 pitfalls).

    future = open_awaitable(dialog, lambda accepted: ...)

The dialog opens window-modal and non-blocking (``open()``, never ``exec()``
inside a coroutine). When it closes, the future gets ``answer(accepted)``
and the dialog is deleted; cancelling the future rejects the dialog.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import QDialog

T = TypeVar("T")


def open_awaitable(dialog: QDialog, answer: Callable[[bool], T]) -> asyncio.Future:
    future = asyncio.get_event_loop().create_future()

    def done(code: int) -> None:
        result = answer(code == QDialog.DialogCode.Accepted)
        if not future.done():
            future.set_result(result)
        dialog.deleteLater()

    dialog.finished.connect(done)
    future.add_done_callback(lambda f: dialog.reject() if f.cancelled() else None)
    dialog.open()
    return future
