"""``licensedesk SERIAL`` and ``licensedesk://lookup/SERIAL`` (the desktop file's
``Exec=licensedesk %U``) open that serial: as if pasted into the serial box and Enter
pressed, once there is a profile (with --demo: once the demo service runs); with no
profile yet it waits in the box. Before issue #15 the argument was refused (exit 2)."""

from __future__ import annotations

import signal
import subprocess
import sys

from licensedesk.ui.shell.open_target import open_target

from ...support.waiting import wait_for
from ..helpers import serial_box, wait_idle
from .app_env import app_env, app_log

SERIAL = "L89U-P6Z8-MZ6Z-MABG-Q3RR"  # the demo's subscription_active, also the sandbox's


def test_a_serial_on_the_profile_is_looked_up(desk, qtbot):
    open_target(desk, SERIAL.lower().replace("-", ""))  # normalised like a paste
    qtbot.waitUntil(lambda: desk.window.workspace.card.license is not None, timeout=10000)
    assert desk.window.workspace.card.license.serial == SERIAL
    assert serial_box(desk).text() == SERIAL
    assert desk.sandbox.request_count("GET", f"/v2/licenses/show-license/{SERIAL}") == 1


def test_text_without_a_serial_gets_the_boxs_hint_and_no_request(desk, qtbot):
    open_target(desk, "licensedesk://other/nothing-here")
    ws = desk.window.workspace
    qtbot.waitUntil(ws.hint.isVisible, timeout=5000)
    assert ws.card.license is None and not desk.runner.running()
    assert desk.sandbox.request_count("GET", "/v2/licenses/show-license/") == 0


def test_with_demo_it_waits_for_the_demo_service(make_desk, qtbot):
    desk = make_desk(demo=True)
    assert desk.runner.is_running("demo.start")
    open_target(desk, SERIAL)
    qtbot.waitUntil(lambda: desk.window.workspace.card.license is not None, timeout=15000)
    assert desk.window.workspace.current_profile() == "Demo"
    assert desk.window.workspace.card.license.serial == SERIAL


def test_without_a_profile_the_serial_waits_in_the_box(make_desk, qtbot):
    desk = make_desk()
    open_target(desk, SERIAL)
    assert desk.window.is_welcome()
    assert serial_box(desk).text() == SERIAL
    wait_idle(desk, qtbot)
    assert desk.window.workspace.card.license is None


def test_the_app_opens_a_link_given_on_its_command_line(tmp_path):
    """The real program as the desktop starts it: ``licensedesk --demo LINK``; the demo
    service's access log in the app's log shows the lookup, then SIGTERM closes it."""
    log = app_log(tmp_path)
    looked_up = f"GET /v2/licenses/show-license/{SERIAL}?"
    proc = subprocess.Popen(
        [sys.executable, "-m", "licensedesk", "--demo", f"licensedesk://lookup/{SERIAL.lower()}"],
        env=app_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(
            lambda: log.exists() and looked_up in log.read_text(),
            what="lookup in the log",
            proc=proc,
        )
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert f"{looked_up}" in log.read_text()
