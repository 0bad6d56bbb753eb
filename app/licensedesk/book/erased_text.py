"""A licensee's name and e-mail found and erased in any text the desk keeps: a note, a
history entry's detail, a value of its before-row, a field of a book record.

Found as the book finds: case and accents ignored (:func:`~.folding.fold`), so a
teammate's "jorg odegaard" is the licensee "Jörg Ödegaard". Found whole: a word is
erased where no letter or digit goes on before or after it, so erasing "Ana" leaves
"Anastasia" alone. What is erased is the text as it was written, replaced by
:data:`ERASED`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from typing import Any

from .folding import ascii_fold, fold, fold_char

__all__ = ["ERASED", "erased_json", "erased_text", "erased_value", "holds", "words_of"]

#: what replaces an erased name or e-mail
ERASED = "[erased]"


def words_of(texts: Iterable[str | None]) -> frozenset[str]:
    """The folded words to erase (names and e-mails); blanks left out."""
    return frozenset(f for f in (fold(t) for t in texts) if f)


def _folded(text: str) -> tuple[str, list[int]]:
    """``text`` folded character by character, whitespace runs made one space, and for
    each folded character the index of the character it came from."""
    out: list[str] = []
    places: list[int] = []
    for i, char in enumerate(text):
        for f in fold_char(char):
            if f.isspace():
                if out and out[-1] == " ":
                    continue
                f = " "
            out.append(f)
            places.append(i)
    return "".join(out), places


@functools.lru_cache(maxsize=8)  # one erasure's words, asked of every text it reads
def _pattern(words: frozenset[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def _may_hold(text: str, words: frozenset[str]) -> bool:
    """A quick sieve: False when no word is there."""
    plain, other = _split(words)
    if text.isascii():
        folded = fold(text)  # its quick ASCII way
        return any(w in folded for w in plain)
    if any(w in ascii_fold(text) for w in plain):
        return True
    return bool(other) and any(w in fold(text) for w in other)


@functools.lru_cache(maxsize=8)
def _split(words: frozenset[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the ASCII words, the others): :func:`~.folding.ascii_fold` finds the first."""
    return tuple(w for w in words if w.isascii()), tuple(w for w in words if not w.isascii())


def _spans(text: str, words: frozenset[str]) -> list[tuple[int, int]]:
    """Where in ``text`` (its own indexes) a word is."""
    if not text or not words or not _may_hold(text, words):
        return []
    folded, places = _folded(text)
    spans = []
    for found in _pattern(words).finditer(folded):
        start, end = places[found.start()], places[found.end() - 1] + 1
        while end < len(text) and not fold_char(text[end]) and not text[end].isspace():
            end += 1  # an accent written apart belongs to the letter before it
        spans.append((start, end))
    return spans


def holds(text: str | None, words: frozenset[str]) -> bool:
    """Whether ``text`` names one of ``words`` (folded)."""
    return bool(text) and bool(_spans(str(text), words))


def erased_text(text: str | None, words: frozenset[str]) -> str | None:
    """``text`` with each of ``words`` replaced by :data:`ERASED`."""
    if not text:
        return text
    for start, end in reversed(_spans(text, words)):
        text = text[:start] + ERASED + text[end:]
    return text


def erased_value(value: Any, words: frozenset[str]) -> Any:
    """A JSON value with the words erased from every string in it (keys too)."""
    if isinstance(value, str):
        return erased_text(value, words)
    if isinstance(value, list):
        return [erased_value(v, words) for v in value]
    if isinstance(value, dict):
        return {erased_text(k, words): erased_value(v, words) for k, v in value.items()}
    return value


def erased_json(text: str | None, words: frozenset[str]) -> str | None:
    """JSON text with the words erased from its strings (an accent written ``\\u00f6``
    is found too); the same text when none is there. Text that is not JSON is
    erased as text."""
    if not text:
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return erased_text(text, words)
    erased = erased_value(value, words)
    return text if erased == value else json.dumps(erased, ensure_ascii=False)
