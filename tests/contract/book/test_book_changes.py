"""The changes the book sees, kept and read back alike by its two stores (the local
SQLite file and a team's PostgreSQL database), dropped with their licence and erased
with a person."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

from licensedesk.book.sighting import Device, ProductSeats, Sighting
from licensedesk.book.sqlite_book import SqliteBook

SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
OTHER = "TXVS-45ED-MBUD-ELDQ-GLS2"
SERVICE = "https://licences.example.com"
T0 = datetime(2026, 11, 12, 9, 30, 0, 250_000, tzinfo=UTC)
T1 = T0 + timedelta(days=3, microseconds=1)


def seen(at: datetime, serial: str = SERIAL, **fields) -> Sighting:
    base = dict(
        serial=serial,
        service=SERVICE,
        profile="support",
        seen_at=at,
        licensee="María Jénsen",
        email="maria@acme.example",
        end_at=T0 + timedelta(days=30),
        products=(ProductSeats("Studio", maximum=5, id=1),),
        devices=(
            Device("host-1", "Front desk", "Studio", 1, 11, True),
            Device("host-2", "Lab", "Studio", 1, 12, True),
        ),
    )
    return Sighting(**{**base, **fields})


#: the licence as changed behind the desk's back
CHANGED = dict(
    licensee="Jens Olsen",
    end_at=T0 + timedelta(days=60),
    devices=(
        Device("host-1", "Front desk", "Studio", 1, 11, False),
        Device("host-3", "Kiosk", "Studio", 1, 13, True),
    ),
)


def renewed_and_changed(book) -> None:
    book.keep([seen(T0)])
    book.keep([seen(T1, **CHANGED)])


def test_changes_are_kept_dated_and_read_back_newest_first(book):
    book.keep([seen(T0)])
    assert book.changes(SERIAL) == []  # first seen: nothing to compare with
    renewed_and_changed(book)
    changes = book.changes(SERIAL)
    got = {(c.kind, c.host_id): (c.old, c.new) for c in changes}
    assert got == {
        ("licensee", ""): ("María Jénsen", "Jens Olsen"),
        ("end", ""): ((T0 + timedelta(days=30)).isoformat(), (T0 + timedelta(days=60)).isoformat()),
        ("device_deactivated", "host-1"): ("active", "inactive"),
        ("device_added", "host-3"): ("", "active"),
        ("device_removed", "host-2"): ("active", ""),
        ("seats_used", ""): ("2", "1"),
    }
    assert {(c.since, c.seen_at) for c in changes} == {(T0, T1)}  # to the microsecond
    assert next(c for c in changes if c.kind == "seats_used").product == "Studio"
    added = next(c for c in changes if c.kind == "device_added")
    assert (added.tag, added.product, added.activation_id, added.service) == (
        "Kiosk",
        "Studio",
        13,
        SERVICE,
    )
    book.keep([seen(T1 + timedelta(days=1), **{**CHANGED, "licensee": "Ana Lima"})])
    newest = book.changes(SERIAL)
    assert newest[0].kind == "licensee" and newest[0].new == "Ana Lima"
    assert [c.kind for c in book.changes(SERIAL, since=T1)] == ["licensee"]
    assert book.changes(OTHER) == []


def test_a_change_costs_the_book_its_row_not_a_copy_of_the_licence(book):
    """1,000 devices seen again with one of them deactivated: one row more."""
    devices = tuple(Device(f"host-{n}", "", "Studio", 1, n, True) for n in range(1000))
    book.keep([seen(T0, devices=devices)])
    book.keep([seen(T1, devices=(Device("host-0", "", "Studio", 1, 0, False), *devices[1:]))])
    assert sorted(c.kind for c in book.changes(SERIAL)) == ["device_deactivated", "seats_used"]


def test_changes_leave_with_their_licence(book):
    renewed_and_changed(book)
    book.keep([seen(T1, serial=OTHER)])
    book.keep([seen(T1 + timedelta(days=2), serial=OTHER, licensee="Other Person")])
    assert book.drop_unseen(T1 + timedelta(days=1)) == 1
    assert book.changes(SERIAL) == []
    assert [c.kind for c in book.changes(OTHER)] == ["licensee"]


def test_forget_erases_a_person_from_the_changes(book):
    renewed_and_changed(book)
    asked = book.forget("María Jénsen", dry_run=True)
    assert asked.changes == 1
    done = book.forget("maria jensen")
    assert done.changes == 1
    (licensee,) = [c for c in book.changes(SERIAL) if c.kind == "licensee"]
    assert (licensee.old, licensee.new) == ("[erased]", "Jens Olsen")
    assert book.forget("María Jénsen").total == 0


def test_an_older_book_gains_its_changes_table(tmp_path):
    """A file the book's second schema wrote: its licences are compared from then on."""
    path = tmp_path / "history.sqlite3"
    book = SqliteBook(path)
    book.migrate()
    book.keep([seen(T0)])
    book.close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE book_changes")
        db.execute("DELETE FROM book_schema_version WHERE version = 3")
    db.close()
    book = SqliteBook(path)
    assert book.migrate() == 3
    book.keep([seen(T1, licensee="Jens Olsen")])
    assert [c.kind for c in book.changes(SERIAL)] == ["licensee"]
    book.close()


def test_forget_erases_the_e_mail_a_licence_had_with_the_name(book):
    """The licence passed from María to Jens (name and e-mail in one look): forgetting
    her name erases her e-mail of then too, and leaves his."""
    book.keep([seen(T0)])
    book.keep([seen(T1, licensee="Jens Olsen", email="jens@olsen.example")])
    done = book.forget("María Jénsen")
    assert done.changes == 2
    values = {c.kind: (c.old, c.new) for c in book.changes(SERIAL)}
    assert values == {
        "licensee": ("[erased]", "Jens Olsen"),
        "email": ("[erased]", "jens@olsen.example"),
    }
