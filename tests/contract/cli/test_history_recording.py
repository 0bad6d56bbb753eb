"""Every change the command line sends is in the history: intent, then outcome.

Against the sandbox over HTTP, the history in a temporary data folder (the ``cli``
fixture sets ``LICENSEDESK_DATA_DIR``); read back with ``licensedesk-cli history``.
Reads are not recorded; a history that cannot be written warns once and changes
neither the change nor the exit code."""

from __future__ import annotations

import json

from .test_service_commands import activation_ids


def history(cli, *argv: str) -> list[dict]:
    r = cli("history", *argv, "--json")
    assert r.code == 0, r.err
    return [json.loads(line) for line in r.out.splitlines() if line.strip()]


def test_deactivate_and_activate_are_recorded_with_the_service_message(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    aid = next(i for i, a in activation_ids(cli, conn, serial).items() if a["activated"])

    assert cli("deactivate", str(aid), *args, env=env).code == 0
    assert cli("activate", str(aid), *args, env=env).code == 0
    assert cli("activate", "999999", *args, env=env).code == 1  # refused by the service

    entries = history(cli)
    assert [(e["action"], e["activation_ids"], e["outcome"]) for e in entries] == [
        ("activate", [999999], "refused"),
        ("activate", [aid], "done"),
        ("deactivate", [aid], "done"),
    ]  # newest first
    assert entries[1]["detail"] == "Activation successfully updated."
    assert entries[0]["detail"]  # the service's own words
    assert entries[2]["profile"] == "command line"
    assert entries[2]["service"] == sandbox.url  # scheme, host and port: never a key or query


def test_reads_are_not_recorded(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    for command in ("show", "activations", "products"):
        assert cli(command, serial, *args, env=env).code == 0
    r = cli("validate", serial, "--product", sandbox.product_code("perpetual"), *args, env=env)
    assert r.code == 0  # no host: nothing recorded at the service either
    assert history(cli) == []


def test_delete_with_the_serial_keeps_what_the_row_was(sandbox, cli, conn):
    args, env = conn
    serial = sandbox.serial("perpetual")
    aid, act = next(iter(activation_ids(cli, conn, serial).items()))
    r = cli(
        "delete-activation", str(aid), "--serial", serial, *args, env=env, tty=True, answers=["yes"]
    )
    assert r.code == 0

    (entry,) = history(cli, serial)
    assert (entry["action"], entry["serial"], entry["activation_ids"]) == ("delete", serial, [aid])
    assert entry["outcome"] == "done"
    assert entry["before"] == {
        "activated": act["activated"],
        "host_id": act["host_id"],
        "device_tag": act["device_tag"],
        "product": act["product_name"],
    }


def test_validate_that_records_a_host_is_recorded(sandbox, cli, conn):
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

    (entry,) = history(cli, serial)
    assert (entry["action"], entry["outcome"]) == ("validate_record", "done")
    assert entry["product"] == sandbox.product_code("no_activations")
    assert len(entry["before"]["host_id"]) == 32


def test_upgrade_dropped_after_commit_is_reconciled_to_done(sandbox, cli, conn):
    args, env = conn
    current, target = sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
    sandbox.faults.add("drop_after_commit", path="/v2/licenses/upgrade", times=1)
    assert cli("upgrade", current, target, "--yes", *args, env=env).code == 0

    (entry,) = history(cli, current)
    assert (entry["action"], entry["outcome"]) == ("upgrade", "done")
    assert "went through" in entry["detail"]
    assert entry["before"]["upgrade_serial"] == target


def test_upgrade_dropped_before_commit_is_reconciled_to_not_done(sandbox, cli, conn):
    args, env = conn
    current, target = sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
    sandbox.faults.add("drop", path="/v2/licenses/upgrade", times=1)
    assert cli("upgrade", current, target, "--yes", *args, env=env).code == 3

    (entry,) = history(cli, current)
    assert entry["outcome"] == "failed" and "did not happen" in entry["detail"]


def test_register_and_a_batch_check_are_recorded(sandbox, cli, conn, tmp_path):
    args, env = conn
    serial = sandbox.serial("offline")
    assert (
        cli("register", serial, "--name", "Ada", "--email", "ada@example.com", *args, env=env).code
        == 0
    )
    listing = tmp_path / "serials.txt"
    listing.write_text(f"{sandbox.serial('perpetual')}\n{serial}\nZZZZ-ZZZZ-ZZZZ-0001-ZZZZ\n")
    assert cli("check", str(listing), *args, env=env).code == 1  # one not found

    batch, register = history(cli)
    assert (register["action"], register["serial"], register["outcome"]) == (
        "register",
        serial,
        "done",
    )
    assert (batch["action"], batch["outcome"]) == ("batch_check", "done")
    assert batch["counts"] == {"serials": 3, "checked": 3, "active": 2, "not_found": 1}


def test_an_unwritable_history_warns_once_and_the_change_still_happens(
    sandbox, cli, conn, tmp_path, monkeypatch
):
    args, env = conn
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(blocker / "data"))
    serial = sandbox.serial("perpetual")
    aid = next(i for i, a in activation_ids(cli, conn, serial).items() if a["activated"])

    r = cli("deactivate", str(aid), *args, env=env)

    assert r.code == 0 and r.out.strip() == "Activation successfully updated."
    assert r.err.count("The history is not being recorded") == 1
    assert activation_ids(cli, conn, serial)[aid]["activated"] is False
