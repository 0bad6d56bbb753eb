"""What a spreadsheet opens is text: ``check --csv`` guards the service's text against
formulas (a leading ``'``) and writes its control and bidi characters as the screen shows
them, while our own numbers (``days_left`` of an expired licence) stay numbers; the file of
``history export`` holds no raw control or bidi character, and reads back exactly. The real
command in a child process, against the sandbox (its database edited)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest

from .child import ChildCli

FORMULA = '=HYPERLINK("http://evil.example","Maria")'
TAG = "Linux\x1b[8m__64bits\u202e"


def sql(sandbox, statement: str, *args) -> None:
    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute(statement, args)


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


def test_check_csv_guards_service_text_and_keeps_negative_days(sandbox, child):
    expired = sandbox.serial("subscription_expired")
    sql(
        sandbox,
        "UPDATE licenses SET name = ?, email = ? WHERE serial = ?",
        FORMULA,
        "@evil.example",
        expired,
    )
    done = child("check", "-", "--csv", *child.conn, stdin=f"{expired}\n".encode())
    child.assert_quiet(done)
    assert done.code == 1, done.err  # expired: the service said no
    rows = list(csv.DictReader(io.StringIO(done.out)))
    assert rows[0]["licensee"] == "'" + FORMULA
    assert rows[0]["email"] == "'@evil.example"
    assert int(rows[0]["days_left"]) < 0 and rows[0]["days_left"].startswith("-")


def test_history_export_file_has_no_raw_control_or_bidi_character(child, tmp_path):
    from licensedesk.history.sqlite_store import SqliteStore
    from tests.unit.history.checks import entry

    written = entry(outcome="refused", detail=f"Device {TAG} refused", before={"device_tag": TAG})
    store = SqliteStore(child.data / "history.sqlite3")
    try:
        store.migrate()
        store.write(written)
    finally:
        store.close()
    target = tmp_path / "mine.jsonl"
    done = child("history", "export", str(target))
    child.assert_quiet(done)
    assert done.code == 0 and done.err.strip() == f"Exported 1 entry to {target}."
    text = target.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\u202e" not in text
    read = json.loads(text)
    assert read["before"]["device_tag"] == TAG and read["detail"] == written.detail  # exact
    assert read["id"] == written.id
