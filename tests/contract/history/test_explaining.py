"""The history entries that may explain a licence's changes: its own, and the device
actions of the time that name no serial (``licensedesk-cli deactivate 42``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from licensedesk.history import explaining as module
from licensedesk.history.explaining import explaining
from licensedesk.history.model import Entry, new_entry_id
from licensedesk.history.sqlite_store import SqliteStore

SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
OTHER = "TXVS-45ED-MBUD-ELDQ-GLS2"
T0 = datetime(2026, 11, 12, 9, 30, tzinfo=UTC)


def entry(action: str, minutes: int, serial: str | None, *ids: int) -> Entry:
    return Entry(
        id=new_entry_id(),
        time=T0 + timedelta(minutes=minutes),
        user="ana",
        machine="desk-3",
        action=action,
        outcome="done",
        serial=serial,
        activation_ids=ids,
    )


@pytest.fixture
def store(tmp_path):
    opened = SqliteStore(tmp_path / "history.sqlite3")
    opened.migrate()
    yield opened
    opened.close()


def test_the_licences_entries_and_the_device_actions_without_a_serial(store):
    mine = entry("note", 5, SERIAL)
    by_id = entry("deactivate", 10, None, 42)
    sent_before = entry("delete", -30, None, 45)  # sent before the window, answered in it
    for e in (mine, by_id, sent_before, entry("deactivate", 11, OTHER, 43)):
        store.write(e)
    store.write(entry("deactivate", -61, None, 44))  # over an hour before: not read
    found, complete_from = explaining(store, SERIAL, T0)
    assert {e.id for e in found} == {mine.id, by_id.id, sent_before.id}
    assert complete_from is None
    found, _ = explaining(store, SERIAL, None)  # no device change seen: its own only
    assert [e.id for e in found] == [mine.id]


def test_past_what_it_reads_it_says_from_when_it_read_all(store, monkeypatch):
    monkeypatch.setattr(module, "DEVICE_ENTRIES", 2)
    for minutes in (10, 20, 30):
        store.write(entry("deactivate", minutes, None, minutes))
    found, complete_from = explaining(store, SERIAL, T0)
    assert len(found) == 2
    assert complete_from == T0 + timedelta(minutes=20)  # the oldest of the two read


def test_the_months_kept_bound_what_it_vouches_for(store):
    from licensedesk.history.retention import complete_from

    found, vouched = explaining(store, SERIAL, T0, keep_months=24)
    assert found == [] and vouched == complete_from(24)
    assert vouched is not None
