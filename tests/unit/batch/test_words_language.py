"""A batch row's words twice (issue #15): ``words_text``/``reason_text`` in the language in
use for the table and the command line, ``words``/``reason`` in English for the exports,
whatever the language (a script reading a CSV must not break when a desk speaks German)."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

from licensedesk.api.errors import ConnectFailed
from licensedesk.api.models import License, ValidationResult
from licensedesk.batch.export import row_dict, write_csv
from licensedesk.batch.model import CheckResult, Status
from licensedesk.batch.status import could_not_check, found_result, not_found
from tests.unit.api.catalogue import speak

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
CONNECT = "Could not connect to the licence service. Check the address and the network."
GERMAN = {
    ("expires in {n} day", "expires in {n} days"): ("läuft in {n} Tag ab", "läuft in {n} Tagen ab"),
    "not found": "nicht gefunden",
    "The service does not know this serial.": "Der Dienst kennt diese Seriennummer nicht.",
    "could not check: {problem}": "konnte nicht geprüft werden: {problem}",
    CONNECT: "Keine Verbindung zum Lizenzdienst möglich. Prüfen Sie die Adresse und das Netzwerk.",
    "invalid for product: {reason}": "ungültig für das Produkt: {reason}",
    "The licence does not cover this product.": "Die Lizenz gilt nicht für dieses Produkt.",
}


def lic(end: datetime | None) -> License:
    return License.from_wire(
        {"id": 1, "serial": "LEWX-6XUC-N5G5-Q8F9-Q2R5", "end_at": end.timestamp() if end else None}
    )


def test_days_are_said_in_the_language_in_use_with_its_plural_and_exported_in_english(monkeypatch):
    speak(monkeypatch, GERMAN)
    five = found_result(0, "S", lic(NOW + 5 * DAY), NOW)
    one = found_result(1, "S", lic(NOW + DAY), NOW)
    assert (five.status, five.words_text, one.words_text) == (
        Status.EXPIRING,
        "läuft in 5 Tagen ab",
        "läuft in 1 Tag ab",
    )
    assert (five.words, one.words) == ("expires in 5 days", "expires in 1 day")
    assert row_dict(five)["words"] == "expires in 5 days"


def test_an_error_row_shows_the_translated_sentence_and_exports_the_english(monkeypatch):
    speak(monkeypatch, GERMAN)
    row = could_not_check(3, "S", ConnectFailed())
    assert row.words_text == (
        "konnte nicht geprüft werden: Keine Verbindung zum Lizenzdienst "
        "möglich. Prüfen Sie die Adresse und das Netzwerk."
    )
    assert row.reason_text.startswith("Keine Verbindung")
    assert (row.words, row.reason) == (f"could not check: {CONNECT}", CONNECT)
    out = io.StringIO()
    write_csv(out, [row, not_found(4, "T")])
    text = out.getvalue()
    assert f"could not check: {CONNECT}" in text and "not found" in text
    assert "Keine Verbindung" not in text and "nicht gefunden" not in text


def test_an_invalid_row_says_why_in_both_languages(monkeypatch):
    speak(monkeypatch, GERMAN)
    refused = ValidationResult(message="product_mismatch")
    row = found_result(0, "S", lic(None), NOW, validation=refused)
    assert row.status == Status.INVALID
    assert row.words_text == "ungültig für das Produkt: Die Lizenz gilt nicht für dieses Produkt."
    assert row.reason_text == "Die Lizenz gilt nicht für dieses Produkt."
    assert row.words == "invalid for product: The licence does not cover this product."
    assert row.reason == "The licence does not cover this product."


def test_a_row_made_without_shown_words_shows_its_english():
    row = CheckResult(0, "S", Status.ACTIVE, "active", reason="")
    assert (row.words_text, row.reason_text) == ("active", "")
