"""Unit test set-up: the German catalogue for a test that asks for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from licensedesk import i18n


@pytest.fixture
def german() -> Iterator[None]:
    if i18n.use_language("de") != "de":
        pytest.skip("the German catalogue is not compiled (scripts/i18n.py compile)")
    yield
    i18n.use_language("en")
