"""Screenshots of the history: the workspace's History tab and the History window.

Called by take_screenshots.py after the support dialogs (whose validation with a new
host is already in the history). Here a person tries to activate a device of the
host-limited licence (refused: no seat left), deactivates another, and a team mate's
entry of the day before is in the same store; then ``history-tab.png`` (the workspace
on that serial, History tab) and ``history-window.png`` (Ctrl+H) are grabbed.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path


def team_mates_entry(folder: Path, serial: str, activation_id: int, before: dict) -> None:
    """Bea's change of yesterday, as her desk wrote it into the same store (the demo's:
    its history is one of the session, in ``folder``)."""
    from licensedesk.history import Entry, local_history_path
    from licensedesk.history.sqlite_store import SqliteStore

    store = SqliteStore(local_history_path(folder))
    try:
        store.migrate()
        when = datetime.now(UTC) - timedelta(days=1, hours=2)
        store.write(
            Entry(
                id=str(uuid.uuid4()),
                time=when,
                user="bea",
                machine="support-2",
                display_name="Bea Berg",
                action="activate",
                outcome="done",
                serial=serial,
                activation_ids=(activation_id,),
                product=before.get("product"),
                before=before,
                profile="Demo",
                service="http://127.0.0.1",
                detail="Activation successfully updated.",
                finished=when + timedelta(milliseconds=120),
            )
        )
    finally:
        store.close()


async def shoot_history(desk, app, out: Path, wait_until, settle) -> None:
    ws = desk.window.workspace
    serial = desk.demo.serials()["host_limit"]

    async def idle() -> None:
        await wait_until(
            lambda: not desk.runner.running() and not desk.history.controller.is_running()
        )
        await settle(app)

    async def look_up() -> None:
        ws.serial_input.setText(serial)
        ws.serial_input.returnPressed.emit()
        await idle()

    await look_up()
    rows = ws.activations.model.activations()
    off = next(a for a in rows if not a.activated)
    on = next(a for a in rows if a.activated)
    before = {
        "activated": False,
        "host_id": on.host_id,
        "device_tag": on.device_tag,
        "product": on.product_name,
    }
    team_mates_entry(desk.recorder.session_folder, serial, on.id, before)
    desk.activations.activate([off.id])  # no seat left: refused, in the service's words
    await idle()
    desk.activations.deactivate([on.id])
    await idle()
    await look_up()
    ws.banner.clear()
    ws.lower_tabs.setCurrentWidget(ws.history)
    await idle()
    desk.window.grab().save(str(out / "history-tab.png"))
    ws.lower_tabs.setCurrentWidget(ws.activations)

    window = desk.history.open()
    window.resize(1240, 520)
    await idle()
    window.grab().save(str(out / "history-window.png"))
    window.close()
