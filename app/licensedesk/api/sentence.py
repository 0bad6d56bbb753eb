"""A sentence in the language in use that keeps its English: :class:`Sentence`, :func:`say`.

The window and the command line show an error's sentence in the person's language;
what is *kept* stays English, like the service's own messages: a batch check's
export (CSV, JSON, XLSX: read by scripts and by colleagues with another language) and
the history (one team database for desks in several languages). So the client's
sentences carry both: a :class:`Sentence` is a ``str`` in the language in use, which
anything that takes text takes as it is, with :attr:`Sentence.english` beside it.
:func:`english_of` reads it from any text (a plain ``str`` is its own English).

Text built from a Sentence with ``+`` or an f-string is a plain ``str`` again: build
with :func:`say` (whose values may be Sentences: each is put in in its own language).

What was kept in English is said again in the reader's language by :func:`in_use`, the
reverse of :func:`say`: the English *is* the message's identity (its msgid, with the
values put in), so the catalogue finds the msgid and the values go into its
translation. Every reader of one history (a team's, read by desks in several
languages) sees each of the desk's own sentences in their language; the service's words,
a person's note and anything the catalogue does not hold (an entry stored in another
language by an older desk) are shown as they were kept.
"""

from __future__ import annotations

import re
from functools import lru_cache

from licensedesk import i18n
from licensedesk.i18n import _

__all__ = ["Sentence", "english_of", "in_use", "say", "say_counted"]


class Sentence(str):
    """Text in the language in use (the ``str`` itself) and in English (:attr:`english`)."""

    english: str

    def __new__(cls, text: str, english: str | None = None) -> Sentence:
        made = super().__new__(cls, text)
        made.english = str(text) if english is None else str(english)
        return made


def english_of(text: object) -> object:
    """The English of ``text`` when it is a :class:`Sentence`; anything else as it is."""
    return text.english if isinstance(text, Sentence) else text


def say(msgid: str, /, **values: object) -> Sentence:
    """``_(msgid).format(**values)``, with ``msgid.format(...)`` as its English (each value
    that is a Sentence in its own English). ``msgid``: an ``N_``-marked literal with
    named ``{placeholders}``."""
    shown = _(msgid).format(**values)
    english = msgid.format(**{name: english_of(value) for name, value in values.items()})
    return Sentence(shown, english)


def say_counted(forms: tuple[str, str], n: int, /, **values: object) -> Sentence:
    """:func:`say` for a counted message: ``forms`` (marked with ``N_plural``) in the form
    for ``n``, with ``{n}`` and ``values`` put in."""
    shown = i18n.ngettext(*forms, n).format(n=n, **values)
    english = forms[0] if n == 1 else forms[1]  # English's rule, as gettext's own
    return Sentence(shown, english.format(n=n, **{k: english_of(v) for k, v in values.items()}))


#: a msgid is matched with fields only when its own words are this many letters at least:
#: "{outcome}: {detail}" would take any text with a colon for its own
_LEAST_LETTERS = 8
_FIELD = re.compile(r"\{(\w*)([^{}]*)\}")
#: a value inside a value is looked up this deep ("could not check: {problem}")
_DEPTH = 2


def in_use(english: str) -> str:
    """``english``, a sentence kept in English, in the language in use: the catalogue's
    translation of it, or of the msgid it was made from by :func:`say` with each value
    said again in the language in use; else ``english`` as it is."""
    if not english or i18n.current_language() == i18n.SOURCE_LANGUAGE:
        return english
    return _in_use(i18n.catalogue_key(), english, _DEPTH)


@lru_cache(maxsize=4096)
def _in_use(catalogue: int, english: str, depth: int) -> str:
    translated = _(english)
    if translated != english or depth == 0:
        return translated
    for pattern, msgid, names in _patterns(i18n.message_ids()):
        found = pattern.fullmatch(english)
        if found is None:
            continue
        values = {name: _in_use(catalogue, found.group(f"f{n}"), depth - 1) for n, name in names}
        said = _FIELD.sub(lambda m: "{" + m.group(1) + "}", _(msgid))
        try:
            return said.format(**values)
        except (KeyError, IndexError, ValueError):  # a translation the catalogue check missed
            return english
    return english


@lru_cache(maxsize=4)
def _patterns(
    msgids: tuple[str, ...],
) -> tuple[tuple[re.Pattern[str], str, tuple[tuple[int, str], ...]], ...]:
    """Per msgid with named fields: a pattern that reads its English with values in, most
    words of its own first (the most particular msgid wins)."""
    made = []
    for msgid in msgids:
        parts = _FIELD.split(msgid)  # text, name, spec, text, name, spec…, text
        literal, names = parts[0::3], parts[1::3]
        if (
            not names
            or not all(names)
            or sum(c.isalpha() for c in "".join(literal)) < _LEAST_LETTERS
        ):
            continue
        first: dict[str, int] = {}
        regex = re.escape(literal[0])
        for n, (name, text) in enumerate(zip(names, literal[1:], strict=True)):
            regex += f"(?P=f{first[name]})" if name in first else f"(?P<f{n}>.+?)"
            first.setdefault(name, n)
            regex += re.escape(text)
        made.append((re.compile(regex, re.DOTALL), msgid, tuple((n, m) for m, n in first.items())))
    made.sort(key=lambda m: -sum(c.isalpha() for c in _FIELD.sub("", m[1])))
    return tuple(made)
