"""Every change sent from the window is recorded, intent first and outcome after, into the
history file on this computer: activate / deactivate (one entry per device of a bulk
action, with the row as the table showed it), delete, upgrade (a lost answer completed by
the reconciliation), registration, a validation that records a host (a check-only one
records nothing), one entry per batch check with its counts; a refused change keeps the
service's own words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.ui.activations.model import COL_ACTIVATED, COL_ID, ID_ROLE
from licensedesk.ui.history.model import COL_WHAT
from licensedesk.ui.shared.confirm import ConfirmDialog

from ..batch.steps import check_text, unknown
from ..helpers import activations_table, click, look_up, select_rows, wait_idle
from ..registration.test_registration import checked, fill
from ..support_fixtures import exists, server_read, wait_done
from ..upgrade.test_upgrade import compared, confirm, upgrade
from ..validate.steps import NEW_HOST, validate
from .steps import history_tab_title, origin, stored, tab_rows, wait_stored


def active_rows(table) -> list[int]:
    model = table.model()
    return [
        r
        for r in range(model.rowCount())
        if model.index(r, COL_ACTIVATED).data(Qt.ItemDataRole.CheckStateRole)
        == Qt.CheckState.Checked
    ]


def row_id(table, row: int) -> int:
    return table.model().index(row, COL_ID).data(ID_ROLE)


def as_shown(desk, aid: int) -> dict:
    a = desk.window.workspace.activations.model.activation(aid)
    return {
        "activated": a.activated,
        "host_id": a.host_id,
        "device_tag": a.device_tag,
        "product": a.product_name,
    }


def test_deactivating_two_devices_in_bulk_writes_two_entries_with_the_rows_as_shown(desk, qtbot):
    sb = desk.sandbox
    serial = sb.serial("perpetual")
    look_up(desk, qtbot, serial)
    table = activations_table(desk)
    rows = active_rows(table)[:2]
    assert len(rows) == 2
    ids = [row_id(table, r) for r in rows]
    shown = {aid: as_shown(desk, aid) for aid in ids}
    assert stored() == []
    select_rows(table, rows)
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)

    entries = wait_stored(qtbot, 2, serial=serial)
    assert sorted(e.activation_ids for e in entries) == sorted((aid,) for aid in ids)
    for e in entries:
        aid = e.activation_ids[0]
        assert (e.action, e.outcome) == ("deactivate", "done")
        assert e.detail  # the service's own message
        assert e.before == shown[aid] and e.before["activated"] is True
        assert e.product == shown[aid]["product"]
        assert (e.profile, e.service) == ("Sandbox", origin(sb.url))
        assert e.user and e.machine and e.finished is not None
    assert entries[0].time >= entries[1].time  # newest first


def test_the_intent_is_written_before_the_request_is_answered(desk, qtbot):
    """While the request is on its way the file already says "sent, outcome unknown";
    cancelled on its way, the entry stays "outcome unknown" (it may have been done).

    The recorder promises this for a store that answers within its ``wait`` (2 s; a
    slower store must not hold up the change: docs/history.md). The first write also
    opens and creates the file, which on a loaded machine took longer, and the request
    went ahead: so the wait here is one the store always meets, and the test asserts the
    promise itself, the order, rather than the speed of the machine."""
    sb = desk.sandbox
    desk.recorder.recorder.wait = 120
    serial = sb.serial("perpetual")
    look_up(desk, qtbot, serial)
    table = activations_table(desk)
    row = active_rows(table)[0]
    sb.faults.add("slow", path="/v2/activations/", method="PUT", delay_ms=5000)
    select_rows(table, [row])
    panel = desk.window.workspace.activations
    sb.clear_requests()
    click(qtbot, panel.deactivate_button)
    qtbot.waitUntil(lambda: sb.max_in_flight >= 1, timeout=120_000)  # the service has it
    pending = stored(serial)  # and the intent was already there
    assert len(pending) == 1 and desk.activations.is_running()  # no answer yet
    assert pending[0].outcome == "pending" and pending[0].outcome_text == "sent, outcome unknown"
    click(qtbot, panel.cancel_button)
    wait_idle(desk, qtbot)
    [ended] = wait_stored(qtbot, 1, serial=serial)
    assert ended.id == pending[0].id and ended.outcome == "unknown"
    assert ended.detail.startswith("Cancelled while the request was on its way")


def test_a_deleted_device_is_recorded_with_the_row_it_was(desk, qtbot, run, monkeypatch):
    sb = desk.sandbox
    serial = sb.serial("perpetual")
    look_up(desk, qtbot, serial)
    table = activations_table(desk)
    aid = row_id(table, 0)
    shown = as_shown(desk, aid)

    async def yes(parent, title, text, accept="OK"):
        return True

    monkeypatch.setattr(ConfirmDialog, "ask", yes)
    select_rows(table, [0])
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Delete)
    wait_idle(desk, qtbot)
    [entry] = wait_stored(qtbot, 1, serial=serial)
    assert (entry.action, entry.activation_ids, entry.outcome) == ("delete", (aid,), "done")
    assert entry.before == shown
    assert aid not in {a.id for a in server_read(run, sb, "activations", serial)}


def test_a_refused_change_records_the_services_message(desk, qtbot, run):
    sb = desk.sandbox
    serial = sb.serial("host_limit")  # 2 of 2 seats taken: re-activating is refused (422)
    look_up(desk, qtbot, serial)
    table = activations_table(desk)
    off = next(r for r in range(table.model().rowCount()) if r not in active_rows(table))
    aid = row_id(table, off)
    select_rows(table, [off])
    click(qtbot, desk.window.workspace.activations.activate_button)
    wait_idle(desk, qtbot)
    [entry] = wait_stored(qtbot, 1, serial=serial)
    refusal = server_read(run, sb, "set_activation", aid, True)  # the same request again
    message = refusal.details.server_message
    assert message
    assert (entry.action, entry.outcome, entry.detail) == ("activate", "refused", message)
    assert entry.outcome_text == f"refused: {message}"
    assert entry.before["activated"] is False


def test_an_upgrade_is_recorded_with_what_it_became(desk, qtbot, run):
    sb = desk.sandbox
    current, target = sb.serial("upgrade_current"), sb.serial("upgrade_target")
    d = compared(desk, qtbot)
    confirm(d, current)
    upgrade(desk, qtbot, d)
    assert "ready to use" in d.outcome_text()
    [entry] = wait_stored(qtbot, 1, action="upgrade")
    assert (entry.serial, entry.outcome) == (current, "done")
    assert entry.detail == "Upgrade license is ready to use."
    lic = next(x for x in sb.data["licenses"] if x["serial"] == current)
    assert entry.before == {
        "upgrade_serial": target,
        "sku": "SE-2023-PERP",
        "licensee": lic["name"],
        "activations": 1,
    }
    # filed under both serials: the workspace, now on the new licence, lists it too
    qtbot.waitUntil(lambda: desk.lookup.serial == target, timeout=5000)
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (1)", timeout=3000)
    assert tab_rows(desk, COL_WHAT) == [f"Upgrade from {current} to {target}"]
    assert [e.id for e in stored(serial=target)] == [entry.id]


def test_an_upgrade_whose_answer_is_lost_is_completed_by_the_reconciliation(desk, qtbot, run):
    sb = desk.sandbox
    current = sb.serial("upgrade_current")
    d = compared(desk, qtbot)
    confirm(d, current)
    sb.faults.add("drop_after_commit", path="/v2/licenses/upgrade", times=1)
    upgrade(desk, qtbot, d)
    assert not exists(run, sb, current)  # it went through
    [entry] = wait_stored(qtbot, 1, action="upgrade")
    assert entry.outcome == "done"  # "outcome unknown" at first, then what was found
    assert "no longer exists, so the upgrade went through" in entry.detail
    assert entry.serial == current


def test_a_registration_is_recorded_with_the_licensee_it_had(desk, qtbot):
    sb = desk.sandbox
    serial = sb.serial("offline")
    d = checked(desk, qtbot, serial)
    fill(d.name_input, "Ada Lovelace")
    fill(d.email_input, "ada@example.org")
    click(qtbot, d.register_button)
    wait_done(desk, qtbot)
    assert d.outcome.text() == "Serial successfully registered.", d.error_text()
    [entry] = wait_stored(qtbot, 1, serial=serial)
    assert (entry.action, entry.outcome) == ("register", "done")
    assert entry.detail == "Serial successfully registered."
    assert entry.before == {"licensee": None, "email": None, "registered": False}


def test_a_validation_that_records_a_host_is_recorded_a_check_only_one_is_not(desk, qtbot):
    sb = desk.sandbox
    serial, code = sb.serial("perpetual"), sb.product_code("perpetual")
    d = validate(desk, qtbot, serial, code)  # "Record nothing (check only)", the default
    assert d.verdict_text() == "Valid", d.error_text()
    assert stored() == []

    d = validate(desk, qtbot, serial, code, host=NEW_HOST, tag="Linux__64bits")
    assert d.verdict_text() == "Valid", d.error_text()
    [entry] = wait_stored(qtbot, 1)
    assert (entry.action, entry.serial, entry.product) == ("validate_record", serial, code)
    assert entry.before == {"host_id": NEW_HOST, "device_tag": "Linux__64bits"}
    assert entry.outcome == "done"


def test_a_batch_check_is_one_entry_with_its_counts(desk, qtbot):
    sb = desk.sandbox
    serials = [sb.serial(k) for k in ("perpetual", "subscription_expired", "trial")]
    check_text(desk, qtbot, "\n".join([*serials, unknown(7)]))
    [entry] = wait_stored(qtbot, 1)
    assert (entry.action, entry.serial, entry.outcome) == ("batch_check", None, "done")
    assert entry.counts == {
        "serials": 4,
        "checked": 4,
        "active": 1,
        "expiring": 1,
        "expired": 1,
        "not_found": 1,
    }
