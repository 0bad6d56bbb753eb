"""The team-history fixtures, one PostgreSQL server for the whole run (a pytest plugin
named in tests/conftest.py): ``pg_server`` (session), ``team_db`` (a fresh database).

Where no server can be started (PostgreSQL not installed) the tests that need one skip
with the reason, and the end of the run says so in a red line: CI installs Debian's
``postgresql`` package (scripts/system-deps.sh test), so a skip there is a fault.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.support.postgres import PostgresServer, why_unavailable

_skipped: list[str] = []


@pytest.fixture(scope="session")
def pg_server():
    why = why_unavailable()
    if why is not None:
        _skipped.append(why)
        pytest.skip(why)
    server = PostgresServer().start()
    yield server
    server.stop()


@dataclass
class TeamDb:
    server: PostgresServer
    name: str

    @property
    def url(self) -> str:
        """As a desk keeps it in its settings: the ``desk`` role, no password."""
        return self.server.url(self.name, user="desk")

    @property
    def password(self) -> str:
        return self.server.desk_password

    @property
    def admin_url(self) -> str:
        """The trusted superuser (no password), for checks and helper processes."""
        return self.server.url(self.name)

    def connect(self):
        return self.server.connect(self.name)


@pytest.fixture
def team_db(pg_server) -> TeamDb:
    return TeamDb(pg_server, pg_server.create_database())


def pytest_terminal_summary(terminalreporter):
    for why in sorted(set(_skipped)):
        terminalreporter.write_sep("!", f"TEAM HISTORY TESTS SKIPPED: {why}", red=True, bold=True)
