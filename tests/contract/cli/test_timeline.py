"""``licensedesk-cli timeline SERIAL``, the real command in child processes against the
sandbox over HTTP: a licence looked up, changed behind the desk's back (another program
over ``/v2``, the vendor's dashboard), looked up again, then switched from the desk
itself; the timeline lists each change, dated, and says which were made from License
Desk and by whom (docs/book.md, *Since you last looked*)."""

from __future__ import annotations

import csv
import io
import json
import socket
from datetime import UTC, datetime

import pytest

from tests.support.behind_the_back import edit_licence, switch, validate_on_new_host

from .child import ChildCli

KIND = "subscription_active"  # Tomás Herrera's subscription, one device
OLD_NAME, OLD_EMAIL = "Tomás Herrera", "t.herrera@example.org"
NEW_NAME, NEW_EMAIL = "Lena Vogt", "lena.vogt@example.org"
YEAR = 365 * 86400
NOT_OURS = "not made from License Desk"


@pytest.fixture
def desk(sandbox, tmp_path):
    child = ChildCli(sandbox, tmp_path)
    child.env.update(USER="ana", LOGNAME="ana")  # the history's user name
    return child


def look(child: ChildCli, serial: str) -> list[dict]:
    """The desk looks the licence up and lists its devices (both kept in the book)."""
    assert child("show", serial, *child.conn).code == 0
    done = child("--json", "activations", serial, *child.conn)
    assert done.code == 0, done.err
    return json.loads(done.out)


def timeline(child: ChildCli, *argv: str) -> list[dict]:
    done = child("--json", "timeline", *argv)
    child.assert_quiet(done)
    assert done.code == 0, done.err
    return json.loads(done.out)


@pytest.fixture
def changed(sandbox, desk):
    """Looked up; then another program adds a device and switches the old one off, the
    vendor renews the licence for a year and names another licensee; looked up again;
    then the desk switches the new device off itself and looks once more. Returns
    (serial, the old device, the new device, the moments between the looks)."""
    serial = sandbox.serial(KIND)
    (old,) = [d["id"] for d in look(desk, serial)]
    first = datetime.now(UTC)
    new = validate_on_new_host(sandbox, KIND, "workshop-pc")
    switch(sandbox, old, on=False)
    end = next(r["end_at"] for r in sandbox.data["licenses"] if r["serial"] == serial)
    edit_licence(sandbox, serial, end_at=end + YEAR, name=NEW_NAME, email=NEW_EMAIL)
    look(desk, serial)
    second = datetime.now(UTC)
    done = desk("deactivate", str(new), *desk.conn)
    assert done.code == 0, done.err
    look(desk, serial)
    return serial, old, new, (first, second, datetime.now(UTC))


def kinds(items: list[dict]) -> list[str]:
    return [item["kind"] for item in items]


def test_each_change_is_listed_dated_and_marked_whose_it_was(desk, changed):
    serial, old, new, (first, second, last) = changed
    items = timeline(desk, serial)
    by_kind = {(i["kind"], i["activation_ids"]): i for i in items}
    theirs = [
        ("device_added", str(new)),
        ("device_deactivated", str(old)),
        ("licensee", ""),
        ("email", ""),
        ("end", ""),
    ]
    for key in theirs:
        item = by_kind[key]
        assert item["ours"] is False, item
        assert first <= datetime.fromisoformat(item["at"]) <= second, item
    ours = by_kind[("device_deactivated", str(new))]
    assert ours["ours"] is True, ours
    assert ours["by"] == f"ana@{socket.gethostname()}"
    assert second <= datetime.fromisoformat(ours["at"]) <= last
    assert by_kind[("licensee", "")]["old"] == OLD_NAME
    assert by_kind[("licensee", "")]["new"] == NEW_NAME
    times = [datetime.fromisoformat(i["at"]) for i in items]
    assert times == sorted(times, reverse=True)  # newest first

    table = desk("timeline", serial)
    assert table.code == 0, table.err
    lines = table.out.splitlines()
    assert lines[0].split() == ["WHEN", "WHAT", "WHO"]
    assert len(lines) == 1 + len(items)
    assert f"ana@{socket.gethostname()}" in lines[1]  # the newest: the desk's own
    assert sum(NOT_OURS in line for line in lines) == len(theirs)


def test_since_narrows_and_json_and_csv_carry_the_same_items(desk, changed):
    serial, _old, _new, (_first, second, _last) = changed
    every = timeline(desk, serial)
    later = timeline(desk, serial, "--since", second.isoformat())
    assert later == [i for i in every if datetime.fromisoformat(i["at"]) >= second]
    assert kinds(later) == ["device_deactivated"]

    done = desk("timeline", serial, "--csv")
    assert done.code == 0, done.err
    rows = list(csv.DictReader(io.StringIO(done.out)))
    assert len(rows) == len(every)
    for row, item in zip(rows, every, strict=True):
        assert row == {k: _csv_value(v) for k, v in item.items()}


def _csv_value(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def test_json_with_csv_is_refused_before_the_book_is_read(sandbox, desk):
    done = desk("--json", "timeline", sandbox.serial("perpetual"), "--csv")
    assert done.code == 2  # not 1: the serial was never looked for
    assert json.loads(done.out)["error"]["sentence"] == "Give --json or --csv, not both."


def test_a_serial_the_book_does_not_hold_is_said_in_one_sentence(sandbox, desk):
    serial = sandbox.serial("perpetual")
    done = desk("timeline", serial)
    desk.assert_quiet(done)
    assert done.code == 1 and done.out == ""
    assert done.err_lines == [
        f"Error: The licence book does not hold {serial}: look it up first "
        f"(licensedesk-cli show {serial})."
    ]


def test_a_damaged_book_is_one_sentence_and_exit_2(sandbox, desk):
    desk.data.mkdir()
    (desk.data / "history.sqlite3").write_bytes(b"garbage" * 100)
    done = desk("timeline", sandbox.serial("perpetual"))
    desk.assert_quiet(done)
    assert done.code == 2 and done.out == ""
    assert len(done.err_lines) == 1 and "history.sqlite3" in done.err, done.err


def test_an_unreachable_team_database_is_one_sentence_and_exit_3(sandbox, desk):
    from licensedesk.history import HistorySettings, save_settings
    from tests.support.net import free_port

    url = f"postgresql://desk@127.0.0.1:{free_port()}/x"
    save_settings(HistorySettings(store="team", team_url=url), desk.config)
    desk.env.update(
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        LICENSEDESK_HISTORY_PASSWORD="not-needed",
    )
    done = desk("timeline", sandbox.serial("perpetual"))
    desk.assert_quiet(done)
    assert done.code == 3 and done.out == ""
    assert len(done.err_lines) == 1 and "cannot be reached" in done.err, done.err


def test_no_change_since_the_first_look_is_said(sandbox, desk):
    serial = sandbox.serial("perpetual")
    look(desk, serial)
    done = desk("timeline", serial)
    assert done.code == 0, done.err
    assert done.out.startswith(f"No change seen on {serial} since the book first saw it ")
    assert timeline(desk, serial) == []


def test_in_german(sandbox, desk, changed):
    serial = changed[0]
    done = desk("--lang", "de", "timeline", serial)
    assert done.code == 0, done.err
    assert done.out.splitlines()[0].split() == ["WANN", "WAS", "WER"]
    assert NOT_OURS not in done.out and f"ana@{socket.gethostname()}" in done.out
    unseen = desk("--lang", "de", "timeline", sandbox.serial("perpetual"))
    assert unseen.code == 1
    assert unseen.err_lines[0].startswith(
        f"Fehler: Das Lizenzbuch enthält {sandbox.serial('perpetual')} nicht"
    )


def test_forgetting_the_former_licensee_removes_them_from_the_timeline(desk, changed):
    serial = changed[0]
    before = json.dumps(timeline(desk, serial), ensure_ascii=False)
    assert OLD_NAME in before and OLD_EMAIL in before
    done = desk("book", "forget", OLD_NAME, "--yes")  # her e-mail of then goes with her name
    assert done.code == 0, done.err
    text = json.dumps(timeline(desk, serial), ensure_ascii=False)
    for who in (OLD_NAME, OLD_EMAIL):
        assert who not in text
        assert desk("timeline", serial).out.count(who) == 0
    assert NEW_NAME in text and NEW_EMAIL in text  # the licensee now: not forgotten
    assert kinds(json.loads(text)) == kinds(json.loads(before))  # the changes stay
