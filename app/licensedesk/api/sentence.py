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
"""

from __future__ import annotations

from licensedesk.i18n import _

__all__ = ["Sentence", "english_of", "say"]


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
