"""SecretStore against a real Secret Service (gnome-keyring under dbus-run-session).

Runs only with LICENSEDESK_TEST_REAL_KEYRING=1 (scripts/run-tests.sh sets it when
it started a private D-Bus session with an unlocked gnome-keyring, under a
throw-away HOME).
"""

from __future__ import annotations

import os
import uuid

import pytest

pytestmark = [
    pytest.mark.keyring,
    pytest.mark.skipif(
        os.environ.get("LICENSEDESK_TEST_REAL_KEYRING") != "1",
        reason="no real Secret Service session (set LICENSEDESK_TEST_REAL_KEYRING=1 under "
        "dbus-run-session with gnome-keyring; scripts/run-tests.sh does)",
    ),
]


@pytest.fixture
def real_store():
    import keyring
    from keyring.backends import SecretService

    from licensedesk.profiles import SecretStore

    keyring.core.init_backend()  # pick the backend now, not whatever an earlier test set
    store = SecretStore()
    assert isinstance(store._backend, SecretService.Keyring), store.backend_description
    name = f"test-{uuid.uuid4().hex[:8]}"
    yield store, name
    store.delete_profile(name)


def test_real_secret_service_round_trip(real_store):
    store, name = real_store
    assert store.persistent is True
    assert store.warning is None
    assert "Secret Service" in store.backend_description
    assert store.set(name, "read", "real-read-key-123") is True
    store.set(name, "write", "real-write-key-456")

    import keyring

    # Stored where other tools find it: service "licensedesk", user "<profile>:<pair>".
    assert keyring.get_password("licensedesk", f"{name}:read") == "real-read-key-123"
    fresh = type(store)()
    assert fresh.get(name, "read") == "real-read-key-123"
    assert fresh.get(name, "write") == "real-write-key-456"
    fresh.delete(name, "read")
    assert type(store)().get(name, "read") is None
    assert keyring.get_password("licensedesk", f"{name}:read") is None
    assert fresh.get(name, "write") == "real-write-key-456"


def test_profile_removal_clears_the_real_keyring(real_store, tmp_path):
    from licensedesk.profiles import Profile, ProfileStore

    store, name = real_store
    profiles = ProfileStore(tmp_path, secrets=store)
    profiles.save(Profile(name=name, base_url="https://x.example", read_app_id="r"))
    store.set(name, "read", "real-read-key-789")
    profiles.remove(name)
    assert type(store)().get(name, "read") is None
    assert "real-read-key-789" not in (tmp_path / "profiles.json").read_text()
