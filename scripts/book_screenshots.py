"""Screenshots of the licence book: *View → Find a licence…* after the session's lookups,
the Renewals view, and a licence's changes (the card's line and the Timeline window).

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


async def shoot_timeline(desk, app, out: Path, wait_until, settle, suffix: str = "") -> None:
    """The licence card's line of changes and the Timeline window: a subscription looked
    up, then changed behind the desk's back (another client records a device on it and
    switches its device off; the vendor's dashboard renews it for a year and renames its
    licensee), looked up again (``timeline-card.png``); then a device switched off from
    the window by Ana, and *Timeline…* (``timeline.png``)."""
    import sqlite3

    from licensedesk.api import ClientConfig, Credentials, LicenseClient

    serial = desk.demo.serials()["subscription_active"]
    ws = desk.window.workspace
    desk.recorder.recorder.display_name = "Ana Lima"  # the demo's history names nobody

    async def look_up() -> None:
        ws.serial_input.setText(serial)
        ws.serial_input.returnPressed.emit()
        await wait_until(lambda: not desk.runner.running())
        await settle(app)

    await look_up()
    pair = desk.demo.data["catalogue"]["credentials"]["read_write"]
    keys = Credentials(pair["app_id"], pair["api_key"])
    async with LicenseClient(ClientConfig(desk.demo.url, read=keys, write=keys)) as other:
        code = desk.demo.data["catalogue"]["product_codes"]["subscription_active"]
        await other.validate(serial, code, "5f0c9e2a7d41b8e3", "Windows 11__64bits")
        (old,) = [a for a in await other.activations(serial) if a.host_id != "5f0c9e2a7d41b8e3"]
        await other.set_activation(old.id, False)
    with sqlite3.connect(desk.demo.server.db_path) as conn:  # the vendor's dashboard
        conn.execute(
            "UPDATE licenses SET end_at = end_at + ?, name = ? WHERE serial = ?",
            (365 * 86400, "Tomás Herrera-Lind", serial),
        )
    await look_up()
    ws.card.grab().save(str(out / f"timeline-card{suffix}.png"))

    new = next(a for a in ws.activations.model.activations() if a.activated)
    desk.activations.deactivate([new.id])
    await wait_until(lambda: not desk.runner.running())
    window = desk.timeline.open()
    await wait_until(lambda: window.model.rowCount() > 0 and not desk.runner.running())
    window.resize(window.width(), 360)  # as wide as its rows need
    await settle(app)
    window.grab().save(str(out / f"timeline{suffix}.png"))
    window.close()
