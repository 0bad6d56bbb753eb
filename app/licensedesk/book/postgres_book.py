"""The team's book: tables beside the team history in its PostgreSQL database.

Found through a ``pg_trgm`` GIN index on the folded search text: ``LIKE '%frag%'``
uses it from three characters on (what a person types is a fragment, not a word).
``pg_trgm`` ships with PostgreSQL and is a trusted extension (13+): the database's
owner may create it. Where it cannot be created the book still works, by reading
every licence, and says nothing: a team of a few thousand licences will not notice.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

import psycopg

from licensedesk.history.migrations import migrate_postgres
from licensedesk.history.postgres_store import connect, store_error
from licensedesk.history.scrub import register_secret
from licensedesk.history.settings import describe_team_url
from licensedesk.history.store import StoreError
from licensedesk.i18n import N_, _

from .erase import Forgotten, Place, erase_person, like_patterns
from .folding import fold, like_pattern
from .sighting import Sighting
from .sql import (
    AT_LIMIT,
    COLUMNS,
    ENDING,
    NEED_WORDS,
    NEWEST,
    TIERS,
    find_words,
    narrowed,
    row,
    tier_params,
)
from .store import FIND_LIMIT, Note

__all__ = ["LOCK_KEY", "MIGRATIONS", "PostgresBook"]

#: the advisory lock of the book's migrations ("LDBOOKMG" in ASCII)
LOCK_KEY = 0x4C44_424F_4F4B_4D47
CONNECT_TIMEOUT = 5  # seconds; libpq's own
#: seconds an erasure's VACUUM FULL waits for another connection's lock on a table
REWRITE_WAIT = 5

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
)
#: what a desk writes (and the sequence its ids come from): "Test connection" asks whether
#: the user may (history/team_check.py)
TABLES = ("book_licences", "book_notes")
SEQUENCES = ("book_licences_id_seq",)
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
_UPSERT = (
    f"INSERT INTO book_licences ({', '.join(COLUMNS)}) VALUES ({', '.join(['%s'] * len(COLUMNS))})"
    " ON CONFLICT (serial, service) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in COLUMNS[2:])
)


class PostgresBook:
    """The book in the PostgreSQL database at ``url`` (no password in it)."""

    def __init__(
        self, url: str, *, password: str | None = None, connect_timeout: int = CONNECT_TIMEOUT
    ) -> None:
        self.url = url
        self.label = f"the licence book in the team database {describe_team_url(url)}"
        self._password = password
        register_secret(password)
        self._connect_timeout = connect_timeout
        self._db: psycopg.Connection | None = None
        #: sees each read's statement and parameters (the benchmark replays them)
        self.trace: Callable[[str, Any], None] | None = None

    def _fail(self, doing: str, exc: BaseException) -> StoreError:
        return store_error(self.url, _FAILED, doing, exc)

    def _conn(self) -> psycopg.Connection:
        if self._db is None or self._db.closed:
            try:
                self._db = connect(self.url, self._password, self._connect_timeout)
            except psycopg.Error as exc:
                raise self._fail("opened", exc) from None
        return self._db

    def _read(self, sql: str, params: Any = None, *, prepare: bool | None = None) -> list[Any]:
        if self.trace is not None:
            self.trace(sql, params)
        try:
            return self._conn().execute(sql, params, prepare=prepare).fetchall()
        except psycopg.Error as exc:
            raise self._fail("read", exc) from None

    @property
    def broken(self) -> bool:
        return self._db is not None and (self._db.closed or self._db.broken)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def migrate(self) -> int:
        return migrate_postgres(
            self._conn(),
            MIGRATIONS,
            table=VERSION_TABLE,
            newer=lambda schema, known: _(
                "the licence book in the team database {where} was set up by a newer "
                "License Desk (schema {schema}; this version knows {known})"
            ).format(where=describe_team_url(self.url), schema=schema, known=known),
            fail=lambda exc: self._fail("set up", exc),
            lock_key=LOCK_KEY,
            beside=self._try_trigram_index,
        )

    @staticmethod
    def _try_trigram_index(db: psycopg.Connection) -> None:
        made = db.execute(
            "SELECT bool_and(to_regclass(i) IS NOT NULL) FROM unnest(%s::text[]) AS i",
            (list(TRIGRAM_INDEXES),),
        ).fetchone()
        if made and made[0]:  # every open but the first: nothing to try (a reader may not)
            return
        try:
            with db.transaction():  # a savepoint: a refusal leaves the rest applied
                for statement in TRIGRAM_INDEX:
                    db.execute(statement)  # type: ignore[call-overload]
        except psycopg.errors.InsufficientPrivilege:
            pass
        except psycopg.errors.UndefinedFile:  # the extension is not installed on the server
            pass

    # ------------------------------------------------------------ writes

    def keep(self, sightings: Iterable[Sighting]) -> list[Sighting]:
        db = self._conn()
        unknown: list[Sighting] = []
        try:
            with db.transaction(), db.cursor() as cur:
                for s in sightings:
                    older = cur.execute(
                        "SELECT body FROM book_licences WHERE serial = %s AND service = %s "
                        "FOR UPDATE",
                        (s.serial, s.service or ""),
                    ).fetchone()
                    if s.partial and older is None:
                        unknown.append(s)
                        continue
                    note = cur.execute(
                        "SELECT text FROM book_notes WHERE serial = %s", (s.serial,)
                    ).fetchone()
                    merged = s.merged(Sighting.from_json(older[0]) if older else None)
                    merged = replace(merged, note=note[0] if note else None)
                    cur.execute(_UPSERT, row(merged, merged.seen_at, merged.end_at))
        except psycopg.Error as exc:
            raise self._fail("written", exc) from None
        return unknown

    def set_note(self, serial: str, text: str, who: str, at: datetime) -> None:
        db = self._conn()
        text = text.strip()
        try:
            with db.transaction(), db.cursor() as cur:
                if text:
                    cur.execute(
                        "INSERT INTO book_notes VALUES (%s, %s, %s, %s) ON CONFLICT "
                        "(serial) DO UPDATE SET text = excluded.text, "
                        "who = excluded.who, at = excluded.at",
                        (serial, text, who, at),
                    )
                else:
                    cur.execute("DELETE FROM book_notes WHERE serial = %s", (serial,))
                rows = cur.execute(
                    "SELECT id, body FROM book_licences WHERE serial = %s FOR UPDATE", (serial,)
                ).fetchall()
                for rowid, body in rows:
                    s = replace(Sighting.from_json(body), note=text or None)
                    cur.execute(
                        "UPDATE book_licences SET search = %s, body = %s WHERE id = %s",
                        (s.search(), s.to_json(), rowid),
                    )
        except psycopg.Error as exc:
            raise self._fail("written", exc) from None

    def forget(self, who: str, *, dry_run: bool = False) -> Forgotten:
        db = self._conn()
        try:
            with db.transaction() as tx, db.cursor() as cur:
                history = _has_history(cur)
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
        }
        return done._replace(left=_vacuum(db, [t for t, n in touched.items() if n], committed[0]))

    def drop_unseen(self, before: datetime) -> int:
        """A role that may only read leaves the team's retention to the desks that write
        (0 dropped): its finds and renewals still work."""
        db = self._conn()
        try:
            may = db.execute("SELECT has_table_privilege('book_licences', 'DELETE')").fetchone()
            if not (may and may[0]):
                return 0
            with db.transaction(), db.cursor() as cur:
                dropped = cur.execute(
                    "DELETE FROM book_licences WHERE seen_at < %s", (before,)
                ).rowcount
                cur.execute(
                    "DELETE FROM book_notes WHERE serial NOT IN (SELECT serial FROM book_licences)"
                )
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
        every = [*words.long, *words.short]
        holds = " AND ".join(["b.search LIKE %s ESCAPE '\\'"] * len(every))
        found: list[Sighting] = []
        for tier, condition in enumerate(TIERS):
            where, params = condition.format(p="%s"), tier_params(words, tier)
            if tier in NEED_WORDS:
                where, params = f"{holds} AND {where}", [*map(like_pattern, every), *params]
            sql = f"SELECT b.body FROM book_licences b WHERE {where} ORDER BY {NEWEST} LIMIT %s"
            # never prepared: a generic plan cannot tell a rare word from a common one
            bodies = self._read(sql, [*params, limit - len(found)], prepare=False)
            found += [Sighting.from_json(body) for (body,) in bodies]
            if len(found) >= limit:
                break
        return found

    def copy(self, serial: str, service: str | None = None) -> Sighting | None:
        rows = self._read(
            "SELECT body FROM book_licences WHERE serial = %s "
            "ORDER BY service = %s DESC, seen_at DESC LIMIT 1",
            (serial, service or ""),
        )
        return Sighting.from_json(rows[0][0]) if rows else None

    def note(self, serial: str) -> Note | None:
        rows = self._read("SELECT text, who, at FROM book_notes WHERE serial = %s", (serial,))
        return Note(*rows[0]) if rows else None

    def ending(
        self,
        after: datetime,
        before: datetime,
        *,
        dealer: str | None = None,
        profile: str | None = None,
    ) -> list[Sighting]:
        tail, values = narrowed(dealer, profile, "%s")
        sql = ENDING.format(p="%s") + tail
        rows = self._read(sql, [after, before, *values])
        return [Sighting.from_json(body) for (body,) in rows]

    def at_limit(self) -> list[Sighting]:
        return [Sighting.from_json(body) for (body,) in self._read(AT_LIMIT)]

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM book_licences")[0][0])

    def __repr__(self) -> str:
        return f"<PostgresBook {describe_team_url(self.url)}>"


# ---------------------------------------------------------------- erasing a person


def _has_history(cur: psycopg.Cursor) -> bool:
    row = cur.execute("SELECT to_regclass('history') IS NOT NULL").fetchone()
    return bool(row and row[0])


def _place(cur: psycopg.Cursor, history: bool, *, dry_run: bool = False) -> Place:
    """The erasure's view of the team database (:class:`~.erase.Place`)."""

    def run(sql: str, params: Any) -> list[Any]:
        cur.execute(sql, params)
        return cur.fetchall() if cur.description else []

    def may_hold(column: str, words: frozenset[str]) -> tuple[str, list[Any]]:
        folded = column if column == "search" else _folded_sql(column)
        return f"{folded} LIKE ANY(%s)", [like_patterns(words)]

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


def _vacuum(db: psycopg.Connection, touched: list[str], erasure: str) -> tuple[str, ...]:
    """Remove the old row versions that held the erased text now, not at the next
    autovacuum: ``VACUUM FULL`` writes each ``touched`` table (its indexes, the trigram ones too,
    and its TOAST table) anew, because a plain VACUUM frees a dead row's space without
    overwriting it. It locks each table for the moment it takes: when another connection
    holds one (or takes one it holds longer than :data:`REWRITE_WAIT`), a plain VACUUM
    instead. The planner's
    statistics (a sample of the columns, names among them) are made anew. Says what it
    could not remove (:attr:`~.erase.Forgotten.left`): a connection whose snapshot is
    older than the ``erasure`` (its transaction id) may still read the old versions, and
    VACUUM keeps them (FULL copies them); a table this role may not vacuum is skipped."""
    tables = ", ".join(touched)
    left: list[str] = []
    try:
        readers = db.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND age(backend_xmin) >= age(%s::xid) "
            "AND backend_type IS DISTINCT FROM 'autovacuum worker'",
            (erasure,),
        ).fetchone()
        not_owned = db.execute(
            "SELECT count(*) FROM pg_class WHERE oid = ANY(%s::regclass[]) "
            "AND NOT pg_has_role(relowner, 'USAGE') AND NOT pg_has_role((SELECT datdba "
            "FROM pg_database WHERE datname = current_database()), 'USAGE')",
            (touched,),
        ).fetchone()
        # a table another connection holds now is not waited for at all; the lock timeout
        # covers one taken between this look and the VACUUM (the server's own timer)
        held = db.execute(
            "SELECT count(*) FROM pg_locks WHERE relation = ANY(%s::regclass[]) "
            "AND pid <> pg_backend_pid() AND granted",
            (touched,),
        ).fetchone()
        db.execute(f"SET lock_timeout = '{REWRITE_WAIT}s'")  # type: ignore[call-overload]
        try:
            if held and held[0]:
                raise psycopg.errors.LockNotAvailable
            db.execute(f"VACUUM (FULL, ANALYZE) {tables}")  # type: ignore[call-overload]
        except psycopg.errors.LockNotAvailable:
            left.append("rewrite")
            db.execute("RESET lock_timeout")
            db.execute(f"VACUUM (ANALYZE) {tables}")  # type: ignore[call-overload]
        finally:
            db.execute("RESET lock_timeout")
    except psycopg.Error:
        return ("vacuum",)
    if readers and readers[0]:
        left.append("readers")
    if not_owned and not_owned[0]:
        left.append("owner")
    return tuple(left)
