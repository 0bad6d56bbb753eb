"""Folders and an in-memory keyring for the history tests. The PostgreSQL server
(``pg_server``, ``team_db``) is shared with the window's tests:
tests/support/postgres_fixtures.py."""

from __future__ import annotations

import pytest

from tests.support.memory_keyring import MemoryKeyring, keyring_backend


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """Throw-away settings and data folders."""
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def memory_keyring():
    with keyring_backend(MemoryKeyring()) as backend:
        yield backend
