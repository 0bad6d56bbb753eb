"""Screenshot of the licence book: *View → Find a licence…* after the session's lookups.

Called by take_screenshots.py (and for the translated window) once several demo licences
were looked up: their customers are in the demo session's book. Types a fragment of an
e-mail domain most of them share and grabs ``find.png`` (``find-<lang>.png``).
"""

from __future__ import annotations

from pathlib import Path


async def shoot_find(desk, app, out: Path, wait_until, settle, suffix: str = "") -> None:
    serials = desk.demo.serials()
    ws = desk.window.workspace
    for kind in (
        "perpetual",
        "trial",
        "host_limit",
        "many_activations",
        "subscription_expired",
        "no_activations",
    ):
        ws.serial_input.setText(serials[kind])
        ws.serial_input.returnPressed.emit()
        await wait_until(lambda: not desk.runner.running())
    dialog = desk.book_find.open()
    dialog.resize(1000, 380)
    dialog.box.setText("example.com")
    dialog.searchRequested.emit(dialog.box.text())
    await wait_until(lambda: dialog.model.rowCount() > 0 and not desk.runner.running())
    await settle(app)
    dialog.grab().save(str(out / f"find{suffix}.png"))
    dialog.close()


async def shoot_renewals(desk, app, out: Path, wait_until, settle, suffix: str = "") -> None:
    """*View → Renewals…* over the demo's trials (looked up first: they are then in the
    session's book), at 90 days so a subscription shows beside them."""
    serials = desk.demo.serials()
    ws = desk.window.workspace
    for kind in ("trial", "trial_second", "trial_not_started", "subscription_active"):
        ws.serial_input.setText(serials[kind])
        ws.serial_input.returnPressed.emit()
        await wait_until(lambda: not desk.runner.running())
    window = desk.renewals.open()
    window.resize(1240, 420)
    await wait_until(lambda: not desk.runner.running())
    await settle(app)
    window.grab().save(str(out / f"renewals{suffix}.png"))
    window.close()
