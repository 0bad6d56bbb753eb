"""``check`` in a child process, as a reseller runs it, on the demo's subscription without
a period: it is what ``validate`` answers for it, "No Active Subscription!", in every
output form and language, and the exit code says the serial is not usable."""

from __future__ import annotations

import csv
import io
import json

import pytest

from .child import ChildCli

REASON = "There is no active subscription for this licence."


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


def test_validate_and_check_agree_in_every_form(sandbox, child):
    serial = sandbox.serial("subscription_none")
    product = sandbox.product_code("subscription_none")
    validated = child("--json", "validate", serial, "--product", product, *child.conn)
    assert validated.code == 1 and "No Active Subscription" in validated.out

    stdin = serial.encode()
    as_json = child("check", "-", "--json", *child.conn, stdin=stdin)
    assert as_json.code == 1, as_json.err  # not usable, like an expired serial
    [row] = [json.loads(line) for line in as_json.out.splitlines()]
    assert (row["status"], row["words"], row["reason"]) == (
        "no_subscription",
        "no active subscription",
        REASON,
    )
    as_csv = child("check", "-", "--csv", *child.conn, stdin=stdin)
    [line] = list(csv.DictReader(io.StringIO(as_csv.out)))
    assert (line["status"], line["words"], line["reason"]) == (
        "no_subscription",
        "no active subscription",
        REASON,
    )
    with_product = child("check", "-", "--json", "--product", product, *child.conn, stdin=stdin)
    assert json.loads(with_product.out) == row  # validate's answer is the same status


@pytest.mark.parametrize(
    ("lang", "words", "summary"),
    [
        ("en", "no active subscription", "Checked 1 serial: 1 without an active subscription."),
        ("de", "kein aktives Abonnement", "1 Seriennummer geprüft: 1 ohne aktives Abonnement."),
    ],
)
def test_people_read_it_in_their_language(sandbox, child, lang, words, summary):
    serial = sandbox.serial("subscription_none")
    done = child("--lang", lang, "check", "-", *child.conn, stdin=serial.encode())
    assert done.code == 1, done.err
    assert done.out.splitlines()[0].startswith(f"{serial}  {words} · subscription")
    assert summary in done.out + done.err
