"""``validate`` and ``check`` against the sandbox in each of its two validation forms:
every documented outcome is the service's "no" (exit 1) with its cause and words, never
"could not find it" nor "could not check"; a lasting rate limit is exit 3."""

from __future__ import annotations

import json
import re

import pytest

from licensedesk.api.verdicts import Verdict
from tests.support.validation_cases import CASES, case_args


def _validate(cli, conn, sandbox, name: str, *extra: str):
    args, env = conn
    serial, code, host_id = case_args(sandbox, name)
    host = ["--host-id", host_id, "--device-tag", "Linux__64bits"] if host_id else []
    return cli("validate", serial, "--product", code, *host, *args, *extra, env=env)


@pytest.mark.parametrize("form", ["errors", "data"])
@pytest.mark.parametrize("name", [n for n in CASES if CASES[n][3] is not Verdict.VALID])
def test_validate_says_the_cause_and_the_words(sandbox, cli, conn, name, form):
    sandbox.set_validation_form(form)
    verdict, words = CASES[name][3], CASES[name][4]
    r = _validate(cli, conn, sandbox, name, "--json")
    assert r.code == 1, r.err
    assert r.json["valid"] is False and r.json["cause"] == verdict.value
    if form == "errors":
        assert r.json["message"] == words
    if name != "host_limit":  # it takes a seat when one is free: ask once only
        r = _validate(cli, conn, sandbox, name)
        assert r.code == 1 and re.search(r"^Valid:\s+no$", r.out, re.M)
        assert "could not find" not in r.out + r.err


def test_validate_human_output_keeps_the_services_words(sandbox, cli, conn):
    r = _validate(cli, conn, sandbox, "subscription_expired")
    assert r.code == 1
    assert re.search(r"^Result:\s+The licence has expired\.$", r.out, re.M)
    assert re.search(r"^Message:\s+Subscription license expired!$", r.out, re.M)


@pytest.mark.parametrize("form", ["errors", "data"])
def test_check_rows_are_answers_not_failures(sandbox, cli, conn, tmp_path, form):
    sandbox.set_validation_form(form)
    kinds = ["subscription_expired", "subscription_not_started", "trial", "perpetual"]
    path = tmp_path / "serials.txt"
    path.write_text("\n".join(sandbox.serial(k) for k in kinds), encoding="utf-8")
    args, env = conn
    r = cli(
        "check", str(path), "--json", "--product", sandbox.product_code("perpetual"), *args, env=env
    )
    assert r.code == 1, r.err  # the service answered: 1, not 3
    status = {row["serial"]: row["status"] for row in map(json.loads, r.out.splitlines())}
    assert [status[sandbox.serial(k)] for k in kinds] == [
        "expired",
        "not_started",
        "invalid",
        "active",
    ]


def test_check_of_an_expired_licence_for_its_own_product(sandbox, cli, conn, tmp_path):
    path = tmp_path / "serials.txt"
    path.write_text(sandbox.serial("trial_expired"), encoding="utf-8")
    args, env = conn
    r = cli(
        "check", str(path), "--json", "--product", sandbox.product_code("trial"), *args, env=env
    )
    assert r.code == 1, r.err
    (row,) = map(json.loads, r.out.splitlines())
    assert row["status"] == "expired" and "could not check" not in row["words"]
    assert row["reason"] == ""  # the validation said "expired" too: not said twice


def test_a_validation_answered_429_is_asked_again(sandbox, cli, conn):
    sandbox.faults.add("rate_limit", path="/v2/licenses/valid", times=1, retry_after=0)
    r = _validate(cli, conn, sandbox, "valid", "--json")
    assert r.code == 0, r.err
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 2


@pytest.mark.parametrize("command", ["validate", "show"])
def test_a_lasting_rate_limit_exits_3_and_says_so(sandbox, cli, conn, command):
    sandbox.faults.add("rate_limit", retry_after=0)
    if command == "validate":
        r = _validate(cli, conn, sandbox, "valid")
    else:
        args, env = conn
        r = cli("show", sandbox.serial("perpetual"), *args, env=env)
    assert r.code == 3
    assert "rate limiting" in r.err
    assert sandbox.request_count() == 3  # asked again twice, then told


def test_a_validation_that_records_a_host_is_not_asked_again(sandbox, cli, conn):
    sandbox.faults.add("rate_limit", path="/v2/licenses/valid", retry_after=0)
    r = _validate(cli, conn, sandbox, "host_limit")
    assert r.code == 3 and "rate limiting" in r.err
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 1


def test_the_command_line_names_itself(sandbox, cli, conn, tmp_path):
    from tests.contract.client.test_what_is_sent import assert_every_request_named_us

    args, env = conn
    assert cli("show", sandbox.serial("perpetual"), *args, env=env).code == 0
    path = tmp_path / "serials.txt"
    path.write_text(sandbox.serial("trial"), encoding="utf-8")
    assert cli("check", str(path), *args, env=env).code == 0
    assert_every_request_named_us(sandbox, at_least=3)
