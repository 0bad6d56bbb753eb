"""The book's two stores, for the tests that hold both to one behaviour: the local
SQLite file and a team's PostgreSQL database (a real server,
tests/support/postgres_fixtures.py)."""

from __future__ import annotations

import pytest

from licensedesk.book.postgres_book import PostgresBook
from licensedesk.book.sqlite_book import SqliteBook


@pytest.fixture(params=["sqlite", "postgres"])
def book(request, tmp_path):
    if request.param == "sqlite":
        opened = SqliteBook(tmp_path / "history.sqlite3")
    else:
        team_db = request.getfixturevalue("team_db")
        opened = PostgresBook(team_db.url, password=team_db.password)
    opened.migrate()
    yield opened
    opened.close()
