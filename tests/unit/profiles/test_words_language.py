"""Profiles and keys said in the language in use (issue #15): whole sentences per field,
never a translated field name glued into a translated sentence."""

from __future__ import annotations

import pytest
from keyring.backends import fail

from licensedesk.profiles import Profile, ProfileError, ProfileStore, SecretStore
from tests.unit.api.catalogue import speak

GERMAN = {
    "A profile needs a name.": "Ein Verbindungsprofil braucht einen Namen.",
    "The read time-out must be more than 0 and at most {max} seconds (got {value}).": "Die Zeitüberschreitung für das Lesen muss größer als 0 und höchstens {max} Sekunden "
    "sein (angegeben: {value}).",
    "There is no profile called {name} (profiles: none yet).": "Es gibt kein Verbindungsprofil namens {name} (Verbindungsprofile: noch keine).",
    "no OS keyring is available": "es ist kein Schlüsselbund des Betriebssystems verfügbar",
    "memory only (this session)": "nur im Arbeitsspeicher (diese Sitzung)",
    "API keys are kept in memory for this session only: {reason}. They will be asked for again "
    "next time; nothing is written to disk.": "API-Schlüssel werden nur für diese Sitzung im Arbeitsspeicher gehalten: {reason}. Sie "
    "werden beim nächsten Mal erneut abgefragt; nichts wird auf die Festplatte geschrieben.",
}


def test_profile_errors_are_whole_sentences_in_the_language_in_use(monkeypatch, tmp_path):
    speak(monkeypatch, GERMAN)
    with pytest.raises(ProfileError) as info:
        Profile(name=" ", base_url="https://licences.example.com", read_app_id="app")
    assert info.value.sentence == "Ein Verbindungsprofil braucht einen Namen."
    with pytest.raises(ProfileError) as info:
        Profile(
            name="prod",
            base_url="https://licences.example.com",
            read_app_id="app",
            read_timeout=900,
        )
    assert info.value.sentence == (
        "Die Zeitüberschreitung für das Lesen muss größer als 0 und "
        "höchstens 600 Sekunden sein (angegeben: 900)."
    )
    with pytest.raises(ProfileError) as info:
        ProfileStore(tmp_path).get("x")
    assert str(info.value) == (
        "Es gibt kein Verbindungsprofil namens 'x' (Verbindungsprofile: noch keine)."
    )


def test_where_keys_go_is_said_in_the_language_in_use(monkeypatch):
    speak(monkeypatch, GERMAN)
    store = SecretStore(fail.Keyring())
    assert store.backend_description == "nur im Arbeitsspeicher (diese Sitzung)"
    assert store.reason == "es ist kein Schlüsselbund des Betriebssystems verfügbar"
    assert store.warning == (
        "API-Schlüssel werden nur für diese Sitzung im Arbeitsspeicher gehalten: es ist kein "
        "Schlüsselbund des Betriebssystems verfügbar. Sie werden beim nächsten Mal erneut "
        "abgefragt; nichts wird auf die Festplatte geschrieben."
    )
