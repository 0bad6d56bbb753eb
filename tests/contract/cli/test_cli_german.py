"""The command line in German, end to end against the sandbox: labels, plurals, an error
sentence and ``--help`` come from the shipped catalogue, while ``--json`` stays English
(scripts read it). Each run is followed by English again (``main`` sets the language)."""

from __future__ import annotations

import re

import pytest

from licensedesk import i18n


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use_language("en")


def test_show_speaks_german_and_json_does_not(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    r = cli("--lang", "de", "show", serial, *args, env=env)
    assert r.code == 0, r.err
    assert re.search(rf"^Seriennummer:\s+{serial}$", r.out, re.M)
    assert re.search(r"^Lizenznehmer:", r.out, re.M)
    english = cli("--lang", "de", "show", serial, "--json", *args, env=env)
    assert english.json["serial"] == serial and "Seriennummer" not in english.out


def test_counts_take_the_german_plural(sandbox, cli, conn, tmp_path):
    args, env = conn
    assert i18n.use_language("de") == "de"
    assert i18n.ngettext("{n} device", "{n} devices", 1).format(n=1) == "1 Gerät"
    assert i18n.ngettext("{n} device", "{n} devices", 2).format(n=2) == "2 Geräte"
    assert i18n.ngettext("{n} day left", "{n} days left", 1).format(n=1) == "noch 1 Tag"
    serials = tmp_path / "serials.txt"
    serials.write_text(f"{sandbox.serial('perpetual')}\n{sandbox.serial('trial')}\n")
    r = cli("--lang", "de", "check", str(serials), *args, env=env)
    assert r.code in (0, 1), r.err
    assert "2 Seriennummern" in r.out + r.err, r.out


def test_an_error_is_said_in_german(sandbox, cli, conn):
    args, env = conn
    r = cli("--lang", "de", "show", "AAAA-BBBB-CCCC-DDDD-EEEE", *args, env=env)
    assert r.code == 1
    assert "Seriennummer" in r.err and "not found" not in r.err.lower(), r.err


def test_the_saved_choice_is_followed_without_lang(sandbox, cli, conn, config_dir):
    args, env = conn
    i18n.save_language("de", config_dir)
    r = cli("show", sandbox.serial("perpetual"), *args, env=env)
    assert re.search(r"^Seriennummer:", r.out, re.M), r.out


def test_help_is_german(cli):
    r = cli("--lang", "de", "--help")
    assert r.code == 0
    assert "Seriennummer" in r.out
    assert r.out.startswith("Aufruf: licensedesk-cli")  # argparse's own words too
    assert "\nOptionen:" in r.out and "\noptions:" not in r.out


def test_argparse_errors_are_german_and_english_stays_english(cli):
    r = cli("--lang", "de", "show")
    assert r.code == 2
    assert "licensedesk-cli show: Fehler: diese Argumente fehlen: serial" in r.err
    r = cli("--lang", "en", "show")
    assert r.code == 2
    assert "licensedesk-cli show: error: the following arguments are required: serial" in r.err


def test_a_nested_argparse_error_is_german_inside_and_out(cli):
    r = cli("--lang", "de", "history", "list", "--limit", "x")
    assert r.code == 2
    assert r.err.startswith("Aufruf: licensedesk-cli history"), r.err
    assert "Fehler: Argument --limit: ungültiger Wert für int: 'x'" in r.err, r.err
