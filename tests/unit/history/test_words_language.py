"""The history in the language in use (issue #15): what it stores stays English (keys and
details: one team database is read by desks in several languages, exports are read by
scripts); what people are shown is said in their language."""

from __future__ import annotations

import pytest

from licensedesk.api.errors import ConnectFailed
from licensedesk.api.sentence import say
from licensedesk.history import HistorySettings, Recorder, local_history_path
from licensedesk.history.model import outcome_text, outcome_words
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.i18n import N_
from tests.support.aio import run_async
from tests.unit.api.catalogue import speak

from .checks import SERIAL

CONNECT = "Could not connect to the licence service. Check the address and the network."
GERMAN = {
    "refused": "abgelehnt",
    "not sent": "nicht gesendet",
    "sent, outcome unknown": "gesendet, Ergebnis unbekannt",
    "{outcome}: {detail}": "{outcome}: {detail}",
    CONNECT: "Keine Verbindung zum Lizenzdienst möglich. Prüfen Sie die Adresse und das Netzwerk.",
    "The licence is valid for this product.": "Die Lizenz ist für dieses Produkt gültig.",
    "The history is not being recorded. {problem}": "Der Verlauf wird nicht aufgezeichnet. {problem}",
    "The history settings {path} cannot be read ({problem}).": "Die Verlaufseinstellungen {path} können nicht gelesen werden ({problem}).",
}


def test_outcome_words_stay_english_and_outcome_text_is_translated(monkeypatch):
    speak(monkeypatch, GERMAN)
    assert outcome_words("refused", "License does not exist!") == "refused: License does not exist!"
    # the service's words are shown as they were sent; our own sentence is found and translated
    assert (
        outcome_text("refused", "License does not exist!") == "abgelehnt: License does not exist!"
    )
    assert outcome_text("failed", CONNECT) == f"nicht gesendet: {GERMAN[CONNECT]}"
    assert outcome_text("pending") == "gesendet, Ergebnis unbekannt"


def _record(recorder: Recorder, error: BaseException | None, detail: str | None = None) -> None:
    async def action():
        async with recorder.record("validate_record", serial=SERIAL) as rec:
            if error is not None:
                raise error
            rec.done(detail)

    if error is None:
        run_async(action())
    else:
        with pytest.raises(type(error)):
            run_async(action())


def test_a_detail_said_in_german_is_stored_in_english_and_shown_in_german(monkeypatch):
    speak(monkeypatch, GERMAN)
    recorder = Recorder.from_settings(HistorySettings())
    _record(recorder, ConnectFailed())
    _record(recorder, None, say(N_("The licence is valid for this product.")))
    assert recorder.close()
    store = SqliteStore(local_history_path())
    try:
        done, failed = store.history(SERIAL)
    finally:
        store.close()
    assert (failed.outcome, failed.detail) == ("failed", CONNECT)
    assert done.detail == "The licence is valid for this product."
    assert failed.outcome_text == f"nicht gesendet: {GERMAN[CONNECT]}"


def test_the_problem_sentence_is_said_in_the_language_in_use(tmp_path, monkeypatch):
    speak(monkeypatch, GERMAN)
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "history.json").write_text("{oops")
    told: list[str] = []
    recorder = Recorder.from_settings(on_problem=told.append)
    _record(recorder, None, "Activation successfully updated.")
    recorder.close()
    assert len(told) == 1
    assert told[0].startswith("Der Verlauf wird nicht aufgezeichnet. Die Verlaufseinstellungen ")
    assert "können nicht gelesen werden" in told[0]
