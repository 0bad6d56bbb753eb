"""Store behaviour both stores must show (SQLite here, PostgreSQL in tests/contract/history):
one function per behaviour, taking an open, migrated store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from licensedesk.history import Entry, HistoryQuery
from licensedesk.history.model import new_entry_id

SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
OTHER = "TXVS-45ED-MBUD-ELDQ-GLS2"
T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def entry(**fields) -> Entry:
    base = dict(
        id=new_entry_id(), time=T0, user="ana", machine="desk-1", action="deactivate", serial=SERIAL
    )
    base.update(fields)
    return Entry(**base)


def sample(store) -> list[Entry]:
    """Six entries over three days, two people, two serials, several actions/outcomes."""
    items = [
        entry(
            time=T0,
            action="activate",
            outcome="done",
            activation_ids=(8,),
            before={"id": 8, "activated": False, "device_tag": "Linux__64bits"},
        ),
        entry(
            time=T0 + timedelta(hours=1),
            action="deactivate",
            outcome="refused",
            detail="Activation does not exist!",
            activation_ids=(99,),
        ),
        entry(
            time=T0 + timedelta(days=1),
            user="bo",
            display_name="Bo Berg",
            action="delete",
            outcome="unknown",
            activation_ids=(8, 9),
        ),
        entry(
            time=T0 + timedelta(days=1, hours=2),
            serial=OTHER,
            action="upgrade",
            outcome="pending",
            product="Studio Pro",
        ),
        entry(
            time=T0 + timedelta(days=2),
            serial=None,
            action="batch_check",
            outcome="done",
            counts={"serials": 40, "active": 38, "not_found": 2},
            user="bo",
        ),
        entry(
            time=T0 + timedelta(days=2, hours=1),
            action="register",
            outcome="failed",
            detail="Could not connect to the licence service.",
        ),
    ]
    for item in items:
        store.write(item)
    return items


def ids(entries) -> list[str]:
    return [e.id for e in entries]


def check_round_trip(store) -> None:
    item = entry(
        activation_ids=(8, 9),
        before={"id": 8, "activated": True},
        product="P",
        display_name="Ana Lima",
        profile="prod",
        service="https://h.example.com:8443",
        counts={"serials": 3},
    )
    store.write(item)
    assert store.get(item.id) == item
    done = item.replace(
        outcome="done",
        detail="Activation successfully updated.",
        finished=T0 + timedelta(seconds=1),
    )
    store.write(done)  # the outcome replaces the intent: one entry, not two
    assert store.get(item.id) == done
    assert store.count() == 1


def check_complete_by_id(store) -> None:
    item = entry(action="upgrade")
    store.write(item)
    assert store.complete(item.id, "done", "reconciled", None, T0 + timedelta(minutes=1))
    got = store.get(item.id)
    assert (got.outcome, got.detail) == ("done", "reconciled")
    assert not store.complete(new_entry_id(), "done", None, None, T0)


def check_filters(store) -> None:
    a, b, c, d, e, f = sample(store)
    q = store.query
    assert ids(store.history(SERIAL)) == ids([f, c, b, a])  # newest first, one serial
    assert ids(store.history(SERIAL, limit=2)) == ids([f, c])
    assert ids(q(HistoryQuery())) == ids([f, e, d, c, b, a])
    assert ids(q(HistoryQuery(action="delete"))) == [c.id]
    assert ids(q(HistoryQuery(outcome="pending"))) == [d.id]
    assert ids(q(HistoryQuery(person="BO"))) == ids([e, c])  # user name, any case
    assert ids(q(HistoryQuery(person="bo berg"))) == [c.id]  # display name
    day2 = T0 + timedelta(days=1)
    assert ids(q(HistoryQuery(since=day2, until=day2 + timedelta(days=1)))) == ids([d, c])
    assert ids(q(HistoryQuery(text="does not EXIST"))) == [b.id]  # detail, any case
    assert ids(q(HistoryQuery(text="linux__64"))) == [a.id]  # what the row looked like
    assert ids(q(HistoryQuery(text="studio"))) == [d.id]  # product
    assert ids(q(HistoryQuery(text="100%"))) == []  # wildcards taken literally
    assert ids(q(HistoryQuery(serial=SERIAL, person="ana", outcome="done"))) == [a.id]


def check_import_no_duplicates(store) -> None:
    items = [entry(time=T0 + timedelta(minutes=i)) for i in range(5)]
    assert store.import_entries(items[:3]) == 3
    assert store.import_entries(items) == 2
    assert store.import_entries(items) == 0
    assert store.count() == 5
    assert ids(store.export()) == ids(items)  # oldest first
    assert ids(store.export(since=T0 + timedelta(minutes=3))) == ids(items[3:])


def check_an_action_of_a_newer_desk_is_read(store) -> None:
    """A team mate's newer License Desk may record an action or outcome this one does not
    know: it is read as it is stored, not refused with the whole list."""
    known, newer = entry(time=T0), entry(time=T0 + timedelta(minutes=1))
    for item in (known, newer):
        store.write(item)
    mark = store.PH
    assert (
        store.execute_write(
            f"UPDATE history SET action = {mark}, outcome = {mark} WHERE id = {mark}",
            ["archive", "queued", newer.id],
        )
        == 1
    )
    read = store.get(newer.id)
    assert (read.action, read.outcome) == ("archive", "queued")
    assert [(e.id, e.action) for e in store.history(SERIAL)] == [
        (newer.id, "archive"),
        (known.id, "deactivate"),
    ]
    assert [e.outcome for e in store.page(HistoryQuery(), limit=10)] == ["queued", "pending"]
