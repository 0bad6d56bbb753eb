"""Drive the real window in demo mode and save screenshots into docs/screenshots/.

Run through scripts/screenshots.sh (Xvfb), or with QT_QPA_PLATFORM=offscreen.
Settings, profiles, logs and the history go to a temp dir: nothing of the user's is touched.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

OUT = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
#: ``--lang de``: only the main window in that language, as ``lookup-de.png``
LANG = sys.argv[sys.argv.index("--lang") + 1] if "--lang" in sys.argv else None
scratch = Path(tempfile.mkdtemp(prefix="ld-shots-"))
os.environ.setdefault("QT_API", "pyside6")
os.environ["LICENSEDESK_CONFIG_DIR"] = str(scratch / "config")
os.environ["LICENSEDESK_LOG_DIR"] = str(scratch / "logs")
os.environ["LICENSEDESK_DATA_DIR"] = str(scratch / "data")  # the history the window records


async def wait_until(predicate, timeout: float = 30.0) -> None:
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError
        await asyncio.sleep(0.02)


async def settle(app, seconds: float = 0.4) -> None:
    """Let layouts and paints happen (qasync's loop runs Qt's events while this sleeps;
    ``app.processEvents()`` inside a task would run other tasks' steps inside this one)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        await asyncio.sleep(0.02)


async def shoot(desk, app) -> None:
    from PySide6.QtCore import Qt

    window, ws = desk.window, desk.window.workspace
    OUT.mkdir(parents=True, exist_ok=True)
    await settle(app)
    window.grab().save(str(OUT / "welcome.png"))
    await desk.start_demo()
    await wait_until(lambda: not desk.runner.running())
    serials = desk.demo.serials()

    async def look_up(serial: str) -> None:
        ws.serial_input.setText(serial)
        ws.serial_input.returnPressed.emit()
        await wait_until(lambda: not desk.runner.running())
        await settle(app)

    await look_up(serials["subscription_active"])
    ws.products.table.selectRow(0)
    await settle(app)
    window.grab().save(str(OUT / "lookup.png"))
    await look_up(serials["subscription_expired"])
    window.grab().save(str(OUT / "expired-subscription.png"))
    await look_up(serials["many_activations"])
    ws.activations.table.sortByColumn(4, Qt.SortOrder.AscendingOrder)
    ws.activations.table.selectRow(1)
    ws.activations.table.selectRow(2)
    await settle(app)
    window.grab().save(str(OUT / "activations.png"))
    await look_up("ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    ws.banner.details_button.setChecked(True)
    await settle(app)
    window.grab().save(str(OUT / "error-banner.png"))
    from seats_screenshots import shoot_seats  # scripts/, next to this file

    await shoot_seats(desk, app, OUT, wait_until, settle)  # before a device is switched
    await shoot_read_only(desk, look_up)
    await shoot_batch(desk, app)
    from support_screenshots import shoot_support_dialogs  # scripts/, next to this file

    await shoot_support_dialogs(desk, app, OUT, wait_until, settle)
    from history_screenshots import shoot_history  # scripts/, next to this file

    await shoot_history(desk, app, OUT, wait_until, settle)
    from book_screenshots import (  # scripts/, next to this file
        shoot_find,
        shoot_renewals,
        shoot_timeline,
    )

    await shoot_find(desk, app, OUT, wait_until, settle)
    await shoot_renewals(desk, app, OUT, wait_until, settle)
    await shoot_timeline(desk, app, OUT, wait_until, settle)
    await desk.aclose()


async def shoot_read_only(desk, look_up) -> None:
    """A reseller's profile: the demo's read pair only, in memory; back to the demo after."""
    from licensedesk.profiles import Profile

    pair = desk.demo.data["catalogue"]["credentials"]["read"]
    profile = Profile(
        name="Reseller (read only)", base_url=desk.demo.url, read_app_id=pair["app_id"]
    )
    desk.connections.add_memory_profile(profile, {"read": pair["api_key"]})
    desk.profiles.show_chosen(profile.name)
    await look_up(desk.demo.serials()["perpetual"])
    desk.window.grab().save(str(OUT / "read-only.png"))
    desk.profiles.show_chosen("Demo")


async def shoot_batch(desk, app) -> None:
    """The batch window after a mixed paste: every demo kind, a repeat, an unknown
    serial and a line that is not a serial."""
    serials = desk.demo.serials()
    kinds = (
        "perpetual",
        "subscription_active",
        "subscription_expired",
        "subscription_not_started",
        "trial",
        "host_limit",
        "offline",
        "many_activations",
    )
    text = "\n".join(
        [
            *(serials[k] for k in kinds),
            serials["trial"].lower(),
            "ZZZZ-ZZZZ-ZZZZ-0001-ZZZZ",
            "see ticket 4411",
        ]
    )
    window = desk.batch.open()
    window.resize(1240, 560)
    window.set_text(text)
    desk.batch.check()
    await wait_until(lambda: not window.is_running())
    await settle(app)
    window.grab().save(str(OUT / "batch-check.png"))
    window.close()


async def shoot_translated(desk, app, lang: str) -> None:
    """The lookup workspace in ``lang`` (the README shows the German one)."""
    OUT.mkdir(parents=True, exist_ok=True)
    ws = desk.window.workspace
    await desk.start_demo()
    await wait_until(lambda: not desk.runner.running())
    ws.serial_input.setText(desk.demo.serials()["subscription_active"])
    ws.serial_input.returnPressed.emit()
    await wait_until(lambda: not desk.runner.running())
    ws.products.table.selectRow(0)
    await settle(app)
    desk.window.grab().save(str(OUT / f"lookup-{lang}.png"))
    from seats_screenshots import shoot_seats  # scripts/, next to this file

    await shoot_seats(desk, app, OUT, wait_until, settle, suffix=f"-{lang}")
    from book_screenshots import (  # scripts/, next to this file
        shoot_find,
        shoot_renewals,
        shoot_timeline,
    )

    await shoot_find(desk, app, OUT, wait_until, settle, suffix=f"-{lang}")
    await shoot_renewals(desk, app, OUT, wait_until, settle, suffix=f"-{lang}")
    await shoot_timeline(desk, app, OUT, wait_until, settle, suffix=f"-{lang}")


def main() -> int:
    import qasync
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    import licensedesk.ui  # noqa: F401 - installs the Qt work-arounds
    from licensedesk.profiles import ProfileStore
    from licensedesk.ui.profiles.connections import Connections
    from licensedesk.ui.shell.main_window import MainWindow
    from licensedesk.ui.shell.settings import WindowSettings
    from licensedesk.ui.shell.start import start_desk
    from licensedesk.ui.shell.style import DeskStyle

    app = QApplication([])
    app.setStyle(DeskStyle())  # as licensedesk.__main__ does
    if LANG:
        from licensedesk.ui.shell.language import install_language

        install_language(app, LANG)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    window = MainWindow()
    window.resize(1240, 780)
    settings = WindowSettings(QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat))
    window.show()
    desk = start_desk(window, settings, Connections(ProfileStore(scratch / "config"), None))
    loop.run_until_complete(shoot_translated(desk, app, LANG) if LANG else shoot(desk, app))
    print("\n".join(str(p) for p in sorted(OUT.glob("*.png"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
