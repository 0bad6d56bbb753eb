"""``BookKeeper.keep()``: what is handed over while the worker is busy is written in one
go, and the rows end as if each sighting had been written by itself (partial sightings
still wait for their licence; a problem is still said once)."""

from __future__ import annotations

import asyncio
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from licensedesk.book import BookKeeper
from licensedesk.book import keeper as keeper_module
from licensedesk.book.keeper import folded
from licensedesk.book.opening import open_book
from licensedesk.book.sighting import Device, Sighting
from licensedesk.history import HistorySettings
from licensedesk.history.store import StoreError

T0 = datetime(2026, 6, 15, 12, tzinfo=UTC)
SERVICE = "https://licences.example.com"
SERIALS = [f"AAAA-BBBB-CCCC-DDDD-{n:04d}" for n in range(6)]


def licence(serial: str, minutes: int = 0, **kw: Any) -> Sighting:
    return Sighting(serial, SERVICE, "Work", T0 + timedelta(minutes=minutes), **kw)


def devices(serial: str, minutes: int, *hosts: str) -> Sighting:
    return licence(
        serial, minutes, devices=tuple(Device(h, activated=True) for h in hosts), partial=True
    )


class HeldStore:
    """The real book; its first write waits until the test lets it go, and every write
    is counted (how many sightings each)."""

    def __init__(self, tmp_path: Any) -> None:
        self.book = open_book(HistorySettings(), data_dir=tmp_path)
        self.go = threading.Event()
        self.held = threading.Event()
        self.writes: list[int] = []

    def keep(self, sightings: Any) -> Any:
        sightings = list(sightings)
        if not self.writes:
            self.held.set()
            self.go.wait(30)
        self.writes.append(len(sightings))
        return self.book.keep(sightings)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.book, name)


def test_what_comes_while_the_worker_writes_is_written_together(tmp_path):
    store = HeldStore(tmp_path)
    keeper = BookKeeper(lambda: store)
    try:
        first = keeper.keep([licence(SERIALS[0], licensee="First")])
        assert store.held.wait(30)
        # the worker holds the first write: these three wait, and go in one write
        waiting = [
            keeper.keep([devices(SERIALS[1], 1, "host-a")]),  # before its licence
            keeper.keep([licence(SERIALS[1], 2, licensee="Maria Jensen")]),
            keeper.keep([licence(SERIALS[2], 3, licensee="Jens")]),
        ]
        assert waiting[0] is waiting[1] is waiting[2] and waiting[0] is not first
        store.go.set()
        waiting[0].result(30)
        copy = asyncio.run(keeper.copy(SERIALS[1], SERVICE))
    finally:
        keeper.close()
    assert store.writes == [1, 2]  # the devices folded into their licence's row
    assert copy is not None and copy.licensee == "Maria Jensen"
    assert [d.host_id for d in copy.devices or ()] == ["host-a"] and not copy.partial


def test_a_partial_sighting_still_waits_for_its_licence(tmp_path):
    keeper = BookKeeper.from_settings(HistorySettings(), data_dir=tmp_path)
    try:
        keeper.keep([devices(SERIALS[3], 1, "host-b")]).result(30)
        assert asyncio.run(keeper.copy(SERIALS[3], SERVICE)) is None  # not over nothing
        keeper.keep([licence(SERIALS[3], 2, licensee="Later")]).result(30)
        copy = asyncio.run(keeper.copy(SERIALS[3], SERVICE))
    finally:
        keeper.close()
    assert copy is not None and [d.host_id for d in copy.devices or ()] == ["host-b"]


def test_folding_is_writing_one_after_the_other():
    older = licence(SERIALS[4], 0, licensee="Old", email="old@example.com")
    new = licence(SERIALS[4], 5, licensee="New")
    seats = devices(SERIALS[4], 6, "host-c")
    other = licence(SERIALS[5], 7)
    (kept, row) = folded([new, other, seats])
    assert kept is other
    one_by_one = seats.merged(new.merged(older))
    assert row.merged(older) == one_by_one and not row.partial
    assert folded([seats]) == [seats]


def test_a_book_that_cannot_be_written_is_said_once(tmp_path):
    said: list[str] = []

    def broken() -> Any:
        raise StoreError("the disk is full", whole=True)

    keeper = BookKeeper(broken, on_problem=said.append)
    try:
        for n in range(20):
            future = keeper.keep([licence(SERIALS[n % 6], n)])
            assert isinstance(future.exception(30), StoreError)
    finally:
        keeper.close()
    assert len(said) == 1 and keeper.problem == said[0]


class CountingStore(HeldStore):
    """The real book; every write counted (how many sightings each), none held."""

    def keep(self, sightings: Any) -> Any:
        sightings = list(sightings)
        self.writes.append(len(sightings))
        return self.book.keep(sightings)


def test_answers_that_come_together_are_one_write_and_a_read_does_not_wait_for_quiet(
    tmp_path, monkeypatch
):
    """A lookup's answers come within milliseconds of each other: they are written once
    they stop coming (the window has rendered them by then), in one write. A read is
    answered after them without waiting for the quiet."""
    monkeypatch.setattr(keeper_module, "SETTLE", 30.0)  # no quiet in this test's time
    store = CountingStore(tmp_path)
    keeper = BookKeeper(lambda: store)
    try:
        futures = [
            keeper.keep_answer(lambda: licence(SERIALS[0], 0, licensee="Maria Jensen")),
            keeper.keep_answer(lambda: devices(SERIALS[0], 1, "host-a")),
            keeper.keep([licence(SERIALS[1], 2, licensee="Jens")]),
        ]
        assert futures[0] is futures[1] is futures[2]
        began = time.monotonic()
        copy = asyncio.run(keeper.copy(SERIALS[0], SERVICE))
        assert time.monotonic() - began < 20  # the read hurried the write
    finally:
        keeper.close()
    assert store.writes == [2]  # the licence and its devices one row, the other its own
    assert copy is not None and copy.licensee == "Maria Jensen"
    assert [d.host_id for d in copy.devices or ()] == ["host-a"]


def test_an_answer_that_cannot_be_made_into_a_record_is_left_out_and_logged(tmp_path, caplog):
    said: list[str] = []
    keeper = BookKeeper.from_settings(HistorySettings(), data_dir=tmp_path, on_problem=said.append)
    try:
        keeper.keep_answer(lambda: 1 / 0)
        keeper.keep_answer(lambda: None)  # an answer nobody would find a licence by
        keeper.keep_answer(lambda: licence(SERIALS[2], 0, licensee="Kept")).result(30)
        copy = asyncio.run(keeper.copy(SERIALS[2], SERVICE))
    finally:
        keeper.close()
    assert copy is not None and copy.licensee == "Kept"
    assert not said and keeper.problem is None
    assert "Making the licence book's record of an answer failed" in caplog.text


def test_changes_are_read_after_the_write_handed_over_before(tmp_path):
    """The card asks for a lookup's changes as its answers come: it gets them once they
    are written, including a licence's devices written a moment after its licence."""
    keeper = BookKeeper(lambda: open_book(HistorySettings(), data_dir=tmp_path))
    serial = SERIALS[0]
    keeper.keep([licence(serial, licensee="Ana"), devices(serial, 0, "host-1", "host-2")])
    keeper.call(lambda _store: None)  # a lookup an hour before: written by itself
    keeper.keep([licence(serial, 60, licensee="Ana Lima")])
    keeper.call(lambda _store: None)  # its devices' answer written apart
    keeper.keep([devices(serial, 61, "host-1")])
    try:
        changes = asyncio.run(keeper.changes(serial))
        assert {(c.kind, c.host_id, c.old, c.new) for c in changes} == {
            ("licensee", "", "Ana", "Ana Lima"),
            ("device_removed", "host-2", "active", ""),
        }
        removed = next(c for c in changes if c.kind == "device_removed")
        assert removed.since == T0  # when the devices were read before, not the licence
        assert [c.kind for c in asyncio.run(keeper.changes(serial, since=removed.seen_at))] == []
    finally:
        assert keeper.close()
