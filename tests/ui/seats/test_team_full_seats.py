"""On a team store the *Full seats* view covers every desk's licences (the book is the
team's PostgreSQL one: a real server, tests/support/postgres_fixtures.py), each with the
book's note beside it."""

from __future__ import annotations

from datetime import UTC, datetime

from licensedesk.book import open_book
from licensedesk.book.sighting import ProductSeats, Sighting
from licensedesk.history import KEYRING_ENTRY, HistorySettings
from licensedesk.ui.seats.full_model import COL_NOTE

from ..helpers import look_up
from .test_full_seats_view import listed, open_view


def test_every_desks_full_licences_with_their_notes(desk, qtbot, team_db, secrets):
    sandbox = desk.sandbox
    secrets.set_named(KEYRING_ENTRY, team_db.password)
    team = HistorySettings(store="team", team_url=team_db.url)
    theirs, ours = sandbox.serial("many_activations"), sandbox.serial("host_limit")
    other_desk = open_book(team, secrets=secrets)  # a teammate's desk saw a full licence
    try:
        other_desk.keep(
            [
                Sighting(
                    theirs,
                    sandbox.url,
                    "Work",
                    datetime.now(UTC),
                    licensee="Harbour Studios Ltd.",
                    products=(ProductSeats("Suite", used=50, maximum=50),),
                )
            ]
        )
        other_desk.set_note(theirs, "site licence: Pia decides", "bea", datetime.now(UTC))
    finally:
        other_desk.close()
    desk.recorder.switch(team)  # File → History settings: the team's database
    look_up(desk, qtbot, ours)
    view = open_view(desk, qtbot)
    qtbot.waitUntil(lambda: sorted(listed(view)) == sorted([theirs, ours]), timeout=10000)
    notes = {
        view.model.index(r, 0).data(): view.model.index(r, COL_NOTE).data()
        for r in range(view.model.rowCount())
    }
    assert notes == {theirs: "site licence: Pia decides", ours: ""}
    view.close()
