"""Service text never drives the terminal (issue #13): control, escape and bidi characters
in a licensee, a device tag, a validation or error message reach stdout and stderr as
visible escapes (``\\x1b``, ``\\u202e``) in human output and CSV, as ``\\uXXXX`` in
JSON, which stays valid. Against the sandbox (its database edited) and, for the
service's own messages, a hostile server of the tests."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
import sys

import pytest

from tests.contract.client.hostile_server import HostileServer
from tests.contract.client.odd_server import LICENSE

ESC = "\x1b"
#: colours, a cleared screen, a window title (OSC ... BEL), backspaces, a carriage
#: return, DEL, C1 CSI, a right-to-left override and a first-strong isolate
NAME = f"Ada{ESC}[31m{ESC}[2J{ESC}]0;pwned\x07\x08\x08\rEve\x7f\x9b1m\u202eevil\u2066x\u2069"
NAME_SHOWN = (
    "Ada\\x1b[31m\\x1b[2J\\x1b]0;pwned\\x07\\x08\\x08\\x0dEve\\x7f\\x9b1m\\u202eevil\\u2066x\\u2069"
)
TAG = f"Linux{ESC}[8m__64bits\u200f\n"
TAG_SHOWN = "Linux\\x1b[8m__64bits\\u200f\\x0a"
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
KEY = "sk_hostile_text_key_0009"


def dangerous(text: str) -> list[str]:
    """Characters in output that a terminal would act on (newlines are ours)."""
    return [
        c
        for c in text
        if (ord(c) < 0x20 and c != "\n")
        or 0x7F <= ord(c) <= 0x9F
        or c in BIDI
        or c in "\u2028\u2029"
        or 0xD800 <= ord(c) <= 0xDFFF
    ]


def clean(result) -> None:
    assert dangerous(result.out) == [], result.out
    assert dangerous(result.err) == [], result.err


def sql(sandbox, statement: str, *args) -> None:
    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute(statement, args)


@pytest.fixture
def hostile_sandbox(sandbox):
    """The perpetual licence with a hostile licensee, e-mail and device tags."""
    serial = sandbox.serial("perpetual")
    sql(
        sandbox,
        "UPDATE licenses SET name = ?, email = ? WHERE serial = ?",
        NAME,
        f"a{ESC}[5m@example.com",
        serial,
    )
    sql(
        sandbox,
        "UPDATE activations SET device_tag = ? WHERE license_id = "
        "(SELECT id FROM licenses WHERE serial = ?)",
        TAG,
        serial,
    )
    return sandbox


def test_show_escapes_the_licensee_in_human_output(hostile_sandbox, cli, conn):
    args, env = conn
    r = cli("show", hostile_sandbox.serial("perpetual"), *args, env=env)
    assert r.code == 0, r.err
    clean(r)
    assert re.search(rf"^Licensee:\s+{re.escape(NAME_SHOWN)}$", r.out, re.M), r.out
    assert re.search(r"^E-mail:\s+a\\x1b\[5m@example.com$", r.out, re.M), r.out


def test_show_json_is_strict_json_without_a_raw_control_byte(hostile_sandbox, cli, conn):
    args, env = conn
    r = cli("show", hostile_sandbox.serial("perpetual"), *args, "--json", env=env)
    assert r.code == 0, r.err
    clean(r)
    assert ESC not in r.out and "\\u001b[31m" in r.out and "\\u202e" in r.out
    assert json.loads(r.out, strict=True)["name"] == NAME  # the same text, escaped


def test_activations_escape_device_tags_in_the_table_and_in_json(hostile_sandbox, cli, conn):
    args, env = conn
    serial = hostile_sandbox.serial("perpetual")
    r = cli("activations", serial, *args, env=env)
    assert r.code == 0, r.err
    clean(r)
    rows = [line for line in r.out.splitlines()[1:] if line]
    assert len(rows) == 3 and all(TAG_SHOWN in row for row in rows)  # one line per device

    r = cli("activations", serial, *args, "--json", env=env)
    clean(r)
    assert {a["device_tag"] for a in json.loads(r.out, strict=True)} == {TAG}


def test_validate_escapes_the_licensee(hostile_sandbox, cli, conn):
    args, env = conn
    sb = hostile_sandbox
    r = cli(
        "validate",
        sb.serial("perpetual"),
        "--product",
        sb.product_code("perpetual"),
        *args,
        env=env,
    )
    assert r.code == 0, r.err
    clean(r)
    assert NAME_SHOWN in r.out


@pytest.mark.parametrize("form", ["text", "json", "csv"])
def test_check_rows_hold_no_raw_control_character(hostile_sandbox, cli, conn, monkeypatch, form):
    args, env = conn
    monkeypatch.setattr(sys, "stdin", io.StringIO(hostile_sandbox.serial("perpetual")))
    r = cli("check", *args, *([f"--{form}"] if form != "text" else []), env=env)
    assert r.code == 0, r.err
    clean(r)
    if form == "text":
        assert NAME_SHOWN in r.out.splitlines()[0]
    elif form == "json":
        assert json.loads(r.out.splitlines()[0], strict=True)["licensee"] == NAME
    else:
        (row,) = csv.DictReader(io.StringIO(r.out))
        assert row["licensee"] == NAME_SHOWN  # a cell keeps the escape as text


# -- the service's own words: a hostile server ------------------------------------------


@pytest.fixture
def hostile(cli):
    cli.secrets.add(KEY)
    with HostileServer() as server:
        yield server, ["--base-url", server.url, "--app-id", "app"], {"LICENSEDESK_API_KEY": KEY}


SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
CODE = "0f0e0d0c-0b0a-0908-0706-050403020100"
MESSAGE = f"Denied{ESC}[2K\r{ESC}]8;;http://evil/\x07link\u202etxt.exe\ud800"
MESSAGE_SHOWN = "Denied\\x1b[2K\\x0d\\x1b]8;;http://evil/\\x07link\\u202etxt.exe\\ud800"


def test_an_error_message_is_escaped_on_stderr_and_in_json(cli, hostile):
    server, args, env = hostile
    server.bodies["/v2/licenses/show-license/"] = {
        "error": {"message": MESSAGE, "status_code": 422}
    }
    r = cli("show", SERIAL, *args, "--verbose", env=env)
    assert r.code == 1
    clean(r)
    assert r.err.startswith(f"Error: The licence service refused the request: {MESSAGE_SHOWN}\n")
    assert f"Service message: {MESSAGE_SHOWN}" in r.err  # the details of --verbose

    r = cli("show", SERIAL, *args, "--json", "--verbose", env=env)
    clean(r)
    error = json.loads(r.out, strict=True)["error"]
    assert error["sentence"].endswith(MESSAGE_SHOWN)


def test_a_validation_message_is_escaped(cli, hostile):
    server, args, env = hostile
    server.bodies["/v2/licenses/valid"] = {"data": {"message": MESSAGE, "licensee_name": NAME}}
    r = cli("validate", SERIAL, "--product", CODE, *args, env=env)
    assert r.code == 1, r.err  # not "valid"
    clean(r)
    assert MESSAGE_SHOWN in r.out and NAME_SHOWN in r.out

    r = cli("validate", SERIAL, "--product", CODE, *args, "--json", env=env)
    clean(r)
    assert json.loads(r.out, strict=True)["message"] == MESSAGE


def test_a_lone_surrogate_in_service_text_is_shown_not_an_internal_error(cli, hostile):
    server, args, env = hostile
    server.bodies["/v2/licenses/show-license/"] = {
        "data": dict(LICENSE, serial=SERIAL, name="Bad\ud800Name")
    }
    r = cli("show", SERIAL, *args, env=env)
    assert r.code == 0, r.err
    assert "Bad\\ud800Name" in r.out
    r = cli("show", SERIAL, *args, "--json", env=env)
    assert r.code == 0, r.err
    assert json.loads(r.out)["name"] == "Bad\ud800Name"
