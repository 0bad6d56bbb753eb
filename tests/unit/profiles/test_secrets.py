"""SecretStore with injected backends: memory, fail, null, plain text, chainer, broken."""

from __future__ import annotations

import keyring.errors
import pytest
from keyring.backends import chainer, fail, null

from licensedesk.profiles import SecretStore, describe_backend
from tests.support.memory_keyring import MemoryKeyring, PlaintextKeyring, keyring_backend


def test_set_get_delete_in_the_keyring():
    backend = MemoryKeyring()
    store = SecretStore(backend)
    assert store.persistent is True
    assert store.warning is None
    assert store.backend_description == "MemoryKeyring"
    assert store.get("prod", "read") is None
    assert store.set("prod", "read", "  k-read-1234 ") is True
    store.set("prod", "write", "k-write-1234")
    assert backend.entries == {
        ("licensedesk", "prod:read"): "k-read-1234",
        ("licensedesk", "prod:write"): "k-write-1234",
    }
    assert store.get("prod", "read") == "k-read-1234"
    assert store.has("prod", "write")
    store.delete("prod", "read")
    store.delete("prod", "read")  # twice: no error
    assert store.get("prod", "read") is None
    store.delete_profile("prod")
    assert backend.entries == {}


def test_bad_arguments():
    store = SecretStore(MemoryKeyring())
    with pytest.raises(ValueError):
        store.get("prod", "admin")
    with pytest.raises(ValueError):
        store.get("", "read")
    with pytest.raises(Exception, match="empty"):
        store.set("prod", "read", "  ")


@pytest.mark.parametrize(
    ("backend", "why"),
    [
        (fail.Keyring(), "no OS keyring is available"),
        (null.Keyring(), "null backend"),
        (PlaintextKeyring(), "plain file"),
    ],
)
def test_unsafe_backends_mean_memory_only(backend, why):
    store = SecretStore(backend)
    assert store.persistent is False
    assert store.backend_description == "memory only (this session)"
    assert why in store.warning
    assert "memory for this session only" in store.warning
    assert store.set("prod", "read", "k-1234567") is False
    assert store.get("prod", "read") == "k-1234567"
    assert SecretStore(backend).get("prod", "read") is None  # not kept anywhere else
    store.delete("prod", "read")
    assert store.get("prod", "read") is None
    if isinstance(backend, PlaintextKeyring):
        assert backend.entries == {}  # nothing reached the plain-text keyring


def test_the_default_keyring_here_is_the_fail_backend():
    # No D-Bus session in unit tests: keyring falls back to its fail backend.
    with keyring_backend(fail.Keyring()):
        store = SecretStore()
    assert store.persistent is False
    assert store.warning and "no OS keyring" in store.warning


def test_chainer_without_backends_is_memory_only(monkeypatch):
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [])
    store = SecretStore(chainer.ChainerBackend())
    assert store.persistent is False


def test_chainer_uses_its_first_safe_backend(monkeypatch):
    good = MemoryKeyring()
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [PlaintextKeyring(), good])
    store = SecretStore(chainer.ChainerBackend())
    assert store.persistent is True
    store.set("p", "read", "k-1234567")
    assert good.entries == {("licensedesk", "p:read"): "k-1234567"}


@pytest.mark.parametrize(
    ("exc", "fragment"),
    [
        (keyring.errors.KeyringLocked("locked"), "is locked"),
        (keyring.errors.InitError("x"), "could not be opened"),
        (RuntimeError("org.freedesktop.DBus.Error.ServiceUnknown"), "failed (org.freedesktop"),
    ],
)
def test_a_failing_keyring_becomes_a_sentence_and_memory_only(exc, fragment):
    backend = MemoryKeyring()
    store = SecretStore(backend)
    backend.fail_with = exc
    assert store.get("p", "read") is None  # no traceback
    assert store.persistent is False
    assert fragment in store.warning
    first_warning = store.warning
    assert store.set("p", "read", "k-1234567") is False
    assert store.get("p", "read") == "k-1234567"
    store.delete("p", "read")
    assert store.warning == first_warning  # said once, not piled up


def test_descriptions_of_known_backends():
    from keyring.backends import SecretService, Windows, macOS

    def bare(cls):
        return cls.__new__(cls)

    assert "Secret Service" in describe_backend(bare(SecretService.Keyring))
    assert describe_backend(bare(macOS.Keyring)) == "macOS Keychain"
    assert describe_backend(bare(Windows.WinVaultKeyring)) == "Windows Credential Manager"
    assert describe_backend(MemoryKeyring()) == "MemoryKeyring"


def test_repr_shows_no_key():
    store = SecretStore(MemoryKeyring())
    store.set("p", "read", "k-1234567")
    assert "k-1234567" not in repr(store)
