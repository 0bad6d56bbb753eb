"""The ``history`` table for people, a page of rows at a time, without an Entry per row.

A million entries are a million lines: making an :class:`~licensedesk.history.Entry` of
each (its JSON, its times) to print five cells cost four times the query. The rows here
hold only what the table shows (:func:`licensedesk.history.streaming.table_pages`), and
what repeats (a person, an outcome with the service's words) is said once and kept.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from licensedesk.display_text import visible
from licensedesk.history.model import outcome_text
from licensedesk.i18n import _

from .local_times import LocalTimes, Remembered

__all__ = ["TableWords", "headers", "what_words"]


def headers(with_serial: bool) -> list[str]:
    # TRANSLATORS: column headers of the history table
    names = [_("when"), _("who"), _("what"), _("outcome")]
    if with_serial:
        names.insert(2, _("serial"))
    return names


def what_words(action: str, ids: str | None, counts: str | None) -> str:
    """What an entry did, as the table says it: the stored action key (what ``--action``
    takes), the activation ids, a batch check's counts (``batch_check (serials 40, …)``)."""
    what = action + (" " + ids.replace(",", ", ") if ids else "")
    if counts:
        what += " (" + ", ".join(f"{k} {v}" for k, v in json.loads(counts).items()) + ")"
    return what


class TableWords:
    """The cells of table rows; remembers the people, outcomes, actions and serials it has
    said (a bounded number of each)."""

    def __init__(self, with_serial: bool) -> None:
        self.with_serial = with_serial
        self.times = LocalTimes(table=True)
        self._people = Remembered(_who)
        self._outcomes = Remembered(lambda key: visible(outcome_text(*key)))
        self._whats = Remembered(lambda key: visible(what_words(*key)))
        self._serials = Remembered(lambda serial: visible(serial) if serial else "-")

    def cells(self, row: Sequence[Any]) -> list[str]:
        when, user, display, machine, serial, action, ids, counts, outcome, detail = row
        who = self._people[user, display, machine]
        what = self._whats[action, ids, counts]
        said = self._outcomes[outcome, detail]
        if not self.with_serial:
            return [self.times.text(when), who, what, said]
        return [self.times.text(when), who, self._serials[serial], what, said]


def _who(person: tuple[str, str | None, str]) -> str:
    """``Display Name (user@machine)``, or ``user@machine`` without a display name."""
    user, display, machine = person
    where = f"{user}@{machine}"
    return visible(f"{display} ({where})" if display else where)
