"""``test_connection``: the settings dialog's "Test connection" for a team database.

Changes nothing: connects with the address and password given, asks the server
its version and whether the history table is there yet, and says so in one
sentence. Blocking (up to the connect time-out): run it off the UI thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from licensedesk.i18n import _, ngettext

from .settings import SettingsError, check_team_url, describe_team_url

__all__ = ["TeamCheck", "test_connection"]


@dataclass(frozen=True)
class TeamCheck:
    """``network``: the server could not be reached or refused the login (the command
    line exits 3 then)."""

    ok: bool
    sentence: str
    network: bool = False


def test_connection(url: str, password: str | None = None, *, timeout: int = 5) -> TeamCheck:
    """Can this desk use the team database at ``url`` (without a password in it)?"""
    try:
        url = check_team_url(url)
    except SettingsError as exc:
        return TeamCheck(False, exc.sentence)
    from .postgres_store import PostgresStore
    from .store import StoreError

    store = PostgresStore(url, password=password, connect_timeout=timeout)
    where = describe_team_url(url)
    try:
        version, table, may_create, count = store.server_facts()
    except StoreError as exc:
        return TeamCheck(False, exc.sentence, network=exc.network)
    finally:
        store.close()
    server = f"PostgreSQL {version // 10000}.{version % 10000}"
    if table:
        return TeamCheck(
            True,
            ngettext(
                "Connected to {where} ({server}): the history holds {n} entry.",
                "Connected to {where} ({server}): the history holds {n} entries.",
                count,
            ).format(where=where, server=server, n=count),
        )
    if may_create:
        return TeamCheck(
            True,
            _(
                "Connected to {where} ({server}): the history table will be created on first use."
            ).format(where=where, server=server),
        )
    return TeamCheck(
        False,
        _(
            "Connected to {where} ({server}), but the history table is not "
            "there and this user may not create it."
        ).format(where=where, server=server),
    )
