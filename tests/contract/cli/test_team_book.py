"""Two desks on one team database find each other's licences: what this command line
looked up is found by another desk's book, and the other way round (a real PostgreSQL,
tests/support/postgres_fixtures.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from licensedesk.book import Sighting
from licensedesk.book.postgres_book import PostgresBook
from licensedesk.history import HistorySettings, save_settings


def test_a_teammates_lookups_are_found(sandbox, cli, conn, team_db, config_dir):
    save_settings(HistorySettings(store="team", team_url=team_db.url))
    env_team = {"LICENSEDESK_HISTORY_PASSWORD": team_db.password}
    args, env = conn
    serial = sandbox.serial("perpetual")  # Maria Jensen
    assert cli("show", serial, *args, env={**env, **env_team}).code == 0

    other_desk = PostgresBook(team_db.url, password=team_db.password)
    other_desk.migrate()
    try:
        assert [s.serial for s in other_desk.find("jensen")] == [serial]
        other_desk.keep(
            [
                Sighting(
                    serial="QQQQ-WWWW-EEEE-RRRR-TTTT",
                    service=sandbox.url,
                    profile="Bea's",
                    seen_at=datetime.now(UTC),
                    licensee="Ingrid Ødegård",
                    email="ingrid@fjord.example",
                )
            ]
        )
    finally:
        other_desk.close()
    r = cli("find", "odegard", "--json", env=env_team)
    assert r.code == 0, r.err
    assert [(row["serial"], row["profile"]) for row in r.json] == [
        ("QQQQ-WWWW-EEEE-RRRR-TTTT", "Bea's")
    ]
    assert team_db.password not in r.out + r.err
