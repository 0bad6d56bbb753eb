"""The quick tests before the secret patterns (a million entries are imported and exported
in the time of the query) never let through what the patterns catch: each case is cleaned
as the patterns alone clean it."""

from __future__ import annotations

import pytest

from licensedesk.api.redact import redact
from licensedesk.display_text import json_safe, visible
from licensedesk.history.scrub import clean_before, clean_entry
from licensedesk.storage.scrub import register_secret, scrub_text
from tests.unit.history.checks import entry

TRICKY = [
    "api_\u212aey=abc123456",  # the Kelvin sign: (?i) takes it for k
    "see https://h.example.com/v2?api_key=abc",
    "password=hunter2",
    "sk_abcdefghijklmnop",
    '{"API_KEY": "zzz"}',
    "postgresql://ld:pw@db/x",
    "plain words, nothing to hide",
    "pwd%3Dsecret",
]


@pytest.mark.parametrize("text", TRICKY)
def test_scrub_text_masks_what_the_patterns_mask(text):
    cleaned = scrub_text(text)
    if text.startswith("plain"):
        assert cleaned == text
    else:
        assert cleaned != text and "***" in cleaned


def test_redact_takes_the_kelvin_sign_too():
    assert redact("x?api_\u212aey=abcdef") == "x?api_\u212aey=***"
    assert redact("nothing here") == "nothing here"


def test_a_registered_secret_is_masked_in_fields_and_in_before():
    register_secret('pa"ss\\word-fast-1')
    e = entry(detail='said pa"ss\\word-fast-1', before={"note": 'pa"ss\\word-fast-1', "id": 8})
    cleaned = clean_entry(e)
    assert cleaned.detail == "said ***" and cleaned.before == {"note": "***", "id": 8}


@pytest.mark.parametrize(
    "before",
    [
        {"id": 8, "nested": {"Key": "k"}},
        {"items": [{"signature": "s"}]},
        {"when": ("a", "b")},
        {1: "one"},
        {"url": "https://h/x?api_key=1"},
    ],
)
def test_before_that_needs_cleaning_is_cleaned(before):
    cleaned = clean_before(before)
    assert cleaned != before
    assert "Key" not in str(cleaned) and "signature" not in str(cleaned)


def test_clean_before_keeps_clean_json_and_caps_its_size():
    before = {"id": 8, "activated": True, "device_tag": "Windows 11__64bits", "x": None}
    assert clean_before(before) == before
    big = clean_before({"blob": "x" * 9000})
    assert big is not None and "too large" in big["note"]


def test_display_fast_paths_match_the_patterns():
    assert visible("del\x7f") == "del\\x7f" and visible("ok") == "ok"
    assert json_safe('"del\x7f"') == '"del\\u007f"'


def test_a_before_row_past_the_limit_is_kept_as_its_size_only():
    """Clean or not (the quick path and the cleaning one), a row whose JSON is longer than
    the limit is replaced by a note of its size; a short one is kept as it was given or
    as cleaned."""
    clean = {"tag": "x" * 8_000}
    dirty = {"tag": "x" * 8_000, "api_key": "k", "when": ("a",)}
    assert clean_before(clean) == {
        "note": "what the row looked like was too large to keep (8011 characters)"
    }
    assert clean_before(dirty) == {
        "note": "what the row looked like was too large to keep (8026 characters)"
    }
    small = {"tag": "desk", "api_key": "k", "when": ("a",)}
    assert clean_before({"tag": "desk"}) == {"tag": "desk"}
    assert clean_before(small) == {"tag": "desk", "when": ["a"]}
    assert clean_before("text") == {"value": "text"}
