"""``licensedesk-cli expiring``: the book's subscriptions and trials that end soon,
soonest first, with days left counted as the licence card counts them.

Against the sandbox over HTTP, serving the demo with three licences that end 3, 20 and
45 days from now (tests/support/ending_demo.py): ``show`` puts them in the book (the
test's data folder), ``expiring`` reads them back."""

from __future__ import annotations

from datetime import datetime

import pytest

from licensedesk.book.renewals import COLUMNS
from licensedesk.licence_term import days_left
from tests.support.ending_demo import dealer_of, end_of, serials_ending, serve_ending_demo
from tests.support.team_book import MINE, THEIRS, two_desks_licences


@pytest.fixture
def seen(sandbox, cli, conn, tmp_path):
    """The three licences and a perpetual one looked up: (data, [3, 20, 45 days])."""
    data = serve_ending_demo(sandbox, tmp_path)
    args, env = conn
    ending = serials_ending(data)
    for serial in (*reversed(ending), data["catalogue"]["serials"]["perpetual"]):
        assert cli("show", serial, *args, env=env).code == 0
    return data, ending


def test_within_30_days_lists_the_3_and_20_day_licences_soonest_first(cli, seen):
    data, (soon, later, beyond) = seen
    r = cli("expiring", "--within", "30", "--json")
    assert r.code == 0, r.err
    assert [row["serial"] for row in r.json] == [soon, later]
    assert set(r.json[0]) == set(COLUMNS)
    assert [row["days_left"] for row in r.json] == [
        days_left(end_of(data, soon)),
        days_left(end_of(data, later)),
    ]
    assert r.json[0]["licensee"] == "Tomás Herrera" and r.json[1]["type"] == "trial"
    assert r.json[0]["dealer"] == dealer_of(data, soon)
    assert datetime.fromisoformat(r.json[0]["end"]) == end_of(data, soon)
    assert cli("expiring", "--json").json == r.json  # 30 days by default
    assert [row["serial"] for row in cli("expiring", "--within", "90", "--json").json] == [
        soon,
        later,
        beyond,
    ]


def test_text_and_csv_hold_the_same_rows(cli, seen):
    _data, (soon, later, _beyond) = seen
    r = cli("expiring")
    assert r.code == 0
    lines = r.out.splitlines()
    assert lines[0].split()[:3] == ["SERIAL", "DAYS", "LEFT"]
    assert [line.split()[0] for line in lines[1:3]] == [soon, later]
    assert lines[-1] == "2 licences end within 30 days."

    r = cli("expiring", "--csv")
    assert r.code == 0
    lines = r.out.splitlines()
    assert lines[0] == ",".join(COLUMNS)
    assert [line.split(",")[0] for line in lines[1:]] == [soon, later]


def test_dealer_narrows_and_nothing_ending_still_exits_0(cli, seen):
    data, (soon, later, beyond) = seen
    dealer = dealer_of(data, later)
    fragment = dealer.split()[0].upper()
    expected = [s for s in (soon, later, beyond) if fragment.lower() in dealer_of(data, s).lower()]
    r = cli("expiring", "--within", "90", "--dealer", fragment, "--json")
    assert [row["serial"] for row in r.json] == expected

    r = cli("expiring", "--within", "1")
    assert r.code == 0
    assert r.out.strip() == "No subscription or trial in the book ends within 1 day."
    assert cli("expiring", "--within", "1", "--json").json == []
    assert cli("expiring", "--within", "0").code == 2


def test_in_german(cli, seen):
    r = cli("expiring", "--lang", "de")
    assert r.code == 0
    assert r.out.splitlines()[-1] == "2 Lizenzen enden innerhalb von 30 Tagen."


def test_a_team_book_lists_every_desks_licences_with_their_notes(cli, team_db, config_dir):
    from licensedesk.history import HistorySettings, save_settings

    save_settings(HistorySettings(store="team", team_url=team_db.url))
    env = {"LICENSEDESK_HISTORY_PASSWORD": team_db.password}
    two_desks_licences(team_db.url, team_db.password, "Mine")
    mine, theirs = MINE, THEIRS
    r = cli("expiring", "--json", env=env)
    assert r.code == 0, r.err
    assert [(row["serial"], row["note"]) for row in r.json] == [
        (theirs, "Renews through the school's office"),
        (mine, None),
    ]
    text = cli("expiring", env=env).out
    assert "NOTE" in text and "Renews through the school's office" in text
    assert team_db.password not in text
