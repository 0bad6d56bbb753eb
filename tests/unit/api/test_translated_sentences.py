"""The client's sentences in the language in use (issue #15), each keeping its English.

A person reads ``err.sentence`` in their language; exports and the history keep
``err.english``. Sentences are whole: values are put into one translated sentence, never
glued from translated pieces; marked defaults are translated when raised, not at import.
"""

from __future__ import annotations

import json

import httpx
import pytest

from licensedesk import i18n
from licensedesk.api.errors import ConnectFailed, InvalidInput, NotFound, TimedOut
from licensedesk.api.models import ValidationResult
from licensedesk.api.responses import decode
from licensedesk.api.sentence import Sentence, english_of, say
from licensedesk.api.serials import normalize_serial
from licensedesk.api.transport import maybe_done

from .catalogue import speak

RULE = "A serial has five groups of four letters or digits, like ABCD-1234-EFGH-5678-IJKL."
GERMAN = {
    "This serial does not exist.": "Diese Seriennummer gibt es nicht.",
    "The licence has expired.": "Die Lizenz ist abgelaufen.",
    "Not valid: {message}": "Nicht gültig: {message}",
    "HTTP status: {status}": "HTTP-Status: {status}",
    "Service message: {message}": "Meldung des Dienstes: {message}",
    RULE: "Eine Seriennummer hat fünf Gruppen aus je vier Buchstaben oder Ziffern, etwa "
    "ABCD-1234-EFGH-5678-IJKL.",
    "\u201c{text}\u201d is not a serial. {rule}": "\u201e{text}\u201c ist keine Seriennummer. {rule}",
    "Could not connect to the licence service. Check the address and the network.": "Keine Verbindung zum Lizenzdienst möglich. Prüfen Sie die Adresse und das Netzwerk.",
    "The licence service did not answer in time.": "Der Lizenzdienst hat nicht rechtzeitig geantwortet (Zeitüberschreitung).",
    "{problem} The change may or may not have been made: reload before trying again.": "{problem} Die Änderung wurde vielleicht ausgeführt, vielleicht auch nicht: Laden Sie "
    "neu, bevor Sie es erneut versuchen.",
    "The licence does not cover this product.": "Die Lizenz gilt nicht für dieses Produkt.",
}


def _not_found() -> NotFound:
    body = {"error": {"message": "License does not exist!", "status_code": 404}}
    response = httpx.Response(
        404, content=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with pytest.raises(NotFound) as info:
        decode(
            response,
            not_found_what="license",
            method="GET",
            url="https://h/v2/licenses/show-license/X",
        )
    return info.value


def test_an_error_is_said_in_the_language_in_use_and_keeps_its_english(monkeypatch):
    speak(monkeypatch, GERMAN)
    err = _not_found()
    assert err.sentence == str(err) == "Diese Seriennummer gibt es nicht."
    assert err.english == "This serial does not exist."
    details = err.details.describe()
    assert "HTTP-Status: 404" in details
    # the service's own words stay as it sent them, inside our translated label
    assert "Meldung des Dienstes: License does not exist!" in details


def test_a_sentence_with_values_is_one_translated_sentence_with_the_values_put_in(monkeypatch):
    speak(monkeypatch, GERMAN)
    with pytest.raises(InvalidInput) as info:
        normalize_serial("ABCD-12")
    german_rule = GERMAN[RULE]
    assert info.value.sentence == f"\u201eABCD-12\u201c ist keine Seriennummer. {german_rule}"
    # the English says the same, rule included: what a batch export or the history keeps
    assert info.value.english == f"\u201cABCD-12\u201d is not a serial. {RULE}"


def test_marked_defaults_are_translated_when_raised_not_when_imported(monkeypatch):
    speak(monkeypatch, GERMAN)
    assert ConnectFailed().sentence.startswith("Keine Verbindung zum Lizenzdienst")
    i18n.use_language("en")  # the catalogue in use changes: the next error follows it
    assert ConnectFailed().sentence == ConnectFailed.default_sentence
    assert ConnectFailed().english == ConnectFailed.default_sentence


def test_a_sentence_inside_a_sentence_is_said_in_each_language(monkeypatch):
    speak(monkeypatch, GERMAN)
    told = maybe_done(say(TimedOut.default_sentence))
    assert told.startswith("Der Lizenzdienst hat nicht rechtzeitig geantwortet")
    assert told.endswith("bevor Sie es erneut versuchen.")
    assert told.english == (
        "The licence service did not answer in time. The change may or may "
        "not have been made: reload before trying again."
    )


def test_a_validation_reason_is_translated_and_a_strangers_message_is_kept(monkeypatch):
    speak(monkeypatch, GERMAN)
    known = ValidationResult(message="Subscription license expired!").reason_sentence
    assert (known, english_of(known)) == ("Die Lizenz ist abgelaufen.", "The licence has expired.")
    odd = ValidationResult(message="seat_sold_twice").reason_sentence
    assert (odd, english_of(odd)) == ("Nicht gültig: seat_sold_twice", "Not valid: seat_sold_twice")


def test_a_sentence_is_text_wherever_text_goes():
    said = Sentence("Diese Seriennummer gibt es nicht.", "This serial does not exist.")
    assert isinstance(said, str) and said.upper().startswith("DIESE")
    assert json.dumps({"sentence": said}) == '{"sentence": "Diese Seriennummer gibt es nicht."}'
    assert english_of("plain text") == "plain text"


@pytest.mark.parametrize(
    "language, decimal, whole", [("en", "2,048.5", "1,234,567"), ("de", "2.048,5", "1.234.567")]
)
def test_numbers_are_written_as_the_language_in_use_writes_them(
    monkeypatch, language, decimal, whole
):
    monkeypatch.setattr(i18n, "_language", language)
    assert i18n.format_number(2048.5, 1) == decimal
    assert i18n.format_number(1_234_567) == whole
