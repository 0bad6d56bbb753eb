"""Every service sub-command against the sandbox over real HTTP: output, --json, exit codes."""

from __future__ import annotations

import re

from licensedesk import machine
from licensedesk.api.permissions import NO_WRITE_PERMISSION_PRODUCTS

ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d([+-]\d\d:\d\d|Z)")


def activation_ids(cli, conn, serial):
    args, env = conn
    r = cli("activations", serial, *args, "--json", env=env)
    assert r.code == 0, r.err
    return {a["id"]: a for a in r.json}


# ---------------------------------------------------------------- show


def test_show_human_and_json(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    r = cli("show", serial.lower().replace("-", ""), *args, env=env)
    assert r.code == 0, r.err
    assert re.search(rf"^Serial:\s+{serial}$", r.out, re.M)
    assert re.search(r"^Type:\s+perpetual$", r.out, re.M)

    r = cli("show", serial, *args, "--json", env=env)
    assert r.code == 0
    data = r.json
    assert data["serial"] == serial
    assert data["type"] == "perpetual"
    assert ISO.fullmatch(data["created_at"])
    assert {"sku_upgrade", "definer", "registered", "start_at", "end_at"} <= data.keys()


def test_global_options_work_before_the_command(sandbox, cli, conn):
    args, env = conn
    r = cli("--json", "show", sandbox.serial("trial"), *args, env=env)
    assert r.code == 0 and r.json["type"] == "trial"


def test_unknown_serial_exits_1_with_a_sentence(sandbox, cli, conn):
    args, env = conn
    r = cli("show", "AAAA-BBBB-CCCC-DDDD-EEEE", *args, env=env)
    assert r.code == 1
    assert r.out == ""
    assert r.err.startswith("Error: ")
    assert "not authori" not in r.err.lower()  # not found is never "check your credentials"


def test_malformed_serial_exits_2_and_sends_nothing(sandbox, cli, conn):
    args, env = conn
    r = cli("show", "../x", *args, "--json", env=env)
    assert r.code == 2
    assert r.json["error"]["type"] == "InvalidInput"
    assert r.json["error"]["exit_code"] == 2
    assert sandbox.request_count() == 0


def test_wrong_key_exits_1(sandbox, cli):
    app_id, _ = sandbox.creds("read")
    r = cli(
        "show",
        sandbox.serial("perpetual"),
        "--base-url",
        sandbox.url,
        "--app-id",
        app_id,
        env={"LICENSEDESK_API_KEY": "sk_wrong_key_0000000000"},
    )
    assert r.code == 1
    assert "Error:" in r.err


def test_closed_port_exits_3(cli, closed_port_url):
    r = cli(
        "show",
        "AAAA-BBBB-CCCC-DDDD-EEEE",
        "--base-url",
        closed_port_url,
        "--app-id",
        "a",
        "--json",
        env={"LICENSEDESK_API_KEY": "sk_test_closed_port_key"},
    )
    assert r.code == 3
    assert r.json["error"]["type"] == "ConnectFailed"


def test_server_error_page_exits_3(sandbox, cli, conn):
    args, env = conn
    sandbox.faults.add("http500_html", path="/v2/licenses/show-license")
    r = cli("show", sandbox.serial("perpetual"), *args, env=env)
    assert r.code == 3, r.err


def test_verbose_prints_redacted_details(sandbox, cli):
    app_id, key = sandbox.creds("read")
    cli.secrets.add(key)
    r = cli(
        "show",
        "AAAA-BBBB-CCCC-DDDD-EEEE",
        "--base-url",
        sandbox.url,
        "--app-id",
        app_id,
        "--verbose",
        env={"LICENSEDESK_API_KEY": key},
    )
    assert r.code == 1
    assert "api_key=***" in r.err
    assert "Service message:" in r.err


def test_usage_errors_exit_2(sandbox, cli, conn):
    args, env = conn
    assert cli("no-such-command").code == 2
    assert cli("show").code == 2
    assert cli("show", sandbox.serial("perpetual")).code == 2  # nowhere to connect
    r = cli("show", sandbox.serial("perpetual"), *args)  # no key in the environment
    assert r.code == 2 and "LICENSEDESK_API_KEY" in r.err
    r = cli("show", sandbox.serial("perpetual"), *args, "--profile", "x", env=env)
    assert r.code == 2 and "not both" in r.err
    r = cli("show", sandbox.serial("perpetual"), *args, "--write-app-id", "w", env=env)
    assert r.code == 2 and "LICENSEDESK_WRITE_API_KEY" in r.err
    r = cli(
        "show",
        sandbox.serial("perpetual"),
        "--base-url",
        "http://example.com",
        "--app-id",
        "a",
        env=env,
    )
    assert r.code == 2 and "unencrypted" in r.err
    assert cli("--help").code == 0


def test_separate_read_and_write_pairs_from_env(sandbox, cli):
    read_id, read_key = sandbox.creds("read")
    write_id, write_key = sandbox.creds("write")
    env = {"LICENSEDESK_API_KEY": read_key, "LICENSEDESK_WRITE_API_KEY": write_key}
    base = ["--base-url", sandbox.url, "--app-id", read_id]
    serial = sandbox.serial("perpetual")
    refused = cli("products", serial, *base, env=env)
    assert refused.code == 1  # products needs the write pair; said as the window says it
    assert NO_WRITE_PERMISSION_PRODUCTS in " ".join(refused.err.split())
    r = cli("products", serial, *base, "--write-app-id", write_id, "--json", env=env)
    assert r.code == 0, r.err
    assert cli("show", serial, *base, "--write-app-id", write_id, env=env).code == 0


# ---------------------------------------------------------------- products


def test_products_masks_vendor_secrets_unless_revealed(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    r = cli("products", serial, *args, "--json", env=env)
    assert r.code == 0, r.err
    products = r.json
    assert products
    assert all(p["key"] == "***" and p["signature"] == "***" for p in products)
    real_keys = {p["key"] for p in sandbox.data["products"]}
    assert not any(k in r.out for k in real_keys)

    r = cli("products", serial, *args, env=env)
    assert r.code == 0
    assert "--reveal-secrets" in r.out
    assert not any(k in r.out for k in real_keys)
    assert re.search(r"^Key:\s+\*\*\*$", r.out, re.M)

    r = cli("products", serial, *args, "--json", "--reveal-secrets", env=env)
    revealed = r.json
    assert all(p["key"] in real_keys for p in revealed)
    assert {p["code"] for p in revealed} == {p["code"] for p in products}


# ---------------------------------------------------------------- activations


def test_activations_table_and_json(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("host_limit")
    acts = activation_ids(cli, conn, serial)
    assert acts
    first = next(iter(acts.values()))
    assert {"id", "activated", "host_id", "device_tag", "created_at"} <= first.keys()
    r = cli("activations", serial, *args, env=env)
    assert r.code == 0
    assert r.out.splitlines()[0].split()[:4] == ["ID", "ACTIVE", "HOST", "ID"]
    assert first["host_id"] in r.out


def test_no_activations_is_not_an_error(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("no_activations")
    r = cli("activations", serial, *args, env=env)
    assert (r.code, r.out.strip()) == (0, "No devices activated.")
    assert cli("activations", serial, *args, "--json", env=env).json == []


def test_deactivate_and_activate(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    aid = next(i for i, a in activation_ids(cli, conn, serial).items() if a["activated"])
    r = cli("deactivate", str(aid), *args, "--json", env=env)
    assert r.code == 0, r.err
    assert r.json == {"message": "Activation successfully updated."}
    assert activation_ids(cli, conn, serial)[aid]["activated"] is False
    r = cli("activate", str(aid), *args, env=env)
    assert (r.code, r.out.strip()) == (0, "Activation successfully updated.")
    assert activation_ids(cli, conn, serial)[aid]["activated"] is True


def test_activate_unknown_id_exits_1(cli, conn):
    args, env = conn
    assert cli("activate", "999999", *args, env=env).code == 1


def test_delete_activation_refuses_without_yes_and_without_a_terminal(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    aid = next(iter(activation_ids(cli, conn, serial)))
    r = cli("delete-activation", str(aid), *args, env=env)
    assert r.code == 2
    assert "--yes" in r.err
    assert aid in activation_ids(cli, conn, serial)
    assert sandbox.request_count("DELETE") == 0


def test_delete_activation_asks_and_names_the_device(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    aid, act = next(iter(activation_ids(cli, conn, serial).items()))
    r = cli(
        "delete-activation", str(aid), "--serial", serial, *args, env=env, tty=True, answers=["no"]
    )
    assert r.code == 1
    assert act["host_id"] in r.err and "cannot be undone" in r.err
    assert aid in activation_ids(cli, conn, serial)

    r = cli("delete-activation", str(aid), *args, env=env, tty=True, answers=["yes"])
    assert (r.code, r.out.strip()) == (0, "Activation successfully deleted.")
    assert aid not in activation_ids(cli, conn, serial)


def test_delete_activation_with_yes(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    aid = next(iter(activation_ids(cli, conn, serial)))
    r = cli("delete-activation", str(aid), "--yes", *args, "--json", env=env)
    assert r.code == 0 and r.json == {"message": "Activation successfully deleted."}
    assert aid not in activation_ids(cli, conn, serial)
    assert cli("delete-activation", str(aid), "--yes", *args, env=env).code == 1


# ---------------------------------------------------------------- validate


def test_validate_valid_and_invalid(sandbox, cli, conn):
    args, env = conn
    r = cli(
        "validate",
        sandbox.serial("perpetual"),
        "--product",
        sandbox.product_code("perpetual"),
        *args,
        "--json",
        env=env,
    )
    assert r.code == 0, r.err
    assert r.json["valid"] is True and r.json["message"] == "valid"

    r = cli(
        "validate",
        sandbox.serial("subscription_expired"),
        "--product",
        sandbox.product_code("subscription_expired"),
        *args,
        env=env,
    )
    assert r.code == 1
    assert re.search(r"^Valid:\s+no$", r.out, re.M)
    assert "expired" in r.out


def test_validate_this_machine_records_this_computer(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("no_activations")
    r = cli(
        "validate",
        serial,
        "--product",
        sandbox.product_code("no_activations"),
        "--this-machine",
        *args,
        env=env,
    )
    assert r.code == 0, r.err
    acts = list(activation_ids(cli, conn, serial).values())
    assert [(a["host_id"], a["device_tag"]) for a in acts] == [
        (machine.host_id(), machine.device_tag())
    ]
    r = cli("activations", serial, *args, env=env)
    assert "(this computer)" in r.out


def test_validate_records_a_host_id_of_another_form(sandbox, cli, conn):
    """Other integrations record names such as server-backend (DESIGN.md §2)."""
    args, env = conn
    serial = sandbox.serial("no_activations")
    r = cli(
        "validate",
        serial,
        "--product",
        sandbox.product_code("no_activations"),
        "--host-id",
        "server-backend",
        "--device-tag",
        "Linux__64bits",
        *args,
        env=env,
    )
    assert r.code == 0, r.err
    assert re.search(r"^Host id:\s+server-backend$", r.out, re.M)
    [act] = activation_ids(cli, conn, serial).values()
    assert (act["host_id"], act["device_tag"]) == ("server-backend", "Linux__64bits")
    r = cli("deactivate", str(act["id"]), *args, env=env)
    assert r.code == 0, r.err
    r = cli("activate", str(act["id"]), *args, env=env)
    assert r.code == 0, r.err
    assert activation_ids(cli, conn, serial)[act["id"]]["activated"] is True


def test_validate_refuses_an_overlong_or_unprintable_host_id_before_sending(sandbox, cli, conn):
    args, env = conn
    for host, words in [
        ("h" * 256, "A host ID has at most 255 characters; this one has 256."),
        ("server\tbackend", "\u201cserver\\x09backend\u201d is not a host ID"),
        ("", "Enter the host ID to record."),
    ]:
        r = cli(
            "validate",
            sandbox.serial("no_activations"),
            "--product",
            sandbox.product_code("no_activations"),
            "--host-id",
            host,
            *args,
            env=env,
        )
        assert r.code == 2 and r.out == ""
        assert words in r.err
    assert sandbox.request_count() == 0


def test_validate_bad_product_code_exits_2(sandbox, cli, conn):
    args, env = conn
    r = cli("validate", sandbox.serial("perpetual"), "--product", "nope", *args, env=env)
    assert r.code == 2
    assert sandbox.request_count() == 0


# ---------------------------------------------------------------- upgrade


def test_upgrade_refuses_without_yes_and_without_a_terminal(sandbox, cli, conn):
    args, env = conn
    current, target = sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
    r = cli("upgrade", current, target, *args, env=env)
    assert r.code == 2 and "--yes" in r.err
    assert cli("show", current, *args, env=env).code == 0
    assert sandbox.request_count("POST", "/v2/licenses/upgrade") == 0


def test_upgrade_asks_showing_both_licences(sandbox, cli, conn):
    args, env = conn
    current, target = sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
    r = cli("upgrade", current, target, *args, env=env, tty=True, answers=["n"])
    assert r.code == 1
    assert current in r.err and target in r.err and "will be deleted" in r.err
    assert cli("show", current, *args, env=env).code == 0

    r = cli("upgrade", current, target, *args, env=env, tty=True, answers=["yes"])
    assert (r.code, r.out.strip()) == (0, "Upgrade license is ready to use.")
    assert cli("show", current, *args, env=env).code == 1


def test_upgrade_with_yes_and_mismatch(sandbox, cli, conn):
    args, env = conn
    current = sandbox.serial("upgrade_current")
    r = cli(
        "upgrade", current, sandbox.serial("upgrade_mismatch"), "--yes", *args, "--json", env=env
    )
    assert r.code == 1
    assert r.json["error"]["type"] == "UpgradeMismatch"
    r = cli("upgrade", current, sandbox.serial("upgrade_target"), "--yes", *args, "--json", env=env)
    assert r.code == 0 and r.json == {"message": "Upgrade license is ready to use."}


# ---------------------------------------------------------------- registration


def test_registration_check(sandbox, cli, conn):
    args, env = conn
    r = cli("registration", sandbox.serial("offline"), *args, "--json", env=env)
    assert r.code == 0, r.err
    assert r.json["suitable"] is True
    assert [lic["serial"] for lic in r.json["licenses"]] == [sandbox.serial("offline")]
    r = cli("registration", sandbox.serial("perpetual"), *args, env=env)
    assert r.code == 1
    assert r.out.startswith("Not suitable for registration")


def test_register(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("offline")
    r = cli(
        "register", serial, "--name", "Ada Lovelace", "--email", "ada@example.com", *args, env=env
    )
    assert (r.code, r.out.strip()) == (0, "Serial successfully registered.")
    shown = cli("show", serial, *args, "--json", env=env).json
    assert (shown["name"], shown["email"], shown["registered"]) == (
        "Ada Lovelace",
        "ada@example.com",
        True,
    )
    r = cli("register", serial, "--name", "A", "--email", "not-an-email", *args, env=env)
    assert r.code == 2


def test_upgrade_connection_lost_after_commit_is_reported_as_done(sandbox, cli, conn):
    args, env = conn
    current, target = sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
    sandbox.faults.add("drop_after_commit", path="/v2/licenses/upgrade", times=1)
    r = cli("upgrade", current, target, "--yes", *args, env=env)
    assert r.code == 0, r.err
    assert "went through" in r.err
    assert sandbox.request_count("POST", "/v2/licenses/upgrade") == 1  # never retried


def test_upgrade_connection_lost_before_commit_says_nothing_happened(sandbox, cli, conn):
    args, env = conn
    current, target = sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
    sandbox.faults.add("drop", path="/v2/licenses/upgrade", times=1)
    r = cli("upgrade", current, target, "--yes", *args, env=env)
    assert r.code == 3
    assert "did not happen" in r.err
    assert sandbox.request_count("POST", "/v2/licenses/upgrade") == 1
    assert cli("show", current, *args, env=env).code == 0
