"""The book in this computer's SQLite file (the history's), found through FTS5 trigrams.

Why FTS5's ``trigram`` tokenizer: a person types a fragment ("jens", "963075a5",
"@acme"), not whole words, and a trigram index answers fragments from three
characters on without reading every licence. Accents and case are folded before
the text is indexed (:mod:`.folding`); the index follows the table through triggers.
Needs SQLite 3.34 or newer (Python 3.11's builds bring 3.40 or newer).
"""

from __future__ import annotations

import math
import sqlite3
from datetime import datetime
from typing import Any

from licensedesk.i18n import N_
from licensedesk.storage.sqlite import SqliteDatabase, time_text

from .erase import Forgotten, Place, erase_person
from .erased_text import erased_json, holds
from .folding import fold
from .sighting import Sighting
from .sql import NEWEST, TIERS, find_words, tier_where
from .sqlite_schema import MIGRATIONS
from .store import FIND_LIMIT
from .table import BookTable

__all__ = ["MIGRATIONS", "SqliteBook"]


_FAILED = {
    "opened": N_("the licence book in {path} cannot be opened ({problem})"),
    "read": N_("the licence book in {path} cannot be read ({problem})"),
    "written": N_("the licence book in {path} cannot be written ({problem})"),
}


def _time(moment: datetime | None) -> str | None:
    """A licence's time as the file holds it: to the second (:func:`time_text`)."""
    return None if moment is None else time_text(moment, "seconds")


class SqliteBook(BookTable, SqliteDatabase):
    """The book in the SQLite file at ``path`` (the connection, transactions and
    migrations: :class:`~licensedesk.storage.sqlite.SqliteDatabase`)."""

    LABEL = "the licence book in {path}"
    FAILED = _FAILED
    NEWER = N_(
        "the licence book in {path} was written by a newer License Desk "
        "(schema {schema}; this version knows {known})"
    )
    MIGRATIONS = MIGRATIONS
    VERSION_TABLE = "book_schema_version"
    FAST = True  # up to date (every run but the first): no write transaction at all
    STAMP = "seconds"

    PH = "?"

    _time_param = staticmethod(_time)
    _time_of = staticmethod(datetime.fromisoformat)
    _exact_time = staticmethod(time_text)

    # ------------------------------------------------------------ writes

    def forget(self, who: str, *, dry_run: bool = False) -> Forgotten:
        if dry_run:  # a read: writers are not kept waiting while it looks
            db = self._conn()
            try:
                db.execute("BEGIN")
                try:
                    return erase_person(self._place(db, dry_run=True), who)
                finally:
                    db.execute("ROLLBACK")
            except sqlite3.Error as exc:
                raise self._fail("read", exc) from None
        with self._writing() as db:
            done = erase_person(self._place(db), who)
            if done.total:
                for table in self._indexes(db):  # their segments drop the erased text
                    db.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")
        if not done.total:
            return done
        return done._replace(left=self._empty_log())

    @staticmethod
    def _place(db: sqlite3.Connection, *, dry_run: bool = False) -> Place:
        """The erasure's view of this file; a word is looked for by a function of
        Python's (:func:`~.erased_text.holds`): SQL cannot fold accents."""
        words: frozenset[str] = frozenset()

        def may_name(text: str | None) -> int:
            if not text:
                return 0
            escaped = "\\u" in text and erased_json(text, words) != text  # JSON's \u00f6
            return int(holds(text, words) or escaped)

        def may_hold(column: str, wanted: frozenset[str]) -> tuple[str, list[Any]]:
            nonlocal words
            words = wanted
            return f"ld_may_name({column})", []

        db.create_function("ld_may_name", 1, may_name)
        history = db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'history'"
        ).fetchone()
        return Place(
            run=lambda sql, params: db.execute(sql, params).fetchall(),
            p="?",
            may_hold=may_hold,
            history=history is not None,
            dry_run=dry_run,
        )

    @staticmethod
    def _indexes(db: sqlite3.Connection) -> list[str]:
        """The full-text indexes in the file that held what was erased."""
        rows = db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN "
            "('book_search', 'book_names', 'history_search')"
        ).fetchall()
        return [name for (name,) in rows]

    # ------------------------------------------------------------ reads

    def find(self, text: str, limit: int = FIND_LIMIT) -> list[Sighting]:
        """One tier at a time (:data:`~.sql.TIERS`), each with its own LIMIT, until
        ``limit`` are found. A tier the trigram index finds few of is sorted; one it
        finds many of is read newest first through ``book_seen``, where ``limit`` of
        them soon come. SQLite cannot tell the two apart itself: the index is asked
        how many, up to :meth:`_most_sorted` (which costs no more than reading them)."""
        words = find_words(text)
        if words is None:
            return []
        every = " AND ".join('"' + w.replace('"', '""') + '"' for w in words.long)
        whole = '"' + fold(text).replace('"', '""') + '"'
        index = {
            1: ("book_names", f"email_f : {whole}"),  # tier 0: the serial's own index
            2: ("book_names", f"licensee_f : {whole}"),
            3: ("book_search", every),
        }
        found: list[Sighting] = []
        most = self._most_sorted(limit)
        for tier in range(len(TIERS)):
            where, params = tier_where(words, tier, "?")
            source = "book_licences b"
            if tier in index and not self._more_than(most, *index[tier]):
                table, match = index[tier]
                source = f"{table} JOIN book_licences b ON b.id = {table}.rowid"
                where, params = f"{table} MATCH ? AND {where}", [match, *params]
            sql = f"SELECT b.body FROM {source} WHERE {where} ORDER BY {NEWEST} LIMIT ?"
            bodies = self._read(sql, [*params, limit - len(found)])
            found += [Sighting.from_json(body) for (body,) in bodies]
            if len(found) >= limit:
                break
        return found

    def _most_sorted(self, limit: int) -> int:
        """How many of a tier's licences are sorted rather than walked through: sorting
        c reads c licences, walking about ``limit`` × all / c; √(limit × all) is where
        the two cost the same (the largest id stands for all: no count of them)."""
        largest = self._read("SELECT max(id) FROM book_licences")[0][0] or 0
        return max(limit, math.isqrt(limit * largest))

    def _more_than(self, most: int, table: str, match: str) -> bool:
        """More than ``most`` rows of ``table`` match."""
        sql = f"SELECT count(*) FROM (SELECT rowid FROM {table} WHERE {table} MATCH ? LIMIT ?)"
        return int(self._read(sql, (match, most + 1))[0][0]) > most
