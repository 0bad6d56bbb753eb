"""``Profile.batch_concurrency``: 8 by default, 1 to 32, saved and loaded like the other
fields, and profiles files written before it existed still load."""

from __future__ import annotations

import json

import pytest

from licensedesk.profiles import Profile, ProfileError, ProfileStore


def make(**kw) -> Profile:
    return Profile(name="prod", base_url="https://licenses.example.com", read_app_id="r", **kw)


def test_default_and_bounds():
    assert make().batch_concurrency == 8
    assert make(batch_concurrency=1).batch_concurrency == 1
    assert make(batch_concurrency=32.0).batch_concurrency == 32


@pytest.mark.parametrize("value", [0, 33, -1, 2.5, True, "8", None, float("nan")])
def test_out_of_range_or_not_a_whole_number_says_why(value):
    with pytest.raises(ProfileError, match="batch concurrency"):
        make(batch_concurrency=value)


def test_saved_and_loaded(tmp_path):
    store = ProfileStore(tmp_path)
    store.save(make(batch_concurrency=3))
    assert json.loads(store.path.read_text())["profiles"][0]["batch_concurrency"] == 3
    assert ProfileStore(tmp_path).get("prod").batch_concurrency == 3


def test_a_file_from_before_the_setting_loads_with_the_default(tmp_path):
    old = {
        "version": 1,
        "last_used": "prod",
        "profiles": [
            {
                "name": "prod",
                "base_url": "https://licenses.example.com",
                "read_app_id": "r",
                "transport": None,
                "read_timeout": 20.0,
            }
        ],
    }
    (tmp_path / "profiles.json").write_text(json.dumps(old))
    assert ProfileStore(tmp_path).get("prod").batch_concurrency == 8


def test_a_bad_value_in_the_file_names_the_profile(tmp_path):
    entry = {
        "name": "prod",
        "base_url": "https://licenses.example.com",
        "read_app_id": "r",
        "batch_concurrency": 64,
    }
    (tmp_path / "profiles.json").write_text(json.dumps({"version": 1, "profiles": [entry]}))
    store = ProfileStore(tmp_path)
    assert store.list() == []  # refused alone: the others (none here) stay usable
    with pytest.raises(ProfileError, match=r"Profile 'prod'.*batch concurrency"):
        store.get("prod")
