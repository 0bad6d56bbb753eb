"""``test_connection``: the settings dialog's "Test connection" for a team database.

Changes nothing: connects with the address and password given, asks the server its
version and, through PostgreSQL's privilege functions, what this user may do with the
history's and the licence book's tables: create them when they are not there yet,
bring an older schema up to date, write their rows. It says what it found in one or two
sentences. A user that may only read is fine for a desk that only reads (find, the
history, renewals) once the tables are there; it is said, and ``records`` is False.
Blocking (up to the connect time-out): run it off the UI thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from licensedesk.i18n import N_, _, ngettext
from licensedesk.storage.settings import SettingsError, check_team_url, describe_team_url

__all__ = ["TeamCheck", "test_connection"]


@dataclass(frozen=True)
class TeamCheck:
    """``network``: the server could not be reached or refused the login (the command
    line exits 3 then). ``records``: changes made here can be written to its history;
    ``keeps``: licences seen here can be written to its book."""

    ok: bool
    sentence: str
    network: bool = False
    records: bool = True
    keeps: bool = True


def test_connection(url: str, password: str | None = None, *, timeout: int = 5) -> TeamCheck:
    """Can this desk use the team database at ``url`` (without a password in it)?"""
    try:
        url = check_team_url(url)
    except SettingsError as exc:
        return TeamCheck(False, exc.sentence)
    # the book lives beside the history (docs/book.md): asked here, read-only, so that a
    # desk is told before it switches, not by its first find
    from licensedesk.book import postgres_book as book

    from .postgres_store import PostgresStore
    from .store import StoreError

    store = PostgresStore(url, password=password, connect_timeout=timeout)
    where = describe_team_url(url)
    try:
        facts = store.server_facts()
        book_tables = store.tables_facts(
            book.TABLES, book.VERSION_TABLE, book.MIGRATIONS[-1][0], book.SEQUENCES
        )
    except StoreError as exc:
        return TeamCheck(False, exc.sentence, network=exc.network)
    finally:
        store.close()
    server = f"PostgreSQL {facts.version // 10000}.{facts.version % 10000}"
    history = facts.history
    missing = (
        (
            history,
            N_(
                "Connected to {where} ({server}), but the history table is not there and "
                "this user may not create it."
            ),
        ),
        (
            book_tables,
            N_(
                "Connected to {where} ({server}), but the licence book's tables are not "
                "there and this user may not create them."
            ),
        ),
    )
    for tables, sentence in missing:
        if not tables.there and not facts.may_create:
            return TeamCheck(False, _(sentence).format(where=where, server=server))
    if any(t.there and not t.current and not t.owned for t in (history, book_tables)):
        return TeamCheck(
            False,
            _(
                "Connected to {where} ({server}), but its tables were set up by an older "
                "License Desk and this user may not bring them up to date."
            ).format(where=where, server=server),
        )
    records = history.writes or not history.there
    keeps = book_tables.writes or not book_tables.there
    if history.there:
        said = ngettext(
            "Connected to {where} ({server}): the history holds {n} entry.",
            "Connected to {where} ({server}): the history holds {n} entries.",
            facts.count,
        ).format(where=where, server=server, n=facts.count)
    else:
        said = _(
            "Connected to {where} ({server}): the history table will be created on first use."
        ).format(where=where, server=server)
    if not records and not keeps:
        said += " " + _(
            "This user may read the history and the licence book but not write them: "
            "changes made here are not recorded, licences looked up here are not kept."
        )
    elif not records:
        said += " " + _(
            "This user may read the history but not write it: changes made here are not recorded."
        )
    elif not keeps:
        said += " " + _(
            "This user may read the licence book but not write it: licences looked up "
            "here are not kept."
        )
    return TeamCheck(True, said, records=records, keeps=keeps)
