"""The upgrade dialog's steps, as a person takes them (shared by the upgrade tests)."""

from __future__ import annotations

from PySide6.QtTest import QTest

from ..helpers import click
from ..support_fixtures import wait_done


def compared(desk, qtbot, current_kind="upgrade_current", upgrade_kind="upgrade_target"):
    sb = desk.sandbox
    d = desk.upgrade.open(sb.serial(current_kind), sb.serial(upgrade_kind))
    assert d.objectName() == "upgradeDialog" and d.isVisible()
    assert not d.upgrade_button.isEnabled()  # nothing can be written before comparing
    click(qtbot, d.compare_button)
    wait_done(desk, qtbot)
    assert d.preview is not None, d.error_text()
    return d


def confirm(d, text):
    d.confirm_input.clear()
    QTest.keyClicks(d.confirm_input, text)


def upgrade(desk, qtbot, d):
    click(qtbot, d.upgrade_button)
    wait_done(desk, qtbot)
