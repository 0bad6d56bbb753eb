"""Screenshots of the three support dialogs (validate, upgrade, registration).

Called by ``scripts/take_screenshots.py`` once the demo is running; each dialog
is opened through the same entry points the menu uses and filled as a person
would, then grabbed into ``validate-dialog.png``, ``upgrade-dialog.png`` and
``registration-dialog.png``.
"""

from __future__ import annotations

from pathlib import Path


async def shoot_support_dialogs(desk, app, out: Path, wait_until, settle) -> None:
    ws = desk.window.workspace
    serials = desk.demo.serials()

    async def idle() -> None:
        await wait_until(lambda: not desk.runner.running())
        await settle(app)

    async def look_up(serial: str) -> None:
        ws.serial_input.setText(serial)
        ws.serial_input.returnPressed.emit()
        await idle()

    # validate: a host-limited licence and a new device -> refused, with the likely cause
    await look_up(serials["host_limit"])
    d = desk.validate.open(
        host_id="0f3c9a7be21d4c58a6e0b94d17c2e8fa", device_tag="Windows 11__64bits"
    )
    d.submit()
    await idle()
    d.grab().save(str(out / "validate-dialog.png"))
    d.close()

    # upgrade: both licences side by side, confirmation typed
    d = desk.upgrade.open(serials["upgrade_current"], serials["upgrade_target"])
    d.compare()
    await idle()
    d.confirm_input.setText(serials["upgrade_current"])
    await settle(app)
    d.grab().save(str(out / "upgrade-dialog.png"))
    d.close()

    # registration: the offline licence is suitable; the form is filled in
    d = desk.registration.open(serials["offline"])
    await idle()
    d.name_input.setText("Ada Lovelace")
    d.email_input.setText("ada@example.org")
    await settle(app)
    d.grab().save(str(out / "registration-dialog.png"))
    d.close()
