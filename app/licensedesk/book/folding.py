"""Text as the book searches it: case and accents folded, so "jensen" finds "Jénsen".

Folding happens in Python, on write and on the query, the same way for both stores:
neither SQLite's trigram tokenizer (before 3.45) nor PostgreSQL without the
``unaccent`` extension folds accents, and one rule in one place keeps the two stores
finding the same licences.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: the shortest word a trigram index can look up
MIN_WORD = 3
#: letters that Unicode does not decompose into a base letter and a mark, as people
#: type them without their stroke or ligature (after case folding)
_PLAIN = str.maketrans(
    {
        "ø": "o",
        "đ": "d",
        "ł": "l",
        "ħ": "h",
        "ŧ": "t",
        "ı": "i",
        "æ": "ae",
        "œ": "oe",
        "þ": "th",
        "ð": "d",
    }
)

_PLAIN_PAIRS = tuple((chr(code), plain) for code, plain in _PLAIN.items())


def fold(text: str | None) -> str:
    """``text`` case-folded, without accents (``Jénsen`` → ``jensen``, ``ß`` → ``ss``,
    ``Ødegård`` → ``odegard``), whitespace runs made one space."""
    if not text:
        return ""
    if text.isascii():  # nothing to decompose or strip (a host ID, most e-mails): 10× faster
        return " ".join(text.lower().split())
    return " ".join(fold_char(text).split())


def fold_char(char: str) -> str:
    """One character as :func:`fold` folds it ("" for an accent on its own), whitespace
    kept: for texts whose every folded character must be traced back to its own
    (:mod:`.erased_text`). :func:`fold` takes the same steps on a whole text."""
    decomposed = unicodedata.normalize("NFKD", char.casefold()).translate(_PLAIN)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def ascii_fold(text: str) -> str:
    """:func:`fold` without what is not ASCII, in a few C calls: a quick sieve for ASCII
    words (where fold(text) holds one, this holds it too), ten times cheaper than fold
    on long text (``str.translate`` with a table walks every character in Python)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    if not decomposed.isascii():
        for char, plain in _PLAIN_PAIRS:
            if char in decomposed:
                decomposed = decomposed.replace(char, plain)
    return " ".join(decomposed.encode("ascii", "ignore").decode("ascii").split())


def search_words(query: str) -> list[str]:
    """The folded words of a query; empty when none is long enough to look up (a find
    needs one word of :data:`MIN_WORD` characters: shorter ones only narrow it)."""
    words = fold(query).split()
    return words if any(len(w) >= MIN_WORD for w in words) else []


def search_text(parts: Iterable[str | None]) -> str:
    """The one folded text a licence is found by (its fields joined by newlines, so a
    word never runs across two fields)."""
    return "\n".join(f for f in (fold(p) for p in parts) if f)
