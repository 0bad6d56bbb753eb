"""The SQLite book's schema: its numbered steps, applied under ``book_schema_version``.

Kept apart from :mod:`.sqlite_book` (what the book does with the tables) so that each
reads short; a step's triggers keep the trigram indexes in step with the table.
"""

from __future__ import annotations

__all__ = ["MIGRATIONS"]

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE book_licences (
            id INTEGER PRIMARY KEY,
            serial TEXT NOT NULL,
            service TEXT NOT NULL DEFAULT '',
            profile TEXT,
            seen_at TEXT NOT NULL,
            licensee_f TEXT NOT NULL DEFAULT '',
            email_f TEXT NOT NULL DEFAULT '',
            dealer TEXT,
            type TEXT,
            end_at TEXT,
            full_seats INTEGER NOT NULL DEFAULT 0,
            linked TEXT,
            search TEXT NOT NULL,
            body TEXT NOT NULL,
            UNIQUE (serial, service)
        );
        CREATE INDEX book_end ON book_licences (end_at);
        CREATE INDEX book_seen ON book_licences (seen_at);
        CREATE INDEX book_email ON book_licences (email_f);
        CREATE VIRTUAL TABLE book_search USING fts5(
            search, content='book_licences', content_rowid='id', tokenize='trigram');
        CREATE TRIGGER book_ai AFTER INSERT ON book_licences BEGIN
            INSERT INTO book_search (rowid, search) VALUES (new.id, new.search);
        END;
        CREATE TRIGGER book_ad AFTER DELETE ON book_licences BEGIN
            INSERT INTO book_search (book_search, rowid, search)
                VALUES ('delete', old.id, old.search);
        END;
        CREATE TRIGGER book_au AFTER UPDATE OF search ON book_licences BEGIN
            INSERT INTO book_search (book_search, rowid, search)
                VALUES ('delete', old.id, old.search);
            INSERT INTO book_search (rowid, search) VALUES (new.id, new.search);
        END;
        CREATE TABLE book_notes (
            serial TEXT PRIMARY KEY,
            text TEXT NOT NULL,
            who TEXT NOT NULL,
            at TEXT NOT NULL
        );
    """,
    ),
    # the e-mail and name by themselves: whether a find's whole text is in either (its
    # first tiers) is answered by an index, not by reading every licence holding a word;
    # and book_seen holds what those tiers test, so that reading a common word's newest
    # licences reads only the index until one is kept
    (
        2,
        """
        DROP INDEX book_seen;
        CREATE INDEX book_seen ON book_licences (seen_at, email_f, licensee_f, serial);
        CREATE VIRTUAL TABLE book_names USING fts5(
            email_f, licensee_f, content='book_licences', content_rowid='id',
            tokenize='trigram');
        INSERT INTO book_names (book_names) VALUES ('rebuild');
        CREATE TRIGGER book_names_ai AFTER INSERT ON book_licences BEGIN
            INSERT INTO book_names (rowid, email_f, licensee_f)
                VALUES (new.id, new.email_f, new.licensee_f);
        END;
        CREATE TRIGGER book_names_ad AFTER DELETE ON book_licences BEGIN
            INSERT INTO book_names (book_names, rowid, email_f, licensee_f)
                VALUES ('delete', old.id, old.email_f, old.licensee_f);
        END;
        CREATE TRIGGER book_names_au AFTER UPDATE OF email_f, licensee_f ON book_licences
        BEGIN
            INSERT INTO book_names (book_names, rowid, email_f, licensee_f)
                VALUES ('delete', old.id, old.email_f, old.licensee_f);
            INSERT INTO book_names (rowid, email_f, licensee_f)
                VALUES (new.id, new.email_f, new.licensee_f);
        END;
    """,
    ),
    # what changed on a licence between two sightings, one row a change (book/changes.py)
    (
        3,
        """
        CREATE TABLE book_changes (
            id INTEGER PRIMARY KEY,
            serial TEXT NOT NULL,
            service TEXT NOT NULL DEFAULT '',
            seen_at TEXT NOT NULL,
            since TEXT NOT NULL,
            kind TEXT NOT NULL,
            old_value TEXT NOT NULL DEFAULT '',
            new_value TEXT NOT NULL DEFAULT '',
            host_id TEXT NOT NULL DEFAULT '',
            tag TEXT NOT NULL DEFAULT '',
            product TEXT NOT NULL DEFAULT '',
            activation_id INTEGER
        );
        CREATE INDEX book_changes_serial ON book_changes (serial, seen_at);
    """,
    ),
)
