"""The team's book: tables beside the team history in its PostgreSQL database.

Found through a ``pg_trgm`` GIN index on the folded search text: ``LIKE '%frag%'``
uses it from three characters on (what a person types is a fragment, not a word).
``pg_trgm`` ships with PostgreSQL and is a trusted extension (13+): the database's
owner may create it. Where it cannot be created the book still works, by reading
every licence, and says nothing: a team of a few thousand licences will not notice.
"""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Any

import psycopg

from licensedesk.history.sql import like_pattern
from licensedesk.i18n import N_
from licensedesk.storage.postgres import PostgresDatabase, all_there, make_beside, unchanged

from .erase import Forgotten, Place, erase_person
from .folding import fold
from .sighting import Sighting
from .sql import NEWEST, TIERS, find_words, tier_where
from .store import FIND_LIMIT
from .table import BookTable

__all__ = ["LOCK_KEY", "MIGRATIONS", "PostgresBook"]

#: the advisory lock of the book's migrations ("LDBOOKMG" in ASCII)
LOCK_KEY = 0x4C44_424F_4F4B_4D47

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE book_licences (
            id bigserial PRIMARY KEY,
            serial text NOT NULL,
            service text NOT NULL DEFAULT '',
            profile text,
            seen_at timestamptz NOT NULL,
            licensee_f text NOT NULL DEFAULT '',
            email_f text NOT NULL DEFAULT '',
            dealer text,
            type text,
            end_at timestamptz,
            full_seats boolean NOT NULL DEFAULT false,
            linked text,
            search text NOT NULL,
            body text NOT NULL,
            UNIQUE (serial, service)
        );
        CREATE INDEX book_end ON book_licences (end_at);
        CREATE INDEX book_seen ON book_licences (seen_at);
        CREATE INDEX book_email ON book_licences (email_f);
        CREATE TABLE book_notes (
            serial text PRIMARY KEY,
            text text NOT NULL,
            who text NOT NULL,
            at timestamptz NOT NULL
        )
    """,
    ),
    # a finer histogram of what a find looks in: whether a fragment is in 1 % of the
    # licences or in none decides between book_seen and a trigram index (the default
    # 100 buckets say "rare" of both)
    (
        2,
        """
        ALTER TABLE book_licences ALTER COLUMN search SET STATISTICS 1000;
        ALTER TABLE book_licences ALTER COLUMN email_f SET STATISTICS 1000;
        ALTER TABLE book_licences ALTER COLUMN licensee_f SET STATISTICS 1000
    """,
    ),
    # what changed on a licence between two sightings, one row a change (book/changes.py)
    (
        3,
        """
        CREATE TABLE book_changes (
            id bigserial PRIMARY KEY,
            serial text NOT NULL,
            service text NOT NULL DEFAULT '',
            seen_at timestamptz NOT NULL,
            since timestamptz NOT NULL,
            kind text NOT NULL,
            old_value text NOT NULL DEFAULT '',
            new_value text NOT NULL DEFAULT '',
            host_id text NOT NULL DEFAULT '',
            tag text NOT NULL DEFAULT '',
            product text NOT NULL DEFAULT '',
            activation_id bigint
        );
        CREATE INDEX book_changes_serial ON book_changes (serial, seen_at)
    """,
    ),
)
#: what a desk writes (and the sequence its ids come from): "Test connection" asks whether
#: the user may (history/team_check.py)
TABLES = ("book_licences", "book_notes", "book_changes")
SEQUENCES = ("book_licences_id_seq", "book_changes_id_seq")
VERSION_TABLE = "book_schema_version"
#: made when pg_trgm can be: a failure leaves the book without the indexes. The e-mail
#: and the name have their own, so that whether a find's whole text is in either (its
#: first tiers) is not answered by reading every licence that holds one of its words.
TRIGRAM_INDEX = (
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS book_search_trgm ON book_licences USING gin (search gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS book_email_trgm ON book_licences USING gin (email_f gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS book_licensee_trgm ON book_licences "
    "USING gin (licensee_f gin_trgm_ops)",
)

TRIGRAM_INDEXES = ("book_search_trgm", "book_email_trgm", "book_licensee_trgm")

_FAILED = {
    "reached": N_("the team database {where} cannot be reached ({problem})"),
    "opened": N_("the team database {where} cannot be opened ({problem})"),
    "set up": N_("the licence book in the team database {where} cannot be set up ({problem})"),
    "read": N_("the licence book in the team database {where} cannot be read ({problem})"),
    "written": N_("the licence book in the team database {where} cannot be written ({problem})"),
}


class PostgresBook(BookTable, PostgresDatabase):
    """The book in the PostgreSQL database at ``url`` (no password in it; the
    connection, transactions and migrations:
    :class:`~licensedesk.storage.postgres.PostgresDatabase`)."""

    LABEL = "the licence book in the team database {where}"
    FAILED = _FAILED
    NEWER = N_(
        "the licence book in the team database {where} was set up by a newer "
        "License Desk (schema {schema}; this version knows {known})"
    )
    MIGRATIONS = MIGRATIONS
    VERSION_TABLE = VERSION_TABLE
    LOCK_KEY = LOCK_KEY

    PH = "%s"
    LOCK = " FOR UPDATE"

    _time_param = _time_of = _exact_time = staticmethod(unchanged)

    def _beside(self, db: psycopg.Connection) -> None:
        make_beside(db, TRIGRAM_INDEX, lambda db: all_there(db, TRIGRAM_INDEXES))

    # ------------------------------------------------------------ writes

    def forget(self, who: str, *, dry_run: bool = False) -> Forgotten:
        db = self._conn()
        try:
            with db.transaction() as tx, db.cursor() as cur:
                history = all_there(cur, ["history"])
                done = erase_person(_place(cur, history, dry_run=dry_run), who)
                if dry_run:  # it wrote nothing and locked no row: a read
                    raise psycopg.Rollback(tx)
                # this transaction's id (without its epoch): whose snapshots may see before it
                committed = cur.execute("SELECT (txid_current() % 4294967296)::text").fetchone()
        except psycopg.Error as exc:
            raise self._fail("written", exc) from None
        if dry_run or not done.total or committed is None:
            return done
        touched = {  # a note's copy is in its licence's records too
            "book_licences": done.licences + done.notes,
            "book_notes": done.notes,
            "history": done.history,
            "book_changes": done.changes,
        }
        return done._replace(left=self._vacuum([t for t, n in touched.items() if n], committed[0]))

    def drop_unseen(self, before: datetime) -> int:
        """A role that may only read leaves the team's retention to the desks that write
        (0 dropped): its finds and renewals still work."""
        db = self._conn()
        try:
            may = db.execute("SELECT has_table_privilege('book_licences', 'DELETE')").fetchone()
            if not (may and may[0]):
                return 0
            with db.transaction(), db.cursor() as cur:
                dropped = self._drop_unseen(cur, before)
        except psycopg.errors.InsufficientPrivilege:
            return 0
        except psycopg.Error as exc:
            raise self._fail("written", exc) from None
        return dropped

    # ------------------------------------------------------------ reads

    def find(self, text: str, limit: int = FIND_LIMIT) -> list[Sighting]:
        """One query a tier (:data:`~.sql.TIERS`), each with its own LIMIT, until
        ``limit`` are found: the planner reads a rare word's few licences through the
        trigram index and a common word's newest through ``book_seen``, never ranking
        every licence that holds it."""
        words = find_words(text)
        if words is None:
            return []
        found: list[Sighting] = []
        for tier in range(len(TIERS)):
            where, params = tier_where(words, tier, "%s")
            sql = f"SELECT b.body FROM book_licences b WHERE {where} ORDER BY {NEWEST} LIMIT %s"
            # never prepared: a generic plan cannot tell a rare word from a common one
            bodies = self._read(sql, [*params, limit - len(found)], prepare=False)
            found += [Sighting.from_json(body) for (body,) in bodies]
            if len(found) >= limit:
                break
        return found


# ---------------------------------------------------------------- erasing a person


def _place(cur: psycopg.Cursor, history: bool, *, dry_run: bool = False) -> Place:
    """The erasure's view of the team database (:class:`~.erase.Place`)."""

    def run(sql: str, params: Any) -> list[Any]:
        cur.execute(sql, params)
        return cur.fetchall() if cur.description else []

    def may_hold(column: str, words: frozenset[str]) -> tuple[str, list[Any]]:
        folded = column if column == "search" else _folded_sql(column)
        return f"{folded} LIKE ANY(%s)", [[like_pattern(w) for w in sorted(words)]]

    return Place(
        run=run,
        p="%s",
        may_hold=may_hold,
        history=history,
        lock="" if dry_run else " FOR UPDATE",
        before_text="before_json::text",
        before_param="{p}::jsonb",
        dry_run=dry_run,
    )


@functools.cache
def _fold_table() -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """:func:`~.folding.fold` of the Latin letters as SQL can do it without
    ``unaccent``: one letter for another (``translate``), one for two (``replace``), an
    accent written apart removed."""
    source, target, longer = [], [], []
    for code in [*range(0xC0, 0x250), *range(0x1E00, 0x1F00)]:
        char = chr(code)
        folded = fold(char)
        if folded == char:
            continue
        if len(folded) == 1:
            source.append(char)
            target.append(folded)
        elif folded:
            longer.append((char, folded))
    dropped = [chr(c) for c in range(0x300, 0x370)]  # after the pairs: translate drops them
    return "".join(source + dropped), "".join(target), tuple(longer)


def _folded_sql(column: str) -> str:
    """``column`` folded in SQL, as a first sieve (:func:`~.erased_text.holds` decides):
    what it cannot fold (another script's capitals under the C locale) is missed by
    the sieve, never erased wrongly."""
    source, target, longer = _fold_table()
    sql = f"lower(translate({column}, '{source}', '{target}'))"
    for char, folded in longer:
        sql = f"replace({sql}, '{char}', '{folded}')"
    return sql
