"""client_config: a profile plus its keys → the client's ClientConfig."""

from __future__ import annotations

from licensedesk.profiles import Profile, SecretStore, client_config
from tests.support.memory_keyring import MemoryKeyring


def test_both_pairs_from_the_keyring():
    secrets = SecretStore(MemoryKeyring())
    p = Profile(
        name="p",
        base_url="https://x.example/",
        read_app_id="r",
        write_app_id="w",
        transport="form",
        legacy_activation_routes=True,
        connect_timeout=2,
        read_timeout=9,
        server_timezone="Europe/Berlin",
        ca_bundle="/etc/ca.pem",
    )
    secrets.set("p", "read", "read-key-123")
    secrets.set("p", "write", "write-key-123")
    cfg = client_config(p, secrets)
    assert cfg.base_url == "https://x.example"
    assert (cfg.read.app_id, cfg.read.api_key) == ("r", "read-key-123")
    assert (cfg.write.app_id, cfg.write.api_key) == ("w", "write-key-123")
    assert cfg.transport == "form"
    assert cfg.legacy_activation_routes is True
    assert (cfg.connect_timeout, cfg.read_timeout) == (2.0, 9.0)
    assert cfg.server_timezone == "Europe/Berlin"
    assert cfg.verify == "/etc/ca.pem"
    assert cfg.allow_insecure_http is False
    assert "read-key-123" not in repr(cfg)


def test_missing_key_or_app_id_gives_none():
    secrets = SecretStore(MemoryKeyring())
    p = Profile(name="p", base_url="http://127.0.0.1:9", read_app_id="r", write_app_id="w")
    secrets.set("p", "read", "read-key-123")
    cfg = client_config(p, secrets)
    assert cfg.read.api_key == "read-key-123"
    assert cfg.write is None
    only_read = Profile(name="q", base_url="http://127.0.0.1:9", read_app_id="r")
    secrets.set("q", "write", "stray-write-key")  # no write app_id: not used
    assert client_config(only_read, secrets).write is None
    assert client_config(only_read, secrets).read is None


def test_extra_keys_fill_gaps_but_the_keyring_wins():
    secrets = SecretStore(MemoryKeyring())
    p = Profile(name="p", base_url="https://x.example", read_app_id="r", write_app_id="w")
    secrets.set("p", "read", "from-keyring")
    cfg = client_config(p, secrets, keys={"read": "from-env-r", "write": "from-env-w"})
    assert cfg.read.api_key == "from-keyring"
    assert cfg.write.api_key == "from-env-w"
    assert client_config(p, None, keys={"read": "e"}).read.api_key == "e"


def test_tls_off_and_insecure_http():
    p = Profile(
        name="p",
        base_url="http://lan-server:8080",
        read_app_id="r",
        allow_insecure_http=True,
        verify_tls=False,
    )
    cfg = client_config(p, None)
    assert cfg.verify is False
    assert cfg.allow_insecure_http is True
