"""history.json: defaults, round trip, no password ever; the team password in the keyring
under its own name (never meeting a profile's keys)."""

from __future__ import annotations

import json

import pytest

from licensedesk.history import HistorySettings, SettingsError, load_settings, save_settings
from licensedesk.profiles import SecretStore
from licensedesk.storage.settings import (
    KEYRING_ENTRY,
    describe_team_url,
    set_team_url,
    split_password,
    team_password,
)
from tests.support.memory_keyring import MemoryKeyring

PASSWORD = "pg-canary-p@ss:w/rd"


def test_defaults_to_the_local_store_without_a_file(tmp_path):
    assert load_settings() == HistorySettings(store="local")
    assert not (tmp_path / "config" / "history.json").exists()


def test_round_trip_next_to_the_profiles(tmp_path):
    settings = HistorySettings(
        store="team", team_url="postgresql://ana@db.example.com:5432/ld", display_name="  Ana Lima "
    )
    path = save_settings(settings)
    assert path == tmp_path / "config" / "history.json"
    assert json.loads(path.read_text()) == {
        "version": 1,
        "store": "team",
        "display_name": "Ana Lima",
        "team_url": "postgresql://ana@db.example.com:5432/ld",
        "book_days": None,
        "keep_months": None,
    }
    assert load_settings() == settings


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://ana:secret@db/x",
        "postgresql://ana@db/x?password=secret",
        "mysql://ana@db/x",
        "postgresql:///x",
        "postgresql://db:notaport/x",
    ],
)
def test_bad_team_urls_are_refused(url):
    with pytest.raises(SettingsError):
        HistorySettings(store="team", team_url=url)


def test_a_password_moves_to_the_keyring():
    backend = MemoryKeyring()
    secrets = SecretStore(backend)
    quoted = "pg-canary-p%40ss%3Aw%2Frd"
    url = set_team_url(f"postgresql://ana:{quoted}@db.example.com:5432/ld?sslmode=require", secrets)
    assert url == "postgresql://ana@db.example.com:5432/ld?sslmode=require"
    assert backend.entries == {("licensedesk", KEYRING_ENTRY): PASSWORD}
    assert team_password(secrets) == PASSWORD
    path = save_settings(HistorySettings(store="team", team_url=url))
    assert PASSWORD not in path.read_text() and quoted not in path.read_text()
    # a profile of the same name keeps its own entries
    secrets.set("history-team", "read", "k" * 20)
    assert team_password(secrets) == PASSWORD
    with pytest.raises(SettingsError, match="only be kept in the OS keyring"):
        set_team_url("postgresql://ana:pw@db/x", None)


def test_split_and_describe():
    assert split_password("postgresql://a:b@h:1/d?password=c&x=1") == (
        "postgresql://a@h:1/d?x=1",
        "b",
    )
    assert split_password("postgresql://h/d?password=c") == ("postgresql://h/d", "c")
    assert describe_team_url("postgresql://a@h:1/d?sslmode=require") == "a@h:1/d"


def test_a_damaged_file_is_a_sentence(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "history.json").write_text("{oops")
    with pytest.raises(SettingsError, match="cannot be read"):
        load_settings()
    (tmp_path / "config" / "history.json").write_text('{"store": "cloud"}')
    with pytest.raises(SettingsError, match="not valid"):
        load_settings()
    for shape in ("[]", '{"version": true}', '{"version": "1"}'):
        (tmp_path / "config" / "history.json").write_text(shape)
        with pytest.raises(SettingsError, match="expected shape"):
            load_settings()
    (tmp_path / "config" / "history.json").write_text('{"version": 2}')
    with pytest.raises(SettingsError, match="newer License Desk"):
        load_settings()


def test_the_books_retention_round_trips_and_is_checked():
    save_settings(HistorySettings(book_days=365))
    assert load_settings().book_days == 365
    for wrong in (0, -1, 3651, True, "30"):
        with pytest.raises(SettingsError):
            HistorySettings(book_days=wrong)
    for wrong in (0, 601, True, "24"):
        with pytest.raises(SettingsError, match="months"):
            HistorySettings(keep_months=wrong)
