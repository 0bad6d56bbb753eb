"""A team history's search index: a ``pg_trgm`` GIN index on an expression of the row.

Why an expression index, not a column: a column is an ALTER of the history table,
and desks of an older version share it; an index on ``history_search_doc_v1(…)``
(an immutable SQL function of the row's columns, :mod:`.search_index` says what it
returns) is kept by PostgreSQL on every write, an older desk's too, and changes
nothing an older desk reads. Why trigrams (``pg_trgm``, shipped with PostgreSQL and a
trusted extension from 13 on): ``ILIKE '%fragment%'`` is answered from the index,
the same substring search the local file's FTS5 trigram index answers.

The index of a history that already holds entries is built with ``CREATE INDEX
CONCURRENTLY`` on a connection of its own (:func:`build`): every desk goes on writing
meanwhile; its progress is PostgreSQL's own (``pg_stat_progress_create_index``).
Until it is valid the same search reads every entry. Without pg_trgm (not installed,
or no right to create it) there is no index and searches read every entry.

psycopg is imported by the team store only; this module is loaded by it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import psycopg

from licensedesk.storage.postgres import make_beside

from .search_index import FIELDS, INDEX_VERSION, IndexProgress
from .sql import like_pattern

__all__ = ["build", "ensure", "function_ready", "progress", "text_clause"]

FUNCTION = f"history_search_doc_v{INDEX_VERSION}"
INDEX = f"history_search_v{INDEX_VERSION}"
_ARGS = (*FIELDS, "activation_ids", "before_json")
#: an advisory lock: one desk builds, the others find it being built ("LDHISTIX")
BUILD_LOCK = 0x4C44_4849_5354_4958
_CALL = f"{FUNCTION}({', '.join(f'history.{a}' for a in _ARGS)})"

_SETUP = (
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    f"""CREATE OR REPLACE FUNCTION {FUNCTION}({", ".join(f"{a} text" for a in FIELDS)},
        activation_ids bigint[], before_json jsonb) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT concat_ws(E'\\n', {", ".join(FIELDS)}, array_to_string(activation_ids, ','),
            CASE WHEN jsonb_typeof(before_json) = 'object' THEN (SELECT string_agg(value,
                E'\\n') FROM jsonb_each_text(before_json)) ELSE before_json::text END)
        $$""",
    "CREATE TABLE IF NOT EXISTS history_index_version (version integer PRIMARY KEY, "
    "built_at timestamptz)",
)


def ensure(db: psycopg.Connection, lock: int) -> bool:
    """Make pg_trgm, the function and the marker when they are missing (each quick);
    False when the extension cannot be had (searches then read every entry). The index
    itself is :func:`build`'s. The function's name carries the version and its body
    never changes: an index made on it stays right. ``lock``: the migrations' advisory
    lock, so that two desks starting together make it once."""
    return make_beside(db, _SETUP, function_ready, lock=lock)


def function_ready(db: psycopg.Connection) -> bool:
    row = db.execute(
        "SELECT to_regprocedure(%s) IS NOT NULL AND to_regclass("
        "'history_index_version') IS NOT NULL",
        (f"{FUNCTION}({', '.join(['text'] * len(FIELDS))}, bigint[], jsonb)",),
    ).fetchone()
    return bool(row and row[0])


def _index_state(db: psycopg.Connection) -> bool | None:
    """True: valid; False: there but not valid (being built, or a build broke off);
    None: not there."""
    row = db.execute(
        "SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass(%s)", (INDEX,)
    ).fetchone()
    return None if row is None else bool(row[0])


def progress(db: psycopg.Connection) -> IndexProgress:
    """Built, or how far a build (of any desk) is, in the table's blocks."""
    if _index_state(db):
        return IndexProgress(True)
    row = db.execute(
        "SELECT phase, blocks_done, blocks_total FROM "
        "pg_stat_progress_create_index WHERE relid = to_regclass('history') "
        "LIMIT 1"
    ).fetchone()
    if row is None:
        return IndexProgress(False)
    phase, done, total = str(row[0]), int(row[1] or 0), int(row[2] or 0)
    if phase.startswith("building"):  # reading the table: most of the time
        return IndexProgress(False, done, total)
    if phase.startswith(("initializing", "waiting for writers before build")):
        return IndexProgress(False, 0, 1)
    return IndexProgress(False, 1, 1)  # validating what was written meanwhile


def build(
    db: psycopg.Connection,
    told: Callable[[IndexProgress], None] | None = None,
    poll: Callable[[], IndexProgress] | None = None,
    every: float = 0.5,
) -> bool:
    """Build the index without blocking writes (``CREATE INDEX CONCURRENTLY``, on ``db``,
    an autocommit connection of its own). ``poll()`` (on another connection) is asked
    every ``every`` seconds meanwhile and its answer passed to ``told``. False: another
    desk is building it, or the extension is missing."""
    if not function_ready(db):
        return False
    got = db.execute("SELECT pg_try_advisory_lock(%s)", (BUILD_LOCK,)).fetchone()
    if not (got and got[0]):
        return False
    stop = threading.Event()
    watcher = _watch(poll, told, stop, every) if poll is not None and told else None
    try:
        if _index_state(db) is False:  # a build that broke off leaves an invalid index
            db.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {INDEX}")  # type: ignore[call-overload]
        db.execute(
            f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {INDEX} ON history "  # type: ignore[call-overload]
            f"USING gin ({_CALL} gin_trgm_ops)"
        )
        db.execute(
            "INSERT INTO history_index_version VALUES (%s, now()) ON CONFLICT (version) "
            "DO UPDATE SET built_at = excluded.built_at",
            (INDEX_VERSION,),
        )
        db.execute("ANALYZE history")  # the planner's statistics of the new expression
    finally:
        stop.set()
        if watcher is not None:
            watcher.join()
        db.execute("SELECT pg_advisory_unlock(%s)", (BUILD_LOCK,))
    return True


def _watch(
    poll: Callable[[], IndexProgress],
    told: Callable[[IndexProgress], None],
    stop: threading.Event,
    every: float,
) -> threading.Thread:
    def run() -> None:
        while not stop.wait(every):
            try:
                told(poll())
            except Exception:  # a failed look at the progress is no reason to stop
                continue

    thread = threading.Thread(target=run, name="licensedesk-index-progress", daemon=True)
    thread.start()
    return thread


def text_clause(text: str) -> tuple[str, list[Any]]:
    """A search as the index's expression: answered from the index once it is valid, by
    reading every entry until then."""
    return f"{_CALL} ILIKE %s ESCAPE '\\'", [like_pattern(text)]
