"""``licensedesk.display_text``: service text made harmless for a terminal or a label
(issue #13). One rule for both front ends; the CLI and the window tests check its use."""

from __future__ import annotations

import json

import pytest

from licensedesk.display_text import is_safe, json_safe, visible, visible_lines

ESC = "\x1b"
HOSTILE = (
    f"Ada{ESC}[31mRed{ESC}[0m{ESC}]0;pwned\x07\x08\r\x00\x7f\x85\x9b"
    "\u202eevil\u202c\u2066x\u2069\u200e\u200f\u061c\u2028\u2029\ud800"
)
BIDI = [
    "\u061c",
    "\u200e",
    "\u200f",
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2066, 0x206A)),
]


def dangerous(text: str) -> list[str]:
    """Characters a terminal or Qt's layout would act on."""
    return [
        c
        for c in text
        if ord(c) < 0x20
        or 0x7F <= ord(c) <= 0x9F
        or c in BIDI
        or c in "\u2028\u2029"
        or 0xD800 <= ord(c) <= 0xDFFF
    ]


@pytest.mark.parametrize("code", [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)])
def test_every_c0_c1_control_and_del_becomes_a_visible_x_escape(code):
    assert visible(f"a{chr(code)}b") == f"a\\x{code:02x}b"


@pytest.mark.parametrize("char", [*BIDI, "\u2028", "\u2029", "\ud800", "\udfff"])
def test_bidi_controls_separators_and_lone_surrogates_become_u_escapes(char):
    assert visible(f"a{char}b") == f"a\\u{ord(char):04x}b"


def test_a_hostile_string_keeps_no_dangerous_character_and_encodes_to_utf8():
    out = visible(HOSTILE)
    assert dangerous(out) == [] and is_safe(out) and not is_safe(HOSTILE)
    out.encode("utf-8")  # a lone surrogate would raise here
    assert out.startswith("Ada\\x1b[31mRed\\x1b[0m\\x1b]0;pwned\\x07\\x08\\x0d\\x00\\x7f")
    assert "\\u202eevil\\u202c" in out


def test_ordinary_text_of_any_script_is_kept_as_it_is():
    text = (
        "Jürgen Müller · 李小龍 · مرحبا · שלום · Zoë & Co <b> \\x1b "
        "👩\u200d💻 \u00ad\u200b\u200c\u200d"
    )  # ZWJ, ZWNJ, soft hyphen: not controls
    assert visible(text) == text and is_safe(text)


def test_escaping_twice_changes_nothing():
    once = visible(HOSTILE)
    assert visible(once) == once


def test_visible_lines_keeps_newlines_only():
    assert visible_lines("a\nb\r\n\tc\u202e") == "a\nb\\x0d\n\\x09c\\u202e"
    assert visible("a\nb") == "a\\x0ab"


def test_visible_takes_any_value():
    assert visible(42) == "42" and visible(None) == "None"


def test_json_safe_keeps_the_same_json_with_no_raw_dangerous_character():
    value = {"name": HOSTILE, "list": [HOSTILE], "plain": "Jürgen 李"}
    raw = json.dumps(value, ensure_ascii=False)
    assert dangerous(raw.replace("\ud800", "")) != []  # json.dumps leaves some raw
    safe = json_safe(raw)
    assert dangerous(safe) == []
    assert "Jürgen 李" in safe  # readable text stays readable
    assert json.loads(safe) == value
    safe.encode("utf-8")
