"""The history's UI tests: the local history goes to the test's own data folder
(``tests/ui/conftest.py`` sets ``LICENSEDESK_DATA_DIR``); the team tests get a real
PostgreSQL server started in a temporary folder (``tests/support/postgres.py``), or
skip saying why, loudly, at the end of the run."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.support.postgres import PostgresServer, why_unavailable

_skipped: list[str] = []


@pytest.fixture(scope="session")
def ui_pg_server():
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
        """As a desk keeps it: the ``desk`` role, no password."""
        return self.server.url(self.name, user="desk")

    @property
    def password(self) -> str:
        return self.server.desk_password

    def connect(self):
        return self.server.connect(self.name)


@pytest.fixture
def team_db(ui_pg_server) -> TeamDb:
    return TeamDb(ui_pg_server, ui_pg_server.create_database("ui"))


def pytest_terminal_summary(terminalreporter):
    for why in sorted(set(_skipped)):
        terminalreporter.write_sep("!", f"TEAM HISTORY WINDOW TESTS SKIPPED: {why}", red=True,
                                   bold=True)
