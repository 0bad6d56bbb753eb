"""A feature of the window is given a context and the lookup's port, never the desk, and
does not walk into the widgets of the lookup's workspace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "app" / "licensedesk" / "ui"
FEATURES = (
    "activations",
    "batch",
    "history",
    "profiles",
    "registration",
    "seats",
    "upgrade",
    "validate",
)
REACHES = re.compile(r"\bDeskApp\b|shell\.desk\b|\.workspace\.|\blookup\.(controller|workspace)\b")


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_reaches_no_other_feature_through_the_desk(feature: str) -> None:
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in sorted((UI / feature).glob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if REACHES.search(line)
    ]
    assert found == []
