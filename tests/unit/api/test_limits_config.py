"""The client's limits as settings (issue #13): ``ClientConfig.deadline`` and the answer
size limits are checked on construction; ``Profile.deadline`` is saved, loaded, given to
older profiles as 60 s, and reaches the client's config."""

from __future__ import annotations

import json

import pytest

from licensedesk.api import ClientConfig, Credentials, InvalidInput
from licensedesk.profiles import Profile, ProfileError, ProfileStore, client_config

URL = "https://licenses.example.com"


def test_client_defaults():
    config = ClientConfig(URL)
    assert config.deadline == 60.0
    assert config.max_answer_bytes == 4 * 1024**2
    assert config.max_list_answer_bytes == 256 * 1024**2


@pytest.mark.parametrize("field", ["deadline", "max_answer_bytes", "max_list_answer_bytes"])
@pytest.mark.parametrize("value", [0, -1])
def test_client_refuses_a_limit_that_is_not_positive(field, value):
    with pytest.raises(InvalidInput) as caught:
        ClientConfig(URL, **{field: value})
    assert caught.value.field == field and "must be positive" in caught.value.sentence


def make(**kw) -> Profile:
    return Profile(name="prod", base_url=URL, read_app_id="r", **kw)


def test_profile_deadline_default_and_bounds():
    assert make().deadline == 60.0
    assert make(deadline=2).deadline == 2.0
    for value in (0, -1, 601, "60", True, float("nan")):
        with pytest.raises(ProfileError, match="deadline of a call"):
            make(deadline=value)


def test_profile_deadline_saved_loaded_and_given_to_the_client(tmp_path):
    store = ProfileStore(tmp_path)
    store.save(make(deadline=12.5))
    assert json.loads(store.path.read_text())["profiles"][0]["deadline"] == 12.5
    profile = ProfileStore(tmp_path).get("prod")
    assert profile.deadline == 12.5
    assert client_config(profile, None, keys={"read": "sk_key_0001"}).deadline == 12.5


def test_a_profile_saved_before_the_deadline_gets_60_s(tmp_path):
    old = {
        "version": 1,
        "last_used": "prod",
        "profiles": [{"name": "prod", "base_url": URL, "read_app_id": "r", "read_timeout": 20.0}],
    }
    (tmp_path / "profiles.json").write_text(json.dumps(old))
    assert ProfileStore(tmp_path).get("prod").deadline == 60.0


def test_the_deadline_is_no_secret_and_repr_hides_the_key():
    config = ClientConfig(URL, read=Credentials("a", "sk_secret_0001"), deadline=5)
    assert "sk_secret_0001" not in repr(config)
