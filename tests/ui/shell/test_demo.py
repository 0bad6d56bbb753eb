"""First run, the demo service, start and clean stop."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from urllib.parse import urlsplit

from ..helpers import click, look_up
from .app_env import app_env, app_log


def port_open(url: str) -> bool:
    parts = urlsplit(url)
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex((parts.hostname, parts.port)) == 0


def test_first_run_welcome_then_try_the_demo(make_desk, qtbot, run, store, secrets):
    desk = make_desk()
    assert desk.window.is_welcome()
    click(qtbot, desk.window.welcome.demo_button)
    qtbot.waitUntil(lambda: not desk.window.is_welcome(), timeout=15000)
    qtbot.waitUntil(lambda: not desk.runner.running(), timeout=15000)
    ws = desk.window.workspace
    assert ws.demo_marker.isVisible() and ws.demo_marker.text() == "Demo data"
    assert ws.current_profile() == "Demo"
    url = desk.demo.url
    assert port_open(url)
    look_up(desk, qtbot, desk.demo.serials()["subscription_active"])
    assert ws.card.license is not None and not ws.banner.isVisible()
    # nothing written to the user's profile store or keyring
    assert store.names() == []
    assert secrets.get("Demo", "read") is None
    run(desk.aclose())
    assert desk.demo is None and not port_open(url)


def test_add_connection_button_opens_the_profiles_dialog(make_desk, qtbot):
    from licensedesk.ui.profiles.dialog import ProfilesDialog

    desk = make_desk()
    click(qtbot, desk.window.welcome.add_button)
    dialog = desk.window.findChild(ProfilesDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.close()


def test_app_with_demo_starts_and_stops_cleanly(tmp_path):
    """The real entry point as a person starts it: ``licensedesk --demo``; it quits by itself."""
    proc = subprocess.run(
        [sys.executable, "-m", "licensedesk", "--demo", "--quit-after", "2500"],
        env=app_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    log = app_log(tmp_path).read_text()
    assert "demo sandbox listening on http://127.0.0.1:" in log
    assert "demo sandbox stopped" in log
    url = log.split("listening on ")[1].split()[0]
    assert not port_open(url)
    assert not (tmp_path / "config" / "profiles.json").exists()


def test_window_paints_before_the_network_stack_qtsvg_and_icons_are_imported():
    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from licensedesk.ui.shell.main_window import MainWindow\n"
        "w = MainWindow()\n"
        "def painted():\n"
        "    print([m for m in sys.modules if m.split('.')[0] in "
        "('httpx', 'keyring', 'qasync', 'uvicorn', 'starlette')"
        " or m.startswith(('licensedesk.api', 'licensedesk.sandbox', 'licensedesk.profiles'))"
        " or m in ('PySide6.QtSvg', 'licensedesk.ui.shared.icons')], flush=True)\n"
        "    app.quit()\n"
        "w.firstPainted.connect(painted)\n"
        "w.show(); app.exec()\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
