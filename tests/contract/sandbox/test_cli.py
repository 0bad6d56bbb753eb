"""``licensedesk-sandbox`` commands: demo, load/export round trip, credentials create."""

from __future__ import annotations

import json

import pytest

from licensedesk.sandbox.__main__ import main
from licensedesk.sandbox.server import SandboxServer

from .helpers import HTTP

KINDS = {
    "perpetual",
    "subscription_active",
    "subscription_expired",
    "subscription_not_started",
    "trial",
    "upgrade_current",
    "upgrade_target",
    "upgrade_mismatch",
    "offline",
    "host_limit",
    "no_activations",
    "many_activations",
    "inactive_product",
    "trial_expired",
    "trial_not_started",
    "subscription_none",
    "trial_second",
}


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_demo_json_has_dataset_and_catalogue(tmp_path, capsys):
    code, out = run(capsys, "demo", "--db", str(tmp_path / "d.db"), "--json")
    data = json.loads(out)
    assert code == 0
    for key in ("dealers", "skus", "products", "licenses", "activations", "credentials"):
        assert data[key], key
    assert set(data["catalogue"]["serials"]) == KINDS
    assert set(data["catalogue"]["credentials"]) == {"read", "write", "read_write"}
    assert set(data["catalogue"]["hosts"]) == {"deactivated", "trial_device"}
    assert all("api_key" not in c for c in data["credentials"])


def test_demo_summary_names_credentials_and_serials(tmp_path, capsys):
    code, out = run(capsys, "demo", "--db", str(tmp_path / "d.db"))
    assert code == 0 and "demo-read-write" in out and "many_activations" in out


def test_load_export_round_trip(tmp_path, capsys):
    _, out = run(capsys, "demo", "--db", str(tmp_path / "a.db"), "--json")
    demo = json.loads(out)
    _, exported = run(capsys, "export", "--db", str(tmp_path / "a.db"))
    first = json.loads(exported)
    assert "api_key" not in exported.replace("api_key_hash", "")
    serials = [lic["serial"] for lic in demo["licenses"]]
    assert [lic["serial"] for lic in first["licenses"]] == serials
    file = tmp_path / "dump.json"
    file.write_text(exported)
    assert run(capsys, "load", "--db", str(tmp_path / "b.db"), str(file))[0] == 0
    _, again = run(capsys, "export", "--db", str(tmp_path / "b.db"))
    assert json.loads(again) == first
    pair = demo["catalogue"]["credentials"]["read"]
    serial = demo["catalogue"]["serials"]["perpetual"]
    with SandboxServer(tmp_path / "b.db") as server:
        response = HTTP.get(f"{server.url}/v2/licenses/show-license/{serial}", params=pair)
    assert response.status_code == 200


def test_load_hashes_a_plain_api_key(tmp_path, capsys):
    _, out = run(capsys, "demo", "--db", str(tmp_path / "a.db"), "--json")
    data = json.loads(out)
    data["credentials"] = [{"app_id": "mine", "api_key": "plain-secret-123", "read": True}]
    file = tmp_path / "mine.json"
    file.write_text(json.dumps(data))
    assert run(capsys, "load", "--db", str(tmp_path / "m.db"), str(file))[0] == 0
    assert b"plain-secret-123" not in (tmp_path / "m.db").read_bytes()
    serial = data["catalogue"]["serials"]["perpetual"]
    with SandboxServer(tmp_path / "m.db") as server:
        url = f"{server.url}/v2/licenses/show-license/{serial}"
        assert HTTP.get(url, params={"app_id": "mine", "api_key": "plain-secret-123"}).is_success
        assert HTTP.get(url, params={"app_id": "mine", "api_key": "wrong"}).status_code == 401


def test_load_refuses_a_broken_file(tmp_path, capsys):
    file = tmp_path / "bad.json"
    file.write_text(json.dumps({"licenses": [{"serial": "X"}]}))
    assert main(["load", "--db", str(tmp_path / "x.db"), str(file)]) == 2
    assert "lacks" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flags", "can_read", "can_write"),
    [(["--read"], True, False), (["--write"], False, True), (["--read", "--write"], True, True)],
)
def test_credentials_create(tmp_path, capsys, flags, can_read, can_write):
    db = tmp_path / "c.db"
    _, out = run(capsys, "demo", "--db", str(db), "--json")
    serial = json.loads(out)["catalogue"]["serials"]["perpetual"]
    code, out = run(capsys, "credentials", "create", "--db", str(db), *flags, "--json")
    created = json.loads(out)
    assert code == 0 and created["api_key"]
    pair = {"app_id": created["app_id"], "api_key": created["api_key"]}
    with SandboxServer(db) as server:
        read = HTTP.get(f"{server.url}/v2/licenses/show-license/{serial}", params=pair)
        write = HTTP.post(f"{server.url}/v2/licenses/products", json={**pair, "serial": serial})
    assert (read.status_code == 200) is can_read
    assert (write.status_code == 200) is can_write
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("c.db*"))
    assert created["api_key"].encode() not in stored
    assert created["app_id"].encode() in stored


def test_credentials_create_needs_a_permission(tmp_path, capsys):
    assert main(["credentials", "create", "--db", str(tmp_path / "c.db")]) == 2


@pytest.mark.parametrize("option", [["--header-timeout", "0"], ["--max-connections", "-1"]])
def test_serve_refuses_limits_that_are_not_above_zero(tmp_path, capsys, option):
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--db", str(tmp_path / "s.db"), *option])
    assert exit_.value.code == 2 and "must be above 0" in capsys.readouterr().err
