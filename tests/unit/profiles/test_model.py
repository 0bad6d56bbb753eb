"""Profile: validation sentences and normalisation."""

from __future__ import annotations

import pytest

from licensedesk.profiles import Profile, ProfileError, is_loopback_host


def make(**kw) -> Profile:
    base = {"name": "prod", "base_url": "https://licenses.example.com", "read_app_id": "app-r"}
    base.update(kw)
    return Profile(**base)


def test_defaults():
    p = make()
    assert p.transport is None
    assert p.legacy_activation_routes is False
    assert (p.connect_timeout, p.read_timeout) == (5.0, 20.0)
    assert p.server_timezone == "UTC"
    assert p.verify_tls is True and p.ca_bundle is None
    assert p.allow_insecure_http is False
    assert p.pairs == ("read",)
    assert p.verify is True
    assert p.warnings() == []


def test_normalisation():
    p = make(
        name="  prod  ",
        base_url=" HTTPS://Licenses.Example.com/api/v2/ ",
        read_app_id="  ",
        write_app_id=" w ",
        transport="JSON",
    )
    assert p.name == "prod"
    assert p.base_url == "https://licenses.example.com/api"
    assert p.read_app_id is None and p.write_app_id == "w"
    assert p.pairs == ("write",)
    assert p.transport == "json"


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"name": ""}, "needs a name"),
        ({"name": "   "}, "needs a name"),
        ({"name": "a\nb"}, "control characters"),
        ({"name": "x" * 101}, "longer than"),
        ({"base_url": ""}, "base URL is empty"),
        ({"base_url": "ftp://x.example"}, "must start with https://"),
        ({"base_url": "licenses.example.com"}, "must start with https://"),
        ({"base_url": "https://"}, "no host name"),
        ({"base_url": "https://u:p@x.example"}, "user name or password"),
        ({"base_url": "https://x.example/?a=1"}, "query"),
        ({"base_url": "https://x.example:port"}, "not a valid address"),
        ({"base_url": "http://licenses.example.com"}, "unencrypted http://"),
        ({"read_app_id": None}, "at least one app_id"),
        ({"transport": "xml"}, "not one of json, form or query"),
        ({"connect_timeout": 0}, "more than 0"),
        ({"read_timeout": -1}, "more than 0"),
        ({"read_timeout": float("nan")}, "more than 0"),
        ({"read_timeout": "5"}, "number of seconds"),
        ({"read_timeout": True}, "number of seconds"),
        ({"server_timezone": "Mars/Olympus"}, "not a known IANA time zone"),
        ({"server_timezone": ""}, "time zone is empty"),
        ({"verify_tls": "yes"}, "true or false"),
    ],
)
def test_invalid_profiles_say_why(changes, fragment):
    with pytest.raises(ProfileError) as info:
        make(**changes)
    assert fragment in str(info.value)
    assert info.value.sentence == str(info.value)
    assert str(info.value)[0].isupper()


@pytest.mark.parametrize(
    "url",
    ["http://localhost:8000", "http://127.0.0.1:1234", "http://[::1]:80", "http://app.localhost"],
)
def test_http_to_loopback_is_allowed(url):
    p = make(base_url=url)
    assert p.is_plain_http and p.is_loopback
    assert p.warnings() == []


def test_http_elsewhere_needs_the_opt_in_and_warns():
    p = make(base_url="http://licenses.example.com", allow_insecure_http=True)
    assert p.warnings() == [
        "This profile sends its api_key unencrypted over http:// to licenses.example.com."
    ]


def test_tls_off_warns_and_maps_to_verify_false():
    p = make(verify_tls=False, ca_bundle="/etc/ca.pem")
    assert p.verify is False
    assert "not checked" in p.warnings()[0]
    assert make(ca_bundle="/etc/ca.pem").verify == "/etc/ca.pem"


def test_timezone_names():
    assert make(server_timezone="Europe/Berlin").server_timezone == "Europe/Berlin"
    assert make(server_timezone=" UTC ").server_timezone == "UTC"


@pytest.mark.parametrize(
    "host", ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]"]
)
def test_loopback_hosts(host):
    assert is_loopback_host(host)


@pytest.mark.parametrize("host", ["example.com", "10.0.0.1", "localhost.example.com", "::2", ""])
def test_not_loopback_hosts(host):
    assert not is_loopback_host(host)


def test_dict_round_trip_and_unknown_keys():
    p = make(write_app_id="w", transport="form", server_timezone="Asia/Tokyo", read_timeout=7)
    data = p.to_dict()
    assert "api_key" not in data
    assert Profile.from_dict(data) == p
    assert Profile.from_dict({**data, "added_in_v9": 1}) == p
    with pytest.raises(ProfileError, match="lacks base_url"):
        Profile.from_dict({"name": "x"})


def test_profile_is_frozen_and_replace_validates():
    p = make()
    with pytest.raises(AttributeError):
        p.name = "other"  # type: ignore[misc]
    assert p.replace(read_timeout=9).read_timeout == 9
    with pytest.raises(ProfileError):
        p.replace(base_url="http://example.com")


def test_app_id_by_pair():
    p = make(write_app_id="w")
    assert p.app_id("read") == "app-r" and p.app_id("write") == "w"
    with pytest.raises(ValueError):
        p.app_id("admin")
