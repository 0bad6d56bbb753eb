"""The desk's database: one layer per dialect that the history and the book both use.
No Qt.

The history and the licence book live in one database: this computer's SQLite file
(``history.sqlite3``) or the team's PostgreSQL database. One database, one layer:

- :class:`~.sqlite.SqliteDatabase` (sqlite.py) and
  :class:`~.postgres.PostgresDatabase` (postgres.py, the only module here that loads
  psycopg): the connection, transactions, migrations (the rule: migrations.py), pages
  read through one cursor, the WAL emptied or VACUUM run after an erasure, and each
  failure said once as a sentence (:class:`~.errors.StoreError`, errors.py). A
  feature's store per dialect (``history/sqlite_store.py``, ``book/sqlite_book.py``,
  ``history/postgres_store.py``, ``book/postgres_book.py``) subclasses its dialect's
  class and says only its sentences, schema steps, SQL and rows: each dialect's SQL
  lives with its dialect, and generic code (``history/streaming.py``,
  ``history/retention.py``) calls a store's method or reads its SQL instead of asking
  which dialect it has.
- :func:`~.open.open_database` (open.py): the one function that opens the desk's
  database from the history settings (file or team database, password from the
  keyring, migrated), for the history (``history/opening.py``) and the book
  (``book/opening.py``) alike; where it is, in settings.py (``history.json``, the team
  database's address and password, this computer's file); scrub.py keeps secrets out of
  its sentences and of the history's entries.

Each store object holds its own connection (the history's worker thread uses one,
the book's another): one layer is one code, not one connection. See docs/history.md
and docs/book.md.
"""
