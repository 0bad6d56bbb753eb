"""``profile add|list|show|remove|test`` with a tmp config folder and an in-memory keyring,
and service commands through ``--profile``."""

from __future__ import annotations

import json

import keyring
import keyring.core
import pytest
from keyring.backends import fail

from licensedesk.profiles import ProfileStore


@pytest.fixture
def keys(sandbox, cli):
    read_id, read_key = sandbox.creds("read")
    write_id, write_key = sandbox.creds("write")
    cli.secrets.update({read_key, write_key})
    return read_id, read_key, write_id, write_key


def add_demo(cli, sandbox, keys, name="demo", *extra):
    read_id, read_key, write_id, write_key = keys
    return cli(
        "profile",
        "add",
        name,
        "--base-url",
        sandbox.url,
        "--app-id",
        read_id,
        "--write-app-id",
        write_id,
        *extra,
        env={"LICENSEDESK_API_KEY": read_key, "LICENSEDESK_WRITE_API_KEY": write_key},
    )


def test_add_list_show_use_remove(sandbox, cli, keys, memory_keyring, config_dir):
    read_id, read_key, write_id, write_key = keys
    r = add_demo(
        cli,
        sandbox,
        keys,
        "demo",
        "--server-timezone",
        "Europe/Berlin",
        "--read-timeout",
        "7",
        "--transport",
        "json",
    )
    assert r.code == 0, r.err
    assert "Saved profile 'demo'" in r.out
    assert memory_keyring.entries == {
        ("licensedesk", "demo:read"): read_key,
        ("licensedesk", "demo:write"): write_key,
    }
    saved = json.loads((config_dir / "profiles.json").read_text())
    assert saved["profiles"][0]["read_app_id"] == read_id
    assert saved["profiles"][0]["server_timezone"] == "Europe/Berlin"
    assert saved["profiles"][0]["read_timeout"] == 7.0

    r = cli("profile", "list")
    assert r.code == 0
    assert "demo" in r.out and sandbox.url in r.out and "read stored, write stored" in r.out
    r = cli("profile", "list", "--json")
    assert [p["name"] for p in r.json] == ["demo"]
    assert r.json[0]["keys"] == {"read": True, "write": True}

    r = cli("profile", "show", "demo", "--json")
    assert r.code == 0
    data = r.json
    assert data["base_url"] == sandbox.url and data["write_app_id"] == write_id
    assert data["key_storage"] == "MemoryKeyring"
    assert "api_key" not in data
    r = cli("profile", "show", "demo")
    assert "Read time-out:" in r.out and "7 s" in r.out

    # service commands through the profile: read pair for show, write pair for products
    serial = sandbox.serial("perpetual")
    assert cli("show", serial, "--profile", "demo").code == 0
    assert cli("--profile", "demo", "products", serial).code == 0
    assert cli("products", serial, env={"LICENSEDESK_PROFILE": "demo"}).code == 0

    r = cli("profile", "remove", "demo")
    assert r.code == 0
    assert memory_keyring.entries == {}
    assert ProfileStore(config_dir).list() == []
    assert cli("profile", "show", "demo").code == 2
    assert cli("show", serial, "--profile", "demo").code == 2


def test_add_reads_keys_from_a_hidden_prompt(sandbox, cli, keys, memory_keyring):
    read_id, read_key, _, _ = keys
    r = cli(
        "profile",
        "add",
        "p",
        "--base-url",
        sandbox.url,
        "--app-id",
        read_id,
        tty=True,
        answers=[read_key],
    )
    assert r.code == 0, r.err
    assert "hidden" in cli.questions[-1]
    assert memory_keyring.entries == {("licensedesk", "p:read"): read_key}


def test_add_without_key_and_without_terminal_refuses(sandbox, cli, keys, config_dir):
    r = cli("profile", "add", "p", "--base-url", sandbox.url, "--app-id", keys[0])
    assert r.code == 2
    assert "LICENSEDESK_API_KEY" in r.err
    assert not (config_dir / "profiles.json").exists()


def test_add_refuses_a_taken_name_unless_replace(sandbox, cli, keys, memory_keyring):
    assert add_demo(cli, sandbox, keys).code == 0
    r = add_demo(cli, sandbox, keys)
    assert r.code == 2 and "--replace" in r.err
    read_id, read_key, _, _ = keys
    r = cli(
        "profile",
        "add",
        "demo",
        "--base-url",
        sandbox.url,
        "--app-id",
        read_id,
        "--replace",
        env={"LICENSEDESK_API_KEY": read_key},
    )
    assert r.code == 0 and "Replaced" in r.out
    # the write pair went with the write app_id
    assert set(memory_keyring.entries) == {("licensedesk", "demo:read")}


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--base-url", "ftp://x"], "https://"),
        (["--base-url", "http://licenses.example.com"], "unencrypted"),
        (["--base-url", "https://x.example", "--server-timezone", "Nowhere/Town"], "time zone"),
        (["--base-url", "https://x.example", "--read-timeout", "0"], "time-out"),
    ],
)
def test_add_invalid_fields_exit_2(cli, extra, fragment, config_dir):
    r = cli(
        "profile",
        "add",
        "p",
        "--app-id",
        "a",
        *extra,
        env={"LICENSEDESK_API_KEY": "sk_never_stored_1234"},
    )
    assert r.code == 2
    assert fragment in r.err
    assert not (config_dir / "profiles.json").exists()


def test_insecure_http_profile_warns(cli, config_dir):
    r = cli(
        "profile",
        "add",
        "lan",
        "--base-url",
        "http://licenses.lan",
        "--app-id",
        "a",
        "--allow-insecure-http",
        env={"LICENSEDESK_API_KEY": "sk_lan_key_123456"},
    )
    assert r.code == 0
    assert "Warning:" in r.err and "unencrypted" in r.err
    r = cli("profile", "show", "lan")
    assert "Warning:" in r.err


def test_profile_test_ok_wrong_key_and_closed_port(sandbox, cli, keys, closed_port_url):
    assert add_demo(cli, sandbox, keys).code == 0
    r = cli("profile", "test", "demo", "--json")
    assert r.code == 0, r.out + r.err
    assert r.json["read"]["ok"] is True and r.json["write"]["ok"] is True
    assert sandbox.request_count("DELETE") == 0  # the checks change nothing

    # only a read pair: the write check is information, not a failure
    read_id, read_key, _, _ = keys
    cli(
        "profile",
        "add",
        "ro",
        "--base-url",
        sandbox.url,
        "--app-id",
        read_id,
        env={"LICENSEDESK_API_KEY": read_key},
    )
    r = cli("profile", "test", "ro")
    assert r.code == 0, r.out + r.err
    assert r.out.splitlines()[0].startswith("read:  ok")
    assert "no write pair" in r.out

    cli(
        "profile",
        "add",
        "bad",
        "--base-url",
        sandbox.url,
        "--app-id",
        read_id,
        env={"LICENSEDESK_API_KEY": "sk_wrong_key_0000000"},
    )
    r = cli("profile", "test", "bad")
    assert r.code == 1
    assert "FAILED" in r.out

    cli(
        "profile",
        "add",
        "down",
        "--base-url",
        closed_port_url,
        "--app-id",
        read_id,
        env={"LICENSEDESK_API_KEY": read_key},
    )
    assert cli("profile", "test", "down").code == 3


def test_memory_only_keyring(sandbox, cli, keys, config_dir):
    keyring.set_keyring(fail.Keyring())  # the cli fixture restores the previous backend
    read_id, read_key, _, _ = keys
    r = cli(
        "profile",
        "add",
        "m",
        "--base-url",
        sandbox.url,
        "--app-id",
        read_id,
        env={"LICENSEDESK_API_KEY": read_key},
    )
    assert r.code == 0
    assert r.err.count("no OS keyring is available") == 1
    assert "NOT saved" in r.err
    serial = sandbox.serial("perpetual")
    r = cli("show", serial, "--profile", "m")
    assert r.code == 2
    assert "No OS keyring is available" in r.err and "LICENSEDESK_API_KEY" in r.err
    r = cli("show", serial, "--profile", "m", env={"LICENSEDESK_API_KEY": read_key})
    assert r.code == 0, r.err
    assert r.err == ""  # the environment gave every key the profile needs: nothing to say


def test_keyring_key_wins_over_the_environment(sandbox, cli, keys):
    assert add_demo(cli, sandbox, keys).code == 0
    r = cli(
        "show",
        sandbox.serial("perpetual"),
        "--profile",
        "demo",
        env={"LICENSEDESK_API_KEY": "sk_some_other_server_key"},
    )
    assert r.code == 0, r.err


def test_damaged_profiles_file_is_a_sentence(cli, config_dir):
    config_dir.mkdir()
    (config_dir / "profiles.json").write_text("{")
    r = cli("profile", "list")
    assert r.code == 2
    assert "damaged" in r.err
