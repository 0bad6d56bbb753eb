"""The window's update checks: a staged version is one line in the status bar (no
dialog), a failed check only a log line; Help > Check for Updates is the user's setting,
greyed out by the administrator's switch. Against a real TUF repository on loopback
(tests/support/update_release.py), with a stand-in bundle as the running copy."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from licensedesk.ui.shell.main_window import MainWindow
from licensedesk.ui.updates import UpdateChecks
from licensedesk.updates.bundle import Bundle
from tests.support.net import free_port
from tests.support.update_release import SCRIPT, Release


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    from tests.support.update_release import release_script

    folder = tmp_path_factory.mktemp("release-keys") / "keys"
    release_script().make_keys(folder)
    assert SCRIPT.is_file()
    return folder


@pytest.fixture
def release(tmp_path, keys, monkeypatch):
    monkeypatch.delenv("LICENSEDESK_NO_UPDATE_CHECK", raising=False)
    made = Release(tmp_path, keys)
    yield made
    made.close()


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.build_welcome()
    w.show()
    qtbot.waitExposed(w)
    return w


def checks_for(window, bundle: Bundle | None) -> UpdateChecks:
    return UpdateChecks(window, window.registry.menus["help"], bundle, first_ms=0)


def setting() -> Path:
    return Path(os.environ["LICENSEDESK_CONFIG_DIR"]) / "updates.json"


def test_a_staged_version_is_a_line_in_the_status_bar(window, release, qtbot):
    release.installed("1.0")
    release.publish("1.1")
    checks = checks_for(window, Bundle.of(release.install / "licensedesk"))

    with qtbot.waitSignal(checks.finished, timeout=60_000) as done:
        checks.start()
    assert done.args[0].kind == "staged"
    assert checks.line.isVisible()
    assert checks.line.text() == "Version 1.1 will be used from the next start."
    assert QApplication.activeModalWidget() is None  # no dialog
    assert (release.install.parent / "licensedesk.updates" / "staged").is_dir()


def test_a_server_that_is_down_is_a_log_line_only(window, release, qtbot, caplog):
    release.installed("1.0", url=f"http://127.0.0.1:{free_port()}/")
    checks = checks_for(window, Bundle.of(release.install / "licensedesk"))

    with (
        caplog.at_level(logging.INFO, "licensedesk.updates"),
        qtbot.waitSignal(checks.finished, timeout=60_000) as done,
    ):
        checks.start()
    assert done.args[0].kind == "unreachable"
    assert not checks.line.isVisible()
    assert window.statusBar().currentMessage() == ""
    assert QApplication.activeModalWidget() is None
    assert any("could not be reached" in r.getMessage() for r in caplog.records)


def test_the_menu_item_is_the_user_s_setting(window, release, qtbot):
    release.installed("1.0")
    release.publish("1.1")
    checks = checks_for(window, Bundle.of(release.install / "licensedesk"))
    assert checks.action.isEnabled() and checks.action.isChecked()  # on by default

    checks.action.trigger()  # off, as a click in the menu
    assert json.loads(setting().read_text()) == {"check": False}
    assert checks.check_now() is False
    assert release.server.requests == []

    checks.action.trigger()  # on again
    assert json.loads(setting().read_text()) == {"check": True}
    with qtbot.waitSignal(checks.finished, timeout=60_000):
        assert checks.check_now() is True
    assert release.server.requests != []


def test_the_setting_is_read_at_the_next_start(window, release):
    setting().parent.mkdir(parents=True, exist_ok=True)
    setting().write_text(json.dumps({"check": False}))
    checks = checks_for(window, None)
    assert not checks.action.isChecked()


def test_the_administrator_s_switch_greys_the_item_out(window, release, monkeypatch):
    monkeypatch.setenv("LICENSEDESK_NO_UPDATE_CHECK", "1")
    release.installed("1.0")
    release.publish("1.1")
    checks = checks_for(window, Bundle.of(release.install / "licensedesk"))

    assert not checks.action.isEnabled()
    assert checks.action.toolTip() == (
        "Update checks are turned off by the administrator (LICENSEDESK_NO_UPDATE_CHECK is set)."
    )
    assert checks.check_now() is False
    assert release.server.requests == []


def test_a_setting_that_cannot_be_saved_is_said_and_changes_nothing(window, release, qtbot):
    setting().parent.mkdir(parents=True, exist_ok=True)
    setting().mkdir()  # a folder where the file should be
    checks = checks_for(window, None)

    checks.action.trigger()
    assert checks.action.isChecked()  # back as it was
    assert window.statusBar().currentMessage().startswith("The setting could not be saved (")


def test_not_a_bundle_never_checks(window, release):
    checks = checks_for(window, None)
    checks.start()
    assert checks.check_now() is False


def test_the_painted_window_confirms_a_new_version_and_the_previous_folder_goes(window, release):
    from licensedesk.ui.updates import install_update_checks
    from licensedesk.updates.bundle import set_running

    release.installed("1.0")
    release.publish("1.1")
    assert release.run().code == 0  # 1.1 staged
    assert release.run("--crash").lines == ["version 1.1", "previous: kept"]
    previous = release.install.parent / "licensedesk.previous"

    set_running(Bundle.of(release.install / "licensedesk"))  # as the start step does
    try:
        checks = install_update_checks(window)  # what __main__ calls after the first paint
    finally:
        set_running(None)
    assert not previous.exists()
    assert checks.action in window.registry.menus["help"].actions()
