"""Erasing a licensee's personal data on request: from the book, its notes and the
history, in the same store (this computer's file, or the team's database).

The records stay: a book record without its name and e-mail, a history entry whose
detail and before-row say "[erased]" where they named the person. A later lookup of
the licence keeps its licensee again: the service still has it.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from licensedesk.i18n import _, ngettext

from .store import BookStore


class ErasesWords(Protocol):
    """What a history store offers for this (both have it)."""

    def erase_words(
        self, serials: list[str], words: list[str], *, dry_run: bool = False
    ) -> int: ...


class Forgotten(NamedTuple):
    licences: int
    notes: int
    history: int

    @property
    def total(self) -> int:
        return self.licences + self.notes + self.history

    def sentence(self) -> str:
        """What was erased, each count with its own plural ("1 licence record", not
        "1 licence records"): the window's status bar and the command line say it."""
        parts = (
            ngettext("{n} licence record", "{n} licence records", self.licences),
            ngettext("{n} note", "{n} notes", self.notes),
            ngettext("{n} history entry", "{n} history entries", self.history),
        )
        counts = (self.licences, self.notes, self.history)
        # TRANSLATORS: {parts}: "1 licence record, 0 notes, 2 history entries"
        return _("Erased: {parts}.").format(
            parts=", ".join(p.format(n=n) for p, n in zip(parts, counts, strict=True))
        )


def forget(book: BookStore, history: ErasesWords, who: str, *, dry_run: bool = False) -> Forgotten:
    """Erase ``who`` (an e-mail, a name or a serial); with ``dry_run``, only count."""
    erasure = book.forget(who, dry_run=dry_run)
    entries = history.erase_words(erasure.serials, erasure.words, dry_run=dry_run)
    return Forgotten(erasure.licences, erasure.notes, entries)
