"""History unit tests: a throw-away data folder and settings folder for every test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _folders(tmp_path, monkeypatch):
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(tmp_path / "config"))
