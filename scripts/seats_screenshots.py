"""Screenshots of full seats: the workspace on the demo's host-limit licence (its product
has every seat in use), the *Free a seat* dialog over it, and *View → Full seats…*.

Called by take_screenshots.py (and for the translated window) after the session's lookups
filled the demo's book. Grabs ``full-seat.png``, ``free-seat-dialog.png`` and
``full-seats.png`` (``-<lang>`` before the extension for a translated window); the dialog
is cancelled, so nothing is changed. Run before any of the licence's devices is
switched (the support dialogs' screenshots switch one).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

NOTE = "Sofia's studio: the old laptop went to an intern"


async def shoot_seats(desk, app, out: Path, wait_until, settle, suffix: str = "") -> None:
    from PySide6.QtWidgets import QApplication

    from licensedesk.ui.activations.free_seat_dialog import FreeSeatDialog

    ws, window = desk.window.workspace, desk.window
    serials = desk.demo.serials()
    for kind in ("trial", "host_limit"):  # two full licences in the session's book
        ws.serial_input.setText(serials[kind])
        ws.serial_input.returnPressed.emit()
        await wait_until(lambda: not desk.runner.running())
    await desk.book.set_note(serials["host_limit"], NOTE, "demo", datetime.now(UTC))
    await settle(app)
    window.grab().save(str(out / f"full-seat{suffix}.png"))
    window.registry["freeSeat"].trigger()
    await wait_until(lambda: isinstance(QApplication.activeModalWidget(), FreeSeatDialog))
    dialog = QApplication.activeModalWidget()
    await settle(app)
    dialog.grab().save(str(out / f"free-seat-dialog{suffix}.png"))
    dialog.reject()
    await wait_until(lambda: not desk.runner.running())
    view = desk.seats.open()
    view.resize(1000, 300)
    await wait_until(lambda: view.model.rowCount() > 0 and not desk.runner.running())
    await settle(app)
    view.grab().save(str(out / f"full-seats{suffix}.png"))
    view.close()
