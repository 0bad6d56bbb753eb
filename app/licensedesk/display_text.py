"""Service text made harmless to show: no terminal escapes, no bidi reordering.

A licensee name, a device tag or a service message is a stranger's text. Raw,
an ESC sequence in it would drive the terminal (move the cursor, rewrite the
title, hide what was printed), a carriage return would overwrite the line, and
a right-to-left override (U+202E) would show ``exe.txt`` as ``txt.exe`` in a
terminal or a Qt label. Both front ends pass such text through :func:`visible`,
which writes each dangerous character as a visible escape instead:

- C0 controls (U+0000–U+001F, tab and newline included), DEL and the C1
  controls (U+0080–U+009F) as ``\\x1b``, ``\\x07``, ``\\x9b``…;
- bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
  the line and paragraph separators (U+2028, U+2029) and lone surrogates
  (which cannot even be encoded to UTF-8) as ``\\u202e``…

Everything else is kept as it is, accents, scripts and emoji included (ZWJ
sequences stay whole). A backslash is not doubled, so escaping twice changes
nothing; ``--json`` is the unambiguous form.
"""

from __future__ import annotations

import re
import unicodedata

#: the unsafe characters past the C0 controls: DEL, C1, bidi, separators, lone surrogates
_PAST_C0 = "\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
#: every character :func:`visible` escapes (see the module docstring)
UNSAFE = re.compile(f"[\x00-\x1f{_PAST_C0}]")
#: the same, minus newline: for our own multi-line texts that quote service text
UNSAFE_BUT_NEWLINE = re.compile(f"[\x00-\x09\x0b-\x1f{_PAST_C0}]")
#: what ``json.dumps(..., ensure_ascii=False)`` leaves raw among :data:`UNSAFE`
_JSON_RAW = re.compile(f"[{_PAST_C0}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def visible(text: object) -> str:
    """``text`` (anything: ``str()`` first) with every unsafe character as a visible escape."""
    text = text if isinstance(text, str) else str(text)
    if text.isascii() and text.isprintable():  # nothing to escape; tested at C speed
        return text
    return UNSAFE.sub(_escape, text)


def visible_lines(text: object) -> str:
    """Like :func:`visible` but keeps newlines: for a multi-line text of our own (a
    sentence and its details) in which service values are quoted."""
    text = text if isinstance(text, str) else str(text)
    if text.isascii() and text.replace("\n", "").isprintable():
        return text
    return UNSAFE_BUT_NEWLINE.sub(_escape, text)


def invisibles_shown(text: object) -> str:
    """Like :func:`visible`, and the characters that show as nothing at all (Unicode's
    format characters: a zero-width space, a byte order mark, a soft hyphen) as ``\\u200b``
    too: for quoting refused input, where a look-alike must not pass for the real thing."""
    return "".join(
        f"\\u{ord(ch):04x}" if unicodedata.category(ch) == "Cf" and not UNSAFE.match(ch) else ch
        for ch in visible(text)
    )


def is_safe(text: str) -> bool:
    """Whether ``text`` holds no character that :func:`visible` would escape."""
    return UNSAFE.search(text) is None


def json_safe(json_text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with the unsafe characters
    that it leaves raw written as ``\\uXXXX``: still the same JSON, and no byte of it
    can drive a terminal. (Such characters only occur inside strings, where ``\\uXXXX``
    means the same character.)"""
    if json_text.isascii() and "\x7f" not in json_text:  # the common case, at C speed
        return json_text
    return _JSON_RAW.sub(_json_escape, json_text)
