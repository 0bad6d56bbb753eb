"""With nothing to open, the start page is the welcome page without the desk (issue #14:
an idle window needs no loop, api, keyring or workspace); the first click builds it,
and the click still does what it says, once."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ..helpers import click, look_up
from .app_env import app_env

#: what an idle welcome page must not have imported (each costs megabytes)
NOT_IDLE = (
    "asyncio",
    "qasync",
    "httpx",
    "keyring",
    "ssl",
    "licensedesk.api.client",
    "licensedesk.api.models",
    "licensedesk.profiles.secrets",
    "licensedesk.ui.lookup.workspace",
    "licensedesk.ui.shell.desk",
)

# In the child: the real entry point on an empty config folder; once it is ready and
# idle (--report-start's "rss" moment), say which of NOT_IDLE were imported.
DRIVER = """
import sys
import licensedesk.__main__ as entry

def report():
    print("loaded", *[n for n in sys.argv[1:] if n in sys.modules], flush=True)
    print("page", "welcome" if entry_window[0].is_welcome() else "other", flush=True)

entry_window = []
from licensedesk.ui.shell import main_window
show = main_window.MainWindow.show
main_window.MainWindow.show = lambda self: (entry_window.append(self), show(self))[1]
entry.print_rss = report
sys.exit(entry.main(["--report-start"]))
"""


def test_an_idle_welcome_page_imports_no_loop_api_keyring_or_workspace(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-c", DRIVER, *NOT_IDLE],
        env=app_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    lines = dict(
        line.split(" ", 1) if " " in line else (line, "") for line in proc.stdout.splitlines()
    )
    assert lines.get("ready") == "" and lines.get("page") == "welcome", proc.stdout
    assert lines["loaded"] == "", f"an idle welcome page imported: {lines['loaded']}"


@pytest.fixture
def deferred(qtbot, qsettings, store, secrets, run):
    """The window on its welcome page with a DeferredDesk, as ``licensedesk`` starts
    without profiles; the desk, once built, is closed after the test."""
    from licensedesk.ui.profiles.connections import Connections
    from licensedesk.ui.shell.main_window import MainWindow
    from licensedesk.ui.shell.settings import WindowSettings
    from licensedesk.ui.shell.start import DeferredDesk, start_desk

    window = MainWindow()  # closed after the desk, as make_desk does (tests/ui/conftest.py)
    settings = WindowSettings(qsettings)
    window.show()
    qtbot.waitExposed(window)
    built = []

    def build():
        built.append(
            start_desk(
                window, settings, Connections(store, secrets), log_path="/tmp/licensedesk-test.log"
            )
        )
        return built[-1]

    yield DeferredDesk(window, settings, build)
    try:
        for desk in built:
            desk.runner.cancel_all()
            run(desk.aclose())
    finally:
        window.close()
        window.deleteLater()


def test_the_welcome_page_shows_without_the_workspace(deferred):
    window = deferred._window
    assert window.is_welcome() and window.welcome.demo_button.isVisible()
    assert deferred.desk is None and not window.has_workspace()


def test_try_the_demo_builds_the_desk_and_starts_the_demo(deferred, qtbot):
    click(qtbot, deferred._window.welcome.demo_button)
    desk = deferred.desk
    assert desk is not None
    qtbot.waitUntil(lambda: desk.demo is not None and not desk.runner.running(), timeout=15000)
    assert not desk.window.is_welcome()
    assert desk.window.workspace.current_profile() == "Demo"
    look_up(desk, qtbot, desk.demo.serials()["subscription_active"])
    assert desk.window.workspace.card.license is not None


def test_a_menu_entry_builds_the_desk_and_does_what_it_says(deferred, qtbot):
    from licensedesk.ui.profiles.dialog import ProfilesDialog

    deferred._window.registry["profiles"].trigger()
    assert deferred.desk is not None
    dialogs = deferred._window.findChildren(ProfilesDialog)
    assert len(dialogs) == 1 and dialogs[0].isVisible()
    dialogs[0].close()
    deferred._window.registry["about"].trigger()  # the hooks are gone: straight to the desk
    qtbot.waitExposed(deferred.desk.help.dialog)
    deferred.desk.help.dialog.close()


def test_add_a_connection_builds_the_desk_and_opens_the_profiles_dialog(deferred, qtbot):
    from licensedesk.ui.profiles.dialog import ProfilesDialog

    click(qtbot, deferred._window.welcome.add_button)
    dialog = deferred._window.findChild(ProfilesDialog)
    assert deferred.desk is not None and dialog is not None and dialog.isVisible()
    dialog.close()


def test_quitting_before_the_desk_keeps_the_workspace_settings_of_an_earlier_run(
    deferred, qsettings
):
    qsettings.setValue("workspace/mainSplitter", b"earlier")
    deferred.close_blocking()
    assert deferred.desk is None
    assert qsettings.value("window/geometry") is not None
    assert qsettings.value("workspace/mainSplitter") == b"earlier"


def test_a_setting_of_the_menus_shows_and_saves_without_building_the_desk(deferred, qsettings):
    qsettings.setValue("notifications/renewals", False)  # turned off in an earlier run
    from licensedesk.ui.shell.main_window import MainWindow
    from licensedesk.ui.shell.settings import WindowSettings
    from licensedesk.ui.shell.start import DeferredDesk

    window = MainWindow()
    try:
        DeferredDesk(window, WindowSettings(qsettings), lambda: pytest.fail("built"))
        toggle = window.registry["notifyRenewals"]
        assert toggle.isCheckable() and not toggle.isChecked()
        toggle.trigger()  # View -> Notify of renewals: on, once, and no desk for it
        assert toggle.isChecked() and qsettings.value("notifications/renewals") in (True, "true")
    finally:
        window.deleteLater()
    qsettings.remove("notifications/renewals")
    assert WindowSettings(qsettings).notify_renewals  # on by default
