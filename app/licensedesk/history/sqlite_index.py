"""The local history's search index: an FTS5 trigram table beside ``history``.

Why a contentless FTS5 table of one text per entry (:mod:`.search_index` says what it
holds), kept by triggers written in plain SQL: an older desk (which knows nothing of
the index) writing the same file still indexes its entries, and the text is made
from the row by SQLite itself. Why trigrams: people type fragments ("6XUC",
"__64", "@acme"), and FTS5's ``trigram`` tokenizer answers any fragment of three
characters or more from the index, in any case.

A history that already holds entries when the index is made is built in batches by
rowid (:func:`build_step`, each its own short transaction), while the desk goes on
writing: ``history_index_version`` holds how far the batches got (``upto``) and the
last rowid there was when the index was made (``target``); the triggers keep rows
beyond ``target`` or up to ``upto`` in step, the batches fill in the rest.
Until ``upto`` reaches ``target`` searches read every entry (:func:`text_clause`).

The index follows the history's rowids: a ``VACUUM`` of the file (which may renumber
a table without an INTEGER PRIMARY KEY) must be followed by :func:`rebuild`.
Needs SQLite 3.34 or newer (Python 3.11's builds bring 3.40 or newer).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from licensedesk.storage.sqlite import immediate

from .search_index import FIELDS, INDEX_VERSION, MIN_TEXT, IndexProgress
from .sql import like_pattern

__all__ = ["BATCH", "build_step", "drop", "ensure", "progress", "rebuild", "text_clause"]

#: entries per batch of the build: a transaction of ~40 ms (~0.3 s on a loaded machine),
#: so a write of the desk (or of the command line) waits at most that long for the file
BATCH = 500
_TABLE = "history_search"
_MARK = "history_index_version"
_REGION = (
    f"(SELECT target FROM {_MARK} WHERE version = {INDEX_VERSION}) < {{r}}.rowid OR "
    f"{{r}}.rowid <= (SELECT upto FROM {_MARK} WHERE version = {INDEX_VERSION})"
)


def doc(row: str) -> str:
    """The SQL text of the searched text of ``row`` (``new``, ``old`` or ``history``):
    built-in functions only, so every desk's SQLite can run the triggers."""
    parts = [f"coalesce({row}.{c}, '')" for c in FIELDS]
    parts.append(f"coalesce({row}.activation_ids, '')")
    parts.append(
        f"CASE WHEN json_valid({row}.before_json) THEN coalesce((SELECT "
        f"group_concat(value, char(10)) FROM json_each({row}.before_json)), '') "
        f"ELSE coalesce({row}.before_json, '') END"
    )
    return " || char(10) || ".join(parts)


def _triggers() -> list[str]:
    new, old = doc("new"), doc("old")
    add = f"INSERT INTO {_TABLE} (rowid, doc) VALUES (new.rowid, {new});"
    drop = f"INSERT INTO {_TABLE} ({_TABLE}, rowid, doc) VALUES ('delete', old.rowid, {old});"
    watched = ", ".join((*FIELDS, "activation_ids", "before_json"))
    when_new, when_old = _REGION.format(r="new"), _REGION.format(r="old")
    return [
        f"CREATE TRIGGER IF NOT EXISTS history_search_ai AFTER INSERT ON history "
        f"WHEN {when_new} BEGIN {add} END",
        f"CREATE TRIGGER IF NOT EXISTS history_search_ad AFTER DELETE ON history "
        f"WHEN {when_old} BEGIN {drop} END",
        f"CREATE TRIGGER IF NOT EXISTS history_search_au AFTER UPDATE OF {watched} ON history "
        f"WHEN {when_old} BEGIN {drop} {add} END",
    ]


def ensure(db: sqlite3.Connection) -> None:
    """Make the index's structure when this version's is missing (in a transaction of the
    caller's): instant, however long the history; what it holds already is left to
    :func:`build_step`."""
    db.execute(
        f"CREATE TABLE IF NOT EXISTS {_MARK} (version INTEGER PRIMARY KEY, "
        "upto INTEGER NOT NULL, target INTEGER NOT NULL, built_at TEXT)"
    )
    if db.execute(f"SELECT 1 FROM {_MARK} WHERE version = ?", (INDEX_VERSION,)).fetchone():
        return
    db.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {_TABLE} USING fts5(doc, content='', "
        "tokenize='trigram')"
    )
    target = db.execute("SELECT coalesce(max(rowid), 0) FROM history").fetchone()[0]
    db.execute(
        f"INSERT INTO {_MARK} VALUES (?, 0, ?, CASE WHEN ? = 0 THEN "
        "strftime('%Y-%m-%dT%H:%M:%SZ', 'now') END)",
        (INDEX_VERSION, target, target),
    )
    for statement in _triggers():
        db.execute(statement)


def progress(db: sqlite3.Connection) -> IndexProgress:
    row = db.execute(
        f"SELECT upto, target, built_at FROM {_MARK} WHERE version = ?", (INDEX_VERSION,)
    ).fetchone()
    if row is None:
        return IndexProgress(False)
    upto, target, built_at = row
    return IndexProgress(built_at is not None, min(upto, target), target)


def build_step(db: sqlite3.Connection, batch: int = BATCH) -> IndexProgress:
    """Index the next ``batch`` rowids of the entries there were when the index was made
    (one transaction); returns how far it is."""
    with immediate(db):
        now = progress(db)
        if not now.built:
            start, end = now.done, min(now.done + batch, now.total)
            db.execute(
                f"INSERT INTO {_TABLE} (rowid, doc) SELECT rowid, {doc('history')} "
                "FROM history WHERE rowid > ? AND rowid <= ?",
                (start, end),
            )
            db.execute(
                f"UPDATE {_MARK} SET upto = ?, built_at = CASE WHEN ? >= target THEN "
                "strftime('%Y-%m-%dT%H:%M:%SZ', 'now') END WHERE version = ?",
                (end, end, INDEX_VERSION),
            )
            now = progress(db)
    return now


def drop(db: sqlite3.Connection) -> None:
    """Remove the index, its triggers and its mark (in a transaction of the caller's):
    the file is as an older desk made it."""
    for name in ("ai", "ad", "au"):
        db.execute(f"DROP TRIGGER IF EXISTS history_search_{name}")
    db.execute(f"DROP TABLE IF EXISTS {_TABLE}")
    db.execute(f"DROP TABLE IF EXISTS {_MARK}")


def rebuild(db: sqlite3.Connection) -> None:
    """Forget the index and make it again (built anew by :func:`build_step`): after a
    ``VACUUM``, or when it is suspected of being wrong."""
    with immediate(db):
        drop(db)
        ensure(db)


def text_clause(built: bool) -> Callable[[str], tuple[str, list[Any]]]:
    """How a search is asked: through the index once it is built and the text has three
    characters or more, else a scan of the same text (same answers, slower)."""

    def clause(text: str) -> tuple[str, list[Any]]:
        if built and len(text) >= MIN_TEXT:
            phrase = '"' + text.replace('"', '""') + '"'
            return (
                f"history.rowid IN (SELECT rowid FROM {_TABLE} WHERE {_TABLE} MATCH ?)",
                [phrase],
            )
        return f"({doc('history')}) LIKE ? ESCAPE '\\'", [like_pattern(text)]

    return clause
