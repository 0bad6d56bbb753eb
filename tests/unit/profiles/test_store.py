"""ProfileStore: the JSON file in a tmp dir; never a key in it."""

from __future__ import annotations

import json

import pytest

from licensedesk.profiles import Profile, ProfileError, ProfileStore, SecretStore
from licensedesk.profiles.store import default_config_dir
from tests.support.memory_keyring import MemoryKeyring


def make(name="prod", **kw) -> Profile:
    return Profile(name=name, base_url="https://licenses.example.com", read_app_id="r", **kw)


def test_empty_store(tmp_path):
    store = ProfileStore(tmp_path / "cfg")
    assert store.list() == []
    assert store.last_used is None
    assert not (tmp_path / "cfg").exists()  # reading creates nothing


def test_round_trip(tmp_path):
    store = ProfileStore(tmp_path)
    a = make("a", write_app_id="w", transport="query", server_timezone="Europe/Berlin")
    b = make("b", verify_tls=False)
    store.save(a)
    store.save(b)
    again = ProfileStore(tmp_path)
    assert again.list() == [a, b]
    assert again.get("b") == b
    assert again.get(" b ") == b
    data = json.loads((tmp_path / "profiles.json").read_text())
    assert data["version"] == 1
    assert [p["name"] for p in data["profiles"]] == ["a", "b"]


def test_save_replaces_same_name_and_add_refuses_it(tmp_path):
    store = ProfileStore(tmp_path)
    store.add(make("a"))
    store.save(make("a", read_timeout=3))
    assert [p.read_timeout for p in store.list()] == [3.0]
    with pytest.raises(ProfileError, match="already exists"):
        store.add(make("a"))


def test_get_unknown_names_the_known_ones(tmp_path):
    store = ProfileStore(tmp_path)
    store.save(make("a"))
    with pytest.raises(ProfileError, match=r"no profile called 'zz' \(profiles: a\)"):
        store.get("zz")
    assert store.find("zz") is None


def test_remove_deletes_keys_too(tmp_path):
    backend = MemoryKeyring()
    secrets = SecretStore(backend)
    store = ProfileStore(tmp_path, secrets=secrets)
    store.save(make("a", write_app_id="w"))
    store.save(make("b"))
    secrets.set("a", "read", "key-a-read-123")
    secrets.set("a", "write", "key-a-write-123")
    secrets.set("b", "read", "key-b-read-123")
    store.last_used = "a"
    store.remove("a")
    assert store.names() == ["b"]
    assert store.last_used is None
    assert set(backend.entries) == {("licensedesk", "b:read")}
    with pytest.raises(ProfileError, match="no profile called"):
        store.remove("a")


def test_last_used(tmp_path):
    store = ProfileStore(tmp_path)
    store.save(make("a"))
    store.last_used = "a"
    assert ProfileStore(tmp_path).last_used == "a"
    with pytest.raises(ProfileError):
        store.last_used = "nope"
    store.last_used = None
    assert store.last_used is None


def test_no_key_in_the_file_and_no_temp_files_left(tmp_path):
    secrets = SecretStore(MemoryKeyring())
    store = ProfileStore(tmp_path, secrets=secrets)
    store.save(make("a", write_app_id="w"))
    secrets.set("a", "read", "SUPER-SECRET-READ-KEY")
    secrets.set("a", "write", "SUPER-SECRET-WRITE-KEY")
    store.save(make("a", write_app_id="w", read_timeout=4))
    # no temporary file left; the lock file stays (removing it would race another writer)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["profiles.json", "profiles.json.lock"]
    text = (tmp_path / "profiles.json").read_text()
    assert "SUPER-SECRET" not in text
    assert "api_key" not in text


def test_a_damaged_file_is_a_sentence(tmp_path):
    (tmp_path / "profiles.json").write_text("{not json")
    with pytest.raises(ProfileError, match="damaged"):
        ProfileStore(tmp_path).list()


def test_a_newer_file_format_is_refused(tmp_path):
    (tmp_path / "profiles.json").write_text(json.dumps({"version": 99, "profiles": []}))
    with pytest.raises(ProfileError, match="newer License Desk"):
        ProfileStore(tmp_path).list()


def test_an_invalid_entry_names_the_profile_and_leaves_the_others_usable(tmp_path):
    entry = {"name": "bad", "base_url": "http://example.com", "read_app_id": "r"}
    good = make("good").to_dict()
    (tmp_path / "profiles.json").write_text(json.dumps({"version": 1, "profiles": [entry, good]}))
    store = ProfileStore(tmp_path)
    assert [p.name for p in store.list()] == ["good"]
    (problem,) = store.problems
    assert problem.startswith("Profile 'bad' in the profiles file is not valid")
    with pytest.raises(ProfileError, match="Profile 'bad' in the profiles file is not valid"):
        store.get("bad")
    store.save(make("new"))  # the refused entry stays in the file as it was
    kept = json.loads((tmp_path / "profiles.json").read_text())["profiles"]
    assert [e["name"] for e in kept] == ["bad", "good", "new"] and kept[0] == entry
    store.remove("bad")
    assert [p.name for p in store.list()] == ["good", "new"] and store.problems == []


def test_random_bytes_are_a_sentence(tmp_path):
    (tmp_path / "profiles.json").write_bytes(bytes(range(128, 256)) * 4)
    with pytest.raises(ProfileError, match="damaged"):
        ProfileStore(tmp_path).list()


def test_an_unwritable_folder_is_a_sentence(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ProfileError, match=r"cannot be (read|written)"):
        ProfileStore(blocker / "cfg").save(make())


def test_config_dir_from_env_and_platform(tmp_path, monkeypatch):
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(tmp_path / "env"))
    assert ProfileStore().config_dir == tmp_path / "env"
    monkeypatch.delenv("LICENSEDESK_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    import sys

    if sys.platform.startswith("linux"):
        assert default_config_dir() == tmp_path / "xdg" / "licensedesk"
