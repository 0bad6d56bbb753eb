"""The application around the features: the last profile comes back, Help says what a
person asks first, the window has its icon, and the process ends cleanly however it
is told to (Ctrl+C, SIGTERM) or says plainly why it cannot start (no display)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QLabel

from licensedesk import __version__

from ...support.waiting import wait_for
from ..helpers import click
from .app_env import app_env, app_log


def _profile(store, secrets, sandbox, name: str, *, key: bool = True) -> None:
    from licensedesk.profiles import Profile

    app_id, api_key = sandbox.creds("read")
    store.save(Profile(name=name, base_url=sandbox.url, read_app_id=app_id))
    if key:
        secrets.set(name, "read", api_key)


def test_the_last_profile_is_chosen_and_no_other_is_touched_first(
    make_desk, store, secrets, sandbox, qsettings, qtbot
):
    from licensedesk.ui.profiles.key_prompt import KeyPromptDialog
    from licensedesk.ui.shell.settings import WindowSettings

    _profile(store, secrets, sandbox, "Alpha", key=False)  # first in the list, no key stored
    _profile(store, secrets, sandbox, "Beta")
    WindowSettings(qsettings).last_profile = "Beta"

    desk = make_desk()  # no --profile: the last one used

    assert desk.connections.current == "Beta"
    assert desk.window.workspace.current_profile() == "Beta"
    assert WindowSettings(qsettings).last_profile == "Beta"
    # Alpha was never chosen on the way: its missing key was not asked for
    assert not any(d.isVisible() for d in desk.window.findChildren(KeyPromptDialog))


def test_without_a_remembered_profile_the_first_is_chosen(make_desk, store, secrets, sandbox):
    _profile(store, secrets, sandbox, "Alpha")
    _profile(store, secrets, sandbox, "Beta")
    desk = make_desk()
    assert desk.connections.current == "Alpha"


def test_about_names_version_licence_and_where_things_live(desk, qtbot, tmp_path):
    desk.window.registry["about"].trigger()
    dialog = desk.help.dialog
    qtbot.waitExposed(dialog)
    text = "\n".join(label.text() for label in dialog.findChildren(QLabel))
    assert __version__ in text and "Licence:" in text
    assert dialog.values["Log folder"].text() == "/tmp"  # the fixture's log path
    assert dialog.values["Window settings"].text() == desk.settings.qsettings.fileName()
    assert dialog.values["Profiles"].text() == str(tmp_path / "config" / "profiles.json")
    assert dialog.values["API keys"].text() == desk.connections.secrets.backend_description
    assert "sk_" not in text
    dialog.close()


def test_shortcuts_lists_every_key_the_menus_answer_to(desk, qtbot):
    desk.window.registry["shortcuts"].trigger()
    table = desk.help.dialog.table
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    native = QKeySequence.SequenceFormat.NativeText
    assert rows["Refresh"] == "F5"
    assert rows["Stop"] == QKeySequence("Esc").toString(native)
    assert rows["Validate a serial"] == QKeySequence("Ctrl+Shift+V").toString(native)
    assert "Keyboard shortcuts" in rows and "Go to serial" in rows
    desk.help.dialog.close()


def test_documentation_opens_the_readme_of_this_copy(desk, monkeypatch):
    from PySide6.QtGui import QDesktopServices

    opened = []
    # the desktop's URL handler is the OS's, not ours: record what it is asked to open
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    action = desk.window.registry["docs"]
    assert action.isEnabled()
    action.trigger()
    assert [u.toLocalFile() for u in opened] == [str(Path("README.md").resolve())]


def test_the_window_and_its_dialogs_have_the_app_icon(desk, qtbot):
    assert not desk.window.windowIcon().isNull()
    assert not QApplication.windowIcon().isNull()
    assert not desk.window.windowIcon().pixmap(32).isNull()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_signal_closes_the_window_and_stops_the_demo_sandbox(tmp_path, signum):
    env, log = app_env(tmp_path), app_log(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "licensedesk", "--demo"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(
            lambda: log.exists() and "demo sandbox listening" in log.read_text(),
            what="demo sandbox",
            proc=proc,
        )
        assert any((tmp_path / "tmp").iterdir())  # the demo database
        proc.send_signal(signum)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    text = log.read_text()
    assert f"{signal.Signals(signum).name} received: closing the window" in text
    assert "demo sandbox stopped" in text
    assert list((tmp_path / "tmp").iterdir()) == []  # nothing left behind
    assert "Traceback" not in err


def test_without_a_display_it_says_so_in_one_sentence_and_exits_2(tmp_path):
    env = app_env(tmp_path)
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    proc = subprocess.run(
        [sys.executable, "-m", "licensedesk"], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display was found" in lines[0]
    assert "xvfb-run" in lines[0] and "QT_QPA_PLATFORM=offscreen" in lines[0]
    assert "xcb-cursor" not in proc.stderr


def test_without_a_display_a_checkout_is_told_the_command_that_works_there(tmp_path):
    """In a checkout ``licensedesk`` is not on PATH: the sentence names the program as it
    was started (``.venv/bin/licensedesk --demo``), not a command that is not there."""
    program = Path(sys.executable).parent / "licensedesk"
    if not program.exists():
        pytest.skip("no licensedesk script next to this Python")
    env = app_env(tmp_path, PATH="/usr/bin:/bin")
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    proc = subprocess.run(
        [str(program), "--demo"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=program.parent.parent.parent,
    )
    assert proc.returncode == 2
    expected = os.path.relpath(program, program.parent.parent.parent)
    assert f"(xvfb-run -a {expected} --demo)" in proc.stderr, proc.stderr


def test_help_menu_is_not_empty(desk):
    titles = [a.text() for a in desk.window.registry.menus["help"].actions() if a.text()]
    assert titles == ["&Documentation", "&Keyboard shortcuts", "&About License Desk"]


def test_about_closes_with_its_button(desk, qtbot):
    from PySide6.QtWidgets import QDialogButtonBox

    dialog = desk.help.about()
    qtbot.waitExposed(dialog)
    click(qtbot, dialog.findChild(QDialogButtonBox).buttons()[0])
    assert not dialog.isVisible()
