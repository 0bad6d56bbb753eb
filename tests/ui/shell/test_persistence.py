"""What survives a restart (window geometry, splitters, column widths, last
profile, recent serials) and the last-resort path for an uncaught exception."""

from __future__ import annotations

import logging
import sys

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QPlainTextEdit

from licensedesk.ui.activations.columns import COL_DEVICE
from licensedesk.ui.shell.settings import WindowSettings

from ..helpers import look_up


def test_geometry_splitters_columns_profile_and_serials_survive_a_restart(
    desk, make_desk, qtbot, qsettings
):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("trial"))
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    window, ws = desk.window, desk.window.workspace
    ws.clear_results()  # the same content as the reopened window: splitters compare 1:1
    # the window's least size follows its layout once Qt lays it out again (the card's
    # Links button went with the licence): before, a resize to 740 would stop above it
    qtbot.waitUntil(lambda: window.minimumSize().height() < 740)
    window.resize(760, 740)  # the offscreen screen is 800x800
    ws.main_splitter.setSizes([500, 150])  # not the default shares (the devices' least)
    ws.top_splitter.setSizes([ws.top_splitter.width() - 250, 250])
    ws.activations.table.setColumnWidth(COL_DEVICE, 233)  # wider than its title needs
    ws.products.table.setColumnWidth(0, 187)
    main_sizes, top_sizes = ws.main_splitter.sizes(), ws.top_splitter.sizes()
    desk.save_state()  # what aboutToQuit does

    again = make_desk().window  # the next start: no --profile, same settings
    settings = WindowSettings(qsettings)
    assert again.size().width() == 760 and again.size().height() == 740
    ws2 = again.workspace
    # the controllers add the Support toolbar after the restore: wait for that layout
    qtbot.waitUntil(lambda: ws2.main_splitter.sizes() == main_sizes, timeout=2000)
    assert ws2.top_splitter.sizes() == top_sizes
    assert ws2.activations.table.columnWidth(COL_DEVICE) == 233
    assert ws2.products.table.columnWidth(0) == 187
    assert ws2.recent_serials()[:2] == [sandbox.serial("perpetual"), sandbox.serial("trial")]
    assert settings.last_profile == "Sandbox"
    stored = "\n".join(str(qsettings.value(k)) for k in qsettings.allKeys())
    assert "sk_" not in stored  # serials and sizes only, never a key


@pytest.fixture
def log_file(tmp_path, monkeypatch):
    """The real log set-up in a tmp folder; its handler and level undone afterwards."""
    from licensedesk.ui.shell import logs

    monkeypatch.setattr(logs, "_state", {})
    root = logging.getLogger("licensedesk")
    before, level = list(root.handlers), root.level
    path = logs.setup_logging(tmp_path / "logs")
    yield path
    root.setLevel(level)
    for handler in root.handlers[:]:
        if handler not in before:
            root.removeHandler(handler)
            handler.close()


@pytest.mark.qt_no_exception_capture
def test_an_uncaught_exception_in_a_slot_shows_the_error_dialog_redacted(
    desk, qtbot, monkeypatch, log_file
):
    from licensedesk.ui.shell.logs import install_excepthook

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    secret = "sk_never_shown_0123456789abcdef"
    install_excepthook(desk.show_unexpected)

    def broken_slot() -> None:
        raise RuntimeError(f"GET /v2/licenses?api_key={secret} went wrong")

    QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(lambda: desk.error_dialog is not None and desk.error_dialog.isVisible())
    dialog = desk.error_dialog
    details = dialog.findChild(QPlainTextEdit, "errorDialogDetails").toPlainText()
    assert "RuntimeError" in details and "went wrong" in details
    assert secret not in details and secret not in dialog.sentence.text()
    assert "Traceback" not in dialog.sentence.text()  # the sentence is for a person
    log_label = dialog.findChild(type(dialog.sentence), "errorDialogLogPath")
    assert str(desk.log_path) in log_label.text()
    for handler in logging.getLogger("licensedesk").handlers:
        handler.flush()
    logged = log_file.read_text(encoding="utf-8")
    assert "went wrong" in logged and secret not in logged
    assert desk.window.isVisible()  # the app goes on
