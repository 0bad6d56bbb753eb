"""At start and once a day the desk tells the desktop, through a real notification daemon
(dunst, under Xvfb, on a private D-Bus), of the licences of its book that entered the
renewals window; once each, across restarts; not when turned off; a click opens the
Renewals view; no service is one line in the log (docs/book.md, "Notifications")."""

from __future__ import annotations

import json
import logging

import pytest
from PySide6.QtGui import QAction

from licensedesk import clock
from licensedesk.book.announced import FILE_NAME
from licensedesk.ui.renewals_notice.notifier import DesktopNotice, _body

from .conftest import licence

A = "AAAA-AAAA-AAAA-AAAA-AAAA"
B = "BBBB-BBBB-BBBB-BBBB-BBBB"
C = "CCCC-CCCC-CCCC-CCCC-CCCC"


NOW = clock.now()  # the instant the tests check at (the start's checks: the real one)


def ending_and_not():
    return [
        licence(A, 3, NOW, name="Maria Jensen"),
        licence(B, 12, NOW),
        licence("LATE-LATE-LATE-LATE-LATE", 60, NOW, name="Not Yet"),
        licence("GONE-GONE-GONE-GONE-GONE", -2, NOW, name="Expired Already"),
        licence("PERP-PERP-PERP-PERP-PERP", None, NOW, kind="perpetual"),
    ]


def test_licences_entering_the_window_reach_the_daemon_once_and_not_on_the_next_start(
    open_desk, daemon, in_book, run, tmp_path
):
    desk = open_desk()  # the start's check: the book was empty
    assert desk.told_at_start == []
    assert daemon.new() == []
    in_book(desk, ending_and_not())
    told = run(desk.renewals_notice.check(NOW))
    assert [s.serial for s in told] == [A, B]
    (note,) = daemon.new()
    assert note.app == "License Desk"
    assert note.summary == "2 licences end within 12 days"
    assert note.body.splitlines() == [f"{A}, Maria Jensen: ends in 3 days", f"{B}: ends in 12 days"]
    assert run(desk.renewals_notice.check(NOW)) == []  # the next day's check
    assert daemon.new() == []
    kept = json.loads((tmp_path / "data" / FILE_NAME).read_text(encoding="utf-8"))
    assert sorted(r["serial"] for r in kept["licences"]) == [A, B]

    again = open_desk()  # the next start
    assert again.told_at_start == []
    assert daemon.new() == []
    in_book(
        again, [licence(C, 20, NOW, name="Tomás Herrera"), licence(B, 377, NOW)]
    )  # B renewed: its new end is far away
    assert [s.serial for s in run(again.renewals_notice.check(NOW))] == [C]
    (note,) = daemon.new()
    assert (note.summary, note.body) == (
        "1 licence ends within 20 days",
        f"{C}, Tomás Herrera: ends in 20 days",
    )


def test_turned_off_nothing_is_sent_and_turning_it_on_checks_at_once(
    open_desk, daemon, in_book, run, qsettings
):
    desk = open_desk()
    toggle = desk.window.registry["notifyRenewals"]
    assert toggle.isCheckable() and toggle.isChecked()  # on by default
    toggle.trigger()  # View -> Notify of renewals, off
    assert not desk.settings.notify_renewals
    in_book(desk, ending_and_not())
    assert desk.renewals_notice.start_check() is None
    assert run(desk.renewals_notice.check(NOW)) == []
    assert daemon.new() == []

    later = open_desk()  # the setting is kept
    assert not later.window.registry["notifyRenewals"].isChecked()
    assert later.told_at_start == []
    assert daemon.new() == []
    later.window.registry["notifyRenewals"].trigger()  # on again: told at once
    assert [s.serial for s in run(later.renewals_notice.start_check())] == [A, B]
    (note,) = daemon.new()
    assert note.summary.startswith("2 licences end within ")  # days from the real now
    assert qsettings.value("notifications/renewals") in (True, "true")


def test_clicking_the_notification_calls_back(daemon, run, qtbot):
    clicked: list[bool] = []
    notice = DesktopNotice()
    assert run(notice.send("1 licence ends today", "A: ends today", lambda: clicked.append(True)))
    daemon.click()
    qtbot.waitUntil(lambda: clicked == [True])


def test_clicking_the_desks_notification_opens_the_renewals_view(
    open_desk, daemon, in_book, run, qtbot, monkeypatch
):
    desk = open_desk()
    renewals = QAction("Renewals", desk.window)  # the Renewals view's action (ui/renewals/)
    opened: list[bool] = []
    renewals.triggered.connect(lambda: opened.append(True))
    registry = desk.window.registry
    real_get = registry.get
    monkeypatch.setattr(
        registry, "get", lambda name: renewals if name == "renewals" else real_get(name)
    )
    in_book(desk, ending_and_not())
    assert run(desk.renewals_notice.check(NOW))
    daemon.click()
    qtbot.waitUntil(lambda: opened == [True])


def test_a_build_without_the_renewals_view_only_raises_the_window(open_desk):
    from licensedesk.ui.renewals_notice.wiring import open_renewals

    desk = open_desk()
    open_renewals(desk.window)  # with or without ui/renewals merged: no error
    assert desk.window.isVisible()


def test_no_notification_service_is_one_log_line_and_is_tried_again(
    open_desk, in_book, run, monkeypatch, tmp_path, caplog
):
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", f"unix:path={tmp_path / 'no-bus'}")
    desk = open_desk()  # the start's check: the book was empty
    assert desk.told_at_start == []
    in_book(desk, ending_and_not())
    caplog.clear()
    with caplog.at_level(logging.INFO):
        assert run(desk.renewals_notice.check(NOW)) == []
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.getMessage() for r in said] == [
        "Renewals not announced (licences: 2): no desktop notification service took the notification"
    ]
    assert not (tmp_path / "data" / FILE_NAME).exists()  # not told: the next check tries
    assert desk.error_dialog is None


@pytest.mark.parametrize(
    ("platform_name", "shown"),
    [
        ("linux", "Smith &amp; Sons &lt;EU&gt;"),  # freedesktop bodies are markup
        ("darwin", "Smith & Sons <EU>"),
        ("win32", "Smith & Sons <EU>"),
    ],
)
def test_each_os_gets_the_body_as_its_service_reads_it(platform_name, shown):
    assert _body("Smith & Sons <EU>", platform_name) == shown


def test_a_licence_renewed_is_not_announced_again_for_its_old_end(
    open_desk, daemon, run, qtbot, sandbox, tmp_path
):
    """Announced for the end it had; renewed at the service and looked up again, the book
    holds the new end: neither now nor on the old end's day is it told again (announced.py
    keeps the end told); when the new end comes near, it is told once for that one."""
    from datetime import timedelta

    from tests.support.ending_demo import ENDING, ending_demo, serve_ending_demo

    from ..helpers import look_up

    data = serve_ending_demo(sandbox, tmp_path)
    serial = data["catalogue"]["serials"]["subscription_active"]  # ends in 3 days
    desk = open_desk()
    look_up(desk, qtbot, serial)
    run(desk.book.keeper.written())
    now = clock.now()
    assert [s.serial for s in run(desk.renewals_notice.check(now))] == [serial]
    (note,) = daemon.new()
    assert "ends in 3 days" in note.body

    ending_demo(tmp_path / "renewed.db", {**ENDING, "subscription_active": 368})
    sandbox.server.use_database(tmp_path / "renewed.db")
    look_up(desk, qtbot, serial)
    run(desk.book.keeper.written())
    for at in (now, now + timedelta(days=2, hours=12)):  # now, and the old end's day
        assert run(desk.renewals_notice.check(at)) == []
    assert daemon.new() == []
    near = now + timedelta(days=360)  # eight days before the new end
    assert [s.serial for s in run(desk.renewals_notice.check(near))] == [serial]
    (note,) = daemon.new()
    assert "ends in 8 days" in note.body
