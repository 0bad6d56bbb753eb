"""The licence book's two stores behave the same: the local SQLite file and a team's
PostgreSQL database (a real server, tests/support/postgres_fixtures.py)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from licensedesk.book import sqlite_book
from licensedesk.book.sighting import Device, ProductSeats, Sighting
from licensedesk.book.sqlite_book import SqliteBook
from licensedesk.book.store import RenewalsQuery
from licensedesk.history.sqlite_store import SqliteStore

MARIA = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
JENS = "TXVS-45ED-MBUD-ELDQ-GLS2"
ACME = "AAAA-BBBB-CCCC-DDDD-EEEE"
SERVICE = "https://licences.example.com"
T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def seen(serial: str, **fields) -> Sighting:
    base = dict(serial=serial, service=SERVICE, profile="reseller", seen_at=T0)
    return Sighting(**{**base, **fields})


@pytest.fixture
def filled(book):
    book.keep(
        [
            seen(
                MARIA,
                licensee="María Jénsen",
                email="maria.jensen@acme.example",
                sku_name="Studio Pro",
                sku_number="SP-100",
                dealer="Nordic Reseller",
                devices=(Device(host_id="963075a5c0ffee", tag="lab-pc", activated=True),),
                products=(ProductSeats("Studio", used=2, maximum=2),),
            ),
            seen(
                JENS,
                licensee="Jens Maria Olsen",
                email="jens@olsen.example",
                seen_at=T0 + timedelta(days=1),
            ),
            seen(
                ACME, licensee="ACME Corp", email="it@acme.example", seen_at=T0 + timedelta(days=2)
            ),
        ]
    )
    return book


def serials(found) -> list[str]:
    return [s.serial for s in found]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("jensen", [MARIA]),  # the accent folded away
        ("JÉNSEN", [MARIA]),  # on the query too
        ("963075", [MARIA]),  # a fragment of a host ID
        ("lab-pc", []),  # device tags are not what a licence is found by
        ("olsen.ex", [JENS]),  # a fragment of an e-mail
        ("nordic", [MARIA]),  # the dealer
        ("sp-100", [MARIA]),  # the SKU number
        ("maria olsen", [JENS]),  # every word must be there
        ("zzz", []),
    ],
)
def test_find_by_fragments(filled, text, expected):
    assert serials(filled.find(text)) == expected


def test_ranked_exact_serial_then_email_then_name(filled):
    # "acme": MARIA's e-mail and ACME's e-mail and name; "maria": MARIA's e-mail, JENS's name
    assert serials(filled.find("maria")) == [MARIA, JENS]
    assert serials(filled.find(ACME.lower())) == [ACME]
    both = serials(filled.find("acme"))
    assert both == [ACME, MARIA]  # both by e-mail: the one seen last first


def test_a_short_word_narrows_but_does_not_find_alone(filled):
    assert filled.find("ma") == []
    assert serials(filled.find("jens ol")) == [JENS]


def test_a_sighting_keeps_what_it_did_not_read(filled):
    filled.keep([seen(MARIA, licensee="María Jénsen", seen_at=T0 + timedelta(days=5))])
    copy = filled.copy(MARIA)
    assert copy.seen_at == T0 + timedelta(days=5)
    assert copy.devices[0].host_id == "963075a5c0ffee"
    assert copy.products == (ProductSeats("Studio", used=2, maximum=2),)
    assert copy.email == "maria.jensen@acme.example"
    assert serials(filled.find("963075")) == [MARIA]


def test_the_copy_prefers_the_service_asked_for(filled):
    filled.keep(
        [
            seen(
                MARIA,
                service="https://other.example",
                licensee="Other",
                seen_at=T0 + timedelta(days=9),
            )
        ]
    )
    assert filled.copy(MARIA, SERVICE).licensee == "María Jénsen"
    assert filled.copy(MARIA).licensee == "Other"  # no service named: the latest
    assert filled.copy("ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ") is None


def test_a_note_is_kept_found_and_removed(filled):
    filled.set_note(MARIA, "  real owner: Bob Builder ", "ana", T0)
    assert filled.note(MARIA).text == "real owner: Bob Builder"
    assert filled.note(MARIA).who == "ana"
    assert serials(filled.find("builder")) == [MARIA]
    filled.keep([seen(MARIA, seen_at=T0 + timedelta(days=3))])  # a new lookup keeps it found
    assert serials(filled.find("builder")) == [MARIA]
    filled.set_note(MARIA, "", "ana", T0)
    assert filled.note(MARIA) is None
    assert filled.find("builder") == []


def test_full_seats_and_counts(filled):
    assert filled.copy(MARIA).full
    assert not filled.copy(JENS).full
    assert filled.count() == 3


def test_migrate_twice_is_one_schema(book):
    from licensedesk.book import postgres_book, sqlite_book

    module = sqlite_book if isinstance(book, SqliteBook) else postgres_book
    assert book.migrate() == module.MIGRATIONS[-1][0]


def test_a_first_schema_book_is_found_by_name_after_its_migration(tmp_path, monkeypatch):
    from licensedesk.book import sqlite_book

    path = tmp_path / "history.sqlite3"
    with monkeypatch.context() as m:
        m.setattr(SqliteBook, "MIGRATIONS", sqlite_book.MIGRATIONS[:1])
        old = SqliteBook(path)
        assert old.migrate() == 1
        old.keep(
            [
                seen(JENS, licensee="Jens Maria Olsen", email="jens@olsen.example"),
                seen(MARIA, email="maria@acme.example", seen_at=T0 - timedelta(days=1)),
            ]
        )
        old.close()
    book = SqliteBook(path)
    assert book.migrate() == sqlite_book.MIGRATIONS[-1][0]
    assert serials(book.find("maria")) == [MARIA, JENS]  # e-mail, then name
    book.keep([seen(ACME, licensee="Maria Acme")])  # the new index follows new licences
    assert serials(book.find("maria")) == [MARIA, JENS, ACME]
    book.close()


def expected_order(sightings: list[Sighting], text: str) -> list[str]:
    """The find's order by its definition: exact serial, e-mail, name, the rest; the
    most recently seen first, then the first kept."""
    folded = text.lower()
    words = folded.split()

    def tier(s: Sighting) -> int:
        if s.serial == text.upper():
            return 0
        return 1 if folded in s.folded("email") else 2 if folded in s.folded("licensee") else 3

    held = [(i, s) for i, s in enumerate(sightings) if all(w in s.search() for w in words)]
    ranked = sorted(held, key=lambda p: (tier(p[1]), -p[1].seen_at.timestamp(), p[0]))
    return [s.serial for _i, s in ranked]


def test_common_and_rare_words_rank_alike_however_many_hold_them(book):
    """A tier the index finds many licences of is read newest first rather than
    sorted: the order must not change with how many there are (nor with the limit)."""
    made = []
    for i in range(130):
        fields = [
            dict(email=f"crowd{i}@mail.example", licensee=f"Someone {i}"),
            dict(email=f"x{i}@mail.example", licensee=f"Crowd Person {i}"),
            dict(email=f"y{i}@mail.example", dealer="Crowd Reseller"),
            dict(email=f"z{i}@mail.example", licensee="Nobody"),
        ][i % 4 if i < 100 else 0]
        made.append(
            seen(f"SER{i:03d}-CROWD", seen_at=T0 + timedelta(hours=(i * 37) % 11), **fields)
        )
    book.keep(made)
    for text in ("crowd", "crowd per", "ser042-crowd", "crowd re", "mail.example", "nobody"):
        for limit in (1, 7, 50, 200):
            assert serials(book.find(text, limit)) == expected_order(made, text)[:limit], (
                text,
                limit,
            )


def test_the_book_shares_the_history_file_without_touching_its_schema(tmp_path):
    path = tmp_path / "history.sqlite3"
    history = SqliteStore(path)
    history.migrate()
    book = SqliteBook(path)
    book.migrate()
    book.keep([seen(MARIA, licensee="Maria")])
    assert history.migrate() == 2  # the history's own versions, unchanged
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT max(version) FROM book_schema_version").fetchone() == (
            sqlite_book.MIGRATIONS[-1][0],
        )
    history.close()
    book.close()


def test_replacing_a_sighting_replaces_its_search_text(book):
    book.keep([seen(MARIA, licensee="Old Name")])
    book.keep([replace(seen(MARIA), licensee="New Name")])
    assert book.find("old name") == []
    assert serials(book.find("new name")) == [MARIA]


def test_a_service_address_keeps_only_its_origin():
    from licensedesk.api.models import License
    from licensedesk.book import from_lookup

    lic = License(id=1, serial=MARIA, name="M")
    seen_ = from_lookup(
        lic,
        None,
        None,
        profile="p",
        service="https://user:pw@licences.example.com:8443/v2/?token=abc",
    )
    assert seen_.service == "https://licences.example.com:8443"


@pytest.fixture
def history(request, book, tmp_path):
    """The history store beside ``book`` (the same file or database)."""
    if isinstance(book, SqliteBook):
        opened = SqliteStore(book.path)
    else:
        from licensedesk.history.postgres_store import PostgresStore

        team_db = request.getfixturevalue("team_db")
        opened = PostgresStore(team_db.url, password=team_db.password)
    opened.migrate()
    yield opened
    opened.close()


def test_forget_erases_name_and_email_from_book_notes_and_history(filled, history):
    from licensedesk.history import Entry
    from licensedesk.history.model import new_entry_id

    history.write(
        Entry(
            id=new_entry_id(),
            time=T0,
            user="ana",
            machine="m",
            action="register",
            serial=MARIA,
            outcome="done",
            detail="Registered to María Jénsen",
            before={"name": "María Jénsen", "email": "maria.jensen@acme.example"},
        )
    )
    filled.set_note(MARIA, "owner: María Jénsen (MARIA.JENSEN@acme.example)", "ana", T0)

    counted = filled.forget("Maria.Jensen@ACME.example", dry_run=True)
    assert (counted.licences, counted.notes, counted.history) == (1, 1, 1)
    assert serials(filled.find("jensen")) == [MARIA]  # a dry run changes nothing

    done = filled.forget("Maria.Jensen@ACME.example")
    assert done == counted
    assert filled.find("jensen") == []
    copy = filled.copy(MARIA)
    assert (copy.licensee, copy.email) == (None, None)
    assert copy.devices  # the record stays
    assert filled.note(MARIA).text == "owner: [erased] ([erased])"
    entry = history.history(MARIA)[0]
    assert entry.detail == "Registered to [erased]"
    assert entry.before == {"name": "[erased]", "email": "[erased]"}


def test_forget_by_name_or_serial(filled, history):
    assert filled.forget("jens maria olsen").licences == 1  # a name, whole
    assert filled.copy(JENS).licensee is None
    assert filled.forget(ACME.lower()).licences == 1
    assert filled.copy(ACME).email is None
    assert filled.forget("nobody").licences == 0


def test_forget_finds_a_person_named_only_in_a_note_and_another_licences_history(filled, history):
    """No book record is Ingrid's own: a teammate's note names her (without accents), an
    older record of another licence at another service has her, and the history kept
    her as the licensee a re-registration replaced. Forgetting her e-mail finds all."""
    from licensedesk.history import Entry, HistoryQuery
    from licensedesk.history.model import new_entry_id

    history.write(
        Entry(
            id=new_entry_id(),
            time=T0,
            user="bea",
            machine="m",
            action="register",
            serial=JENS,
            outcome="done",
            detail="Registered to Jens Maria Olsen",
            before={"licensee": "Ingrid Ødegård", "email": "ingrid@fjord.example"},
        )
    )
    filled.set_note(MARIA, "Renewals go through Ingrid Odegard (INGRID@fjord.example)", "bea", T0)
    filled.keep(
        [
            seen(
                ACME,
                service="https://old.example",
                licensee="Ingrid  Ødegård",
                email="ingrid@old.example",
                seen_at=T0 - timedelta(days=300),
            )
        ]
    )
    assert serials(filled.find("odegard")) == [ACME, MARIA]

    counted = filled.forget("ingrid@fjord.example", dry_run=True)
    assert (counted.licences, counted.notes, counted.history) == (1, 1, 1)
    assert serials(filled.find("odegard")) == [ACME, MARIA]  # a dry run changes nothing
    done = filled.forget("ingrid@fjord.example")
    assert done == counted

    for text in ("odegard", "ingrid", "fjord.example", "ingrid@old"):
        assert filled.find(text) == [], text
        assert history.count_matching(HistoryQuery(text=text)) == 0, text
    assert history.count_matching(HistoryQuery(text="Ødegård")) == 0
    assert filled.note(MARIA).text == "Renewals go through [erased] ([erased])"
    old = filled.copy(ACME, "https://old.example")
    assert (old.licensee, old.email) == (None, None)
    assert filled.copy(ACME, SERVICE).licensee == "ACME Corp"  # another person's record
    (entry,) = history.history(JENS)
    assert entry.before == {"licensee": "[erased]", "email": "[erased]"}
    assert entry.detail == "Registered to Jens Maria Olsen"


def test_forget_erases_whole_words_only(filled, history):
    filled.set_note(JENS, "Ana is Anastasia's colleague", "bea", T0)
    assert filled.forget("Ana").notes == 1
    assert filled.note(JENS).text == "[erased] is Anastasia's colleague"


def test_drop_unseen(filled):
    filled.set_note(MARIA, "old", "ana", T0)
    assert filled.drop_unseen(T0 + timedelta(hours=12)) == 1  # MARIA, seen at T0
    assert filled.copy(MARIA) is None and filled.note(MARIA) is None
    assert filled.count() == 2


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        ("Ingrid Ødegård", "odegard"),
        ("Łukasz Wałęsa", "lukasz walesa"),
        ("Straße", "strasse"),
        ("Ærø Cæsar", "aero caesar"),
        ("Đorđe", "dorde"),
        ("JÉRÔME", "jerome"),
    ],
)
def test_letters_without_their_marks(book, name, typed):
    book.keep([seen(MARIA, licensee=name)])
    assert serials(book.find(typed)) == [MARIA]


def test_ending_lists_subscriptions_and_trials_soonest_first(book):
    book.keep(
        [
            seen(
                MARIA, type="subscription", end_at=T0 + timedelta(days=20), dealer="Nordic Reseller"
            ),
            seen(
                JENS,
                type="trial",
                end_at=T0 + timedelta(days=3),
                dealer="Acme Partners",
                profile="other",
            ),
            seen(ACME, type="subscription", end_at=T0 + timedelta(days=45)),
            seen("PPPP-PPPP-PPPP-PPPP-PPPP", type="perpetual", end_at=None),
            seen("OLDD-OLDD-OLDD-OLDD-OLDD", type="trial", end_at=T0 - timedelta(days=2)),
        ]
    )
    window = (T0, T0 + timedelta(days=30))
    assert serials(book.ending(RenewalsQuery(*window))) == [JENS, MARIA]
    assert serials(book.ending(RenewalsQuery(*window, dealer="NORDIC"))) == [MARIA]
    assert serials(book.ending(RenewalsQuery(*window, profile="other"))) == [JENS]
    assert serials(book.ending(RenewalsQuery(T0, T0 + timedelta(days=90)))) == [JENS, MARIA, ACME]


def test_at_limit_lists_the_licences_whose_product_is_full(filled):
    assert serials(filled.at_limit()) == [MARIA]
