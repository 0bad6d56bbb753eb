"""An upgrade whose answer is lost after the service committed it, or not (a time-out, a
server error, an unreadable or cut answer), is reconciled by reading both serials again,
never by sending it again."""

from __future__ import annotations

import sqlite3

import pytest

from ..helpers import click
from ..support_fixtures import exists, use_read_timeout, wait_done
from .flow import compared, confirm, upgrade

UPGRADE_PATH = "/v2/licenses/upgrade"
SHOW_PATH = "/v2/licenses/show-license/"


def commit_on_the_server(sb, current):
    """What the sandbox's upgrade commits (sandbox/licenses.py ``upgrade``): the current
    licence, and by ON DELETE CASCADE its activations, are deleted."""
    with sqlite3.connect(sb.db_path) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        assert conn.execute("DELETE FROM licenses WHERE serial = ?", (current,)).rowcount == 1


def test_time_out_after_the_commit_says_it_went_through(desk, qtbot, run, store):
    """The service commits, then answers too late. The ``slow`` fault delays *before*
    handling and the sandbox drops a request whose client has gone, so the commit that
    such a service makes is done here, while the client waits for its answer."""
    sb = desk.sandbox
    current, target = sb.serial("upgrade_current"), sb.serial("upgrade_target")
    d = compared(desk, qtbot)
    use_read_timeout(desk, store, 0.5)
    sb.faults.add("slow", path=UPGRADE_PATH, method="POST", times=1, delay_ms=2000)
    confirm(d, current)
    click(qtbot, d.upgrade_button)
    qtbot.waitUntil(lambda: sb.request_count("POST", UPGRADE_PATH) == 1, timeout=3000)
    commit_on_the_server(sb, current)
    wait_done(desk, qtbot)
    assert sb.request_count("POST", UPGRADE_PATH) == 1  # timed out, never sent again
    assert "did not answer in time" in d.error_text()  # the time-out itself, with details
    text = d.outcome_text()
    assert f"the current licence {current} no longer exists" in text
    assert "the upgrade went through" in text and f"{target} is ready to use" in text
    assert not d.upgrade_button.isEnabled()
    qtbot.waitUntil(lambda: desk.lookup.serial == target, timeout=5000)


def test_time_out_before_the_commit_is_not_retried(desk, qtbot, run, store):
    """``slow``: the service is still waiting when the client gives up; the re-read finds
    both licences. The service might still finish, so another try needs a new comparison."""
    sb = desk.sandbox
    current = sb.serial("upgrade_current")
    d = compared(desk, qtbot)
    use_read_timeout(desk, store, 0.5)
    sb.faults.add("slow", path=UPGRADE_PATH, method="POST", times=1, delay_ms=1500)
    confirm(d, current)
    upgrade(desk, qtbot, d)
    assert sb.request_count("POST", UPGRADE_PATH) == 1
    assert sb.request_count("GET", SHOW_PATH) >= 2  # both serials were read again
    assert "did not answer in time" in d.error_text()
    text = d.outcome_text()
    assert "both licences still exist" in text and "has not gone through" in text
    assert "was not sent again" in text and "compare again" in text
    assert not d.upgrade_button.isEnabled()  # not before a new comparison
    assert exists(run, sb, current)
    # compare again: a deliberate second try goes through
    click(qtbot, d.compare_button)
    wait_done(desk, qtbot)
    assert d.preview is not None and d.preview.ready
    confirm(d, current)
    upgrade(desk, qtbot, d)
    assert "Upgrade license is ready to use." in d.outcome_text(), d.error_text()
    assert sb.request_count("POST", UPGRADE_PATH) == 2


def test_reconciliation_that_cannot_read_says_so(desk, qtbot, run):
    sb = desk.sandbox
    current, target = sb.serial("upgrade_current"), sb.serial("upgrade_target")
    d = compared(desk, qtbot)
    before = sb.request_count("GET", SHOW_PATH)
    sb.faults.add("drop", path=UPGRADE_PATH, times=1)
    sb.faults.add("not_json", path=SHOW_PATH, method="GET")  # the re-reads fail too
    confirm(d, current)
    upgrade(desk, qtbot, d)
    assert sb.request_count("POST", UPGRADE_PATH) == 1
    assert sb.request_count("GET", SHOW_PATH) - before >= 2
    text = d.outcome_text()
    assert "could not find out whether the upgrade went through" in text
    assert "not sent again" in text and "will not be retried" in text
    assert f"{current}: " in text and f"{target}: " in text  # why, per serial
    assert "still exists" not in text and ".;" not in text
    assert "broke" in d.error_text()  # the lost answer stays in the error line
    assert not d.upgrade_button.isEnabled()  # look before trying again
    # still usable: once the service answers again, Compare shows the truth
    sb.faults.clear()
    click(qtbot, d.compare_button)
    wait_done(desk, qtbot)
    assert d.preview is not None and d.preview.ready
    assert exists(run, sb, current)


@pytest.mark.parametrize(
    ("kind", "went_through"),
    [("http500_html", False), ("not_json", False), ("truncated", True)],
)
def test_server_error_or_unreadable_answer_is_reconciled(desk, qtbot, run, kind, went_through):
    """A 5xx or an unreadable answer may come after the commit: the dialog re-reads rather
    than trust the error (``truncated`` is handled by the sandbox, then cut)."""
    sb = desk.sandbox
    current, target = sb.serial("upgrade_current"), sb.serial("upgrade_target")
    d = compared(desk, qtbot)
    before = sb.request_count("GET", SHOW_PATH)
    sb.faults.add(kind, path=UPGRADE_PATH, times=1)
    confirm(d, current)
    upgrade(desk, qtbot, d)
    assert sb.request_count("POST", UPGRADE_PATH) == 1
    assert sb.request_count("GET", SHOW_PATH) - before >= 2  # reconciled
    assert d.error_text()  # the error's own sentence stays
    if went_through:
        assert "the upgrade went through" in d.outcome_text()
        assert not exists(run, sb, current) and exists(run, sb, target)
    else:
        assert "nothing changed" in d.outcome_text()
        assert d.upgrade_button.isEnabled()
        assert exists(run, sb, current)
