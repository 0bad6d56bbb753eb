"""``licensedesk-cli find``: what the command line has seen is found by its customer.

Against the sandbox over HTTP: a ``show`` and an ``activations`` fill the book (in the
test's data folder, the history's file); ``find`` reads it back."""

from __future__ import annotations

import sqlite3

ROW_KEYS = {"serial", "licensee", "email", "sku_name", "sku_number", "type", "end_at",
            "dealer", "as_of", "profile", "service", "note"}  # fmt: skip


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
