"""``licensedesk-cli find``: what the command line has seen is found by its customer.

Against the sandbox over HTTP: a ``show`` and an ``activations`` fill the book (in the
test's data folder, the history's file); ``find`` reads it back."""

from __future__ import annotations

import sqlite3

ROW_KEYS = {
    "serial",
    "licensee",
    "email",
    "sku_name",
    "sku_number",
    "type",
    "end_at",
    "dealer",
    "as_of",
    "profile",
    "service",
    "note",
}


def test_a_licence_seen_is_found_by_email_name_and_host(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("subscription_active")  # Tomás Herrera, t.herrera@example.org
    assert cli("show", serial, *args, env=env).code == 0
    assert cli("activations", serial, *args, env=env).code == 0
    host = cli("activations", serial, *args, "--json", env=env).json[0]["host_id"]

    for text in ("herrera@example", "tomas", "TOMÁS herr", host[3:12]):
        r = cli("find", text, "--json")
        assert r.code == 0, (text, r.err)
        assert [row["serial"] for row in r.json] == [serial], text
    row = cli("find", "herrera", "--json").json[0]
    assert set(row) == ROW_KEYS
    assert row["licensee"] == "Tomás Herrera"
    assert row["type"] == "subscription"
    assert row["service"] == sandbox.url

    r = cli("find", "herrera")
    assert r.code == 0
    assert serial in r.out and "Tomás Herrera" in r.out and "AS OF" in r.out


def test_nothing_found_exits_1_and_says_so(sandbox, cli, conn):
    args, env = conn
    assert cli("show", sandbox.serial("perpetual"), *args, env=env).code == 0
    r = cli("find", "nobody-like-this")
    assert r.code == 1
    assert "No licence in the book matches" in r.out
    assert cli("find", "nobody-like-this", "--json").json == []


def test_an_empty_book_says_it_is_empty_and_how_it_fills(cli):
    r = cli("find", "maria")
    assert r.code == 1
    assert r.out.startswith("The licence book is empty, so nothing can match 'maria'.")
    assert "licensedesk-cli book import FILE" in r.out and "team database" in r.out
    assert "No licence in the book matches" not in r.out
    assert cli("find", "maria", "--json").json == []


def test_a_word_too_short_is_a_usage_error(cli):
    r = cli("find", "ab")
    assert r.code == 2
    assert "three characters" in r.err


def test_devices_read_before_their_licence_wait_for_it(sandbox, cli, conn):
    """``activations`` alone names no licensee: nothing to find until the licence is read."""
    args, env = conn
    serial = sandbox.serial("perpetual")
    assert cli("activations", serial, *args, env=env).code == 0
    assert cli("find", "jensen").code == 1
    assert cli("show", serial, *args, env=env).code == 0
    assert cli("find", "jensen").code == 0


def test_the_book_holds_no_key(sandbox, cli, conn, tmp_path):
    args, env = conn
    serial = sandbox.serial("perpetual")
    assert cli("show", serial, *args, env=env).code == 0
    assert cli("products", serial, *args, env=env).code == 0  # the products' keys are read
    with sqlite3.connect(tmp_path / "data" / "history.sqlite3") as db:
        dumped = "\n".join(db.iterdump())
    assert serial in dumped
    for secret in cli.secrets:
        assert secret not in dumped
    products = cli("products", serial, *args, "--json", "--reveal-secrets", env=env).json
    for product in products:
        for name in ("key", "signature", "signature_trial"):
            if product[name]:
                assert product[name] not in dumped


def test_book_import_fills_the_book_from_a_workbook(sandbox, cli, conn, tmp_path):
    import xlsxwriter

    args, env = conn
    path = tmp_path / "customers.xlsx"
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet()
    kinds = ("trial", "host_limit")
    for row, kind in enumerate(kinds):
        sheet.write_row(row, 0, [f"c{row}", sandbox.serial(kind)])
    sheet.write(5, 0, "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZA")  # not found
    book.close()

    r = cli("book", "import", str(path), *args, env=env)
    assert r.code == 0, r.err
    assert r.out.strip() == "2 licences kept in the book. 1 serial not found."
    found = cli("find", "sofia.rossi", "--json").json  # the host_limit licence
    assert [row["serial"] for row in found] == [sandbox.serial("host_limit")]
    assert cli("find", "priya", "--json").json[0]["serial"] == sandbox.serial("trial")


def test_book_forget_erases_the_email_from_book_notes_and_history(sandbox, cli, conn, tmp_path):
    args, env = conn
    serial = sandbox.serial("offline")  # offline-distributed: registration is possible
    assert (
        cli(
            "register",
            serial,
            "--name",
            "Jörg Ödegaard",
            "--email",
            "jorg@fjord.example",
            *args,
            env=env,
        ).code
        == 0
    )
    assert cli("show", serial, *args, env=env).code == 0
    assert cli("find", "fjord.example").code == 0

    r = cli("book", "forget", "jorg@fjord.example")  # no terminal, no --yes: asks nothing
    assert r.code == 2
    assert "Erase the name and e-mail of 'jorg@fjord.example' from" in r.err
    assert cli("find", "fjord.example").code == 0  # nothing changed

    r = cli("book", "forget", "JORG@fjord.example", "--yes")
    assert r.code == 0, r.err
    assert r.out.startswith(
        "Erased: 1 licence record, 0 notes, 0 history entries, 0 changes seen. "
    )
    assert cli("find", "fjord.example").code == 1
    assert cli("find", serial, "--json").json[0]["email"] is None
    data = tmp_path / "data"
    for path in data.iterdir():
        raw = path.read_bytes()
        assert b"jorg@fjord.example" not in raw, path
        assert "Ödegaard".encode() not in raw, path
    history = cli("history", serial, "--json").out
    assert "register" in history and "fjord" not in history


def test_book_forget_of_someone_unknown_changes_nothing(cli):
    r = cli("book", "forget", "nobody@nowhere.example", "--yes")
    assert r.code == 1
    assert "nothing was changed" in r.out


def test_show_prints_the_books_copy_when_the_service_is_down(cli, tmp_path):
    from licensedesk.sandbox.demo import create_demo
    from licensedesk.sandbox.server import SandboxServer

    demo = create_demo(tmp_path / "own.db")
    serial = demo["catalogue"]["serials"]["subscription_active"]
    app_id, key = demo["catalogue"]["credentials"]["read"].values()
    cli.secrets.add(key)
    env = {"LICENSEDESK_API_KEY": key}
    with SandboxServer(tmp_path / "own.db") as server:
        args = ["--base-url", server.url, "--app-id", app_id, "--connect-timeout", "2"]
        answered = cli("show", serial, *args, env=env)
        assert answered.code == 0
        assert "copy" not in answered.err  # never while it answers
    # the server is stopped: nothing listens at its address any more
    r = cli("show", serial, *args, env=env)
    assert r.code == 3
    err = r.err.splitlines()
    assert err[0].startswith("Error: ")
    assert err[1].startswith(
        "The service cannot be reached; this is the licence book's copy as of "
    )
    assert "Tomás Herrera" in r.out and serial in r.out and "As of" in r.out

    data = cli("show", serial, *args, "--json", env=env)
    assert data.code == 3
    assert data.json["from_book"] is True and data.json["licensee"] == "Tomás Herrera"

    other = demo["catalogue"]["serials"]["perpetual"]  # never seen: no copy, the error only
    r = cli("show", other, *args, env=env)
    assert r.code == 3
    assert "copy" not in r.err and r.out == ""


def test_book_retention_drops_licences_not_seen_for_that_long(cli, tmp_path):
    from datetime import UTC, datetime, timedelta

    from licensedesk.book import Sighting
    from licensedesk.book.sqlite_book import SqliteBook

    book = SqliteBook(tmp_path / "data" / "history.sqlite3")
    book.migrate()
    now = datetime.now(UTC)
    book.keep(
        [
            Sighting(
                serial="AAAA-AAAA-AAAA-AAAA-AAAA",
                service="",
                profile=None,
                seen_at=now - timedelta(days=40),
                licensee="Old Customer",
            ),
            Sighting(
                serial="BBBB-BBBB-BBBB-BBBB-BBBB",
                service="",
                profile=None,
                seen_at=now - timedelta(days=2),
                licensee="New Customer",
            ),
        ]
    )
    book.close()

    r = cli("book", "retention", "30")
    assert r.code == 0 and "last 30 days" in r.out
    assert cli("find", "customer", "--json").json[0]["licensee"] == "New Customer"
    assert cli("find", "old customer").code == 1  # dropped when the book was opened
    r = cli("book", "retention", "1")
    assert r.code == 0 and "seen in the last 1 day;" in r.out  # not "1 days"
    assert cli("book", "retention", "forever").code == 0
    assert cli("book", "retention", "soon").code == 2
    assert cli("book", "retention", "99999").code == 2
