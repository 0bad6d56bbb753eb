"""The ``history`` table for people, a page of rows at a time, without an Entry per row.

A million entries are a million lines: making an :class:`~licensedesk.history.Entry` of
each (its JSON, its times) to print five cells cost four times the query. The rows here
hold only what the table shows (:func:`licensedesk.history.streaming.table_pages`), and
what repeats (a person, an outcome with the service's words) is said once and kept.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from licensedesk.display_text import visible
from licensedesk.history.model import outcome_text
from licensedesk.i18n import _

__all__ = ["TableWords", "headers", "what_words"]

_TIME = "%Y-%m-%d %H:%M:%S %Z"


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
    """The cells of table rows; remembers the people and outcomes it has said."""

    def __init__(self, with_serial: bool) -> None:
        self.with_serial = with_serial
        self._people: dict[tuple[Any, ...], str] = {}
        self._outcomes: dict[tuple[Any, ...], str] = {}

    def cells(self, row: Sequence[Any]) -> list[str]:
        when, user, display, machine, serial, action, ids, counts, outcome, detail = row
        moment = when if isinstance(when, datetime) else datetime.fromisoformat(when)
        who = self._people.get((user, display, machine))
        if who is None:
            where = f"{user}@{machine}"
            who = self._people[(user, display, machine)] = visible(
                f"{display} ({where})" if display else where)
        said = self._outcomes.get((outcome, detail))
        if said is None:
            said = self._outcomes[(outcome, detail)] = visible(outcome_text(outcome, detail))
        what = visible(what_words(action, ids, counts))
        cells = [moment.astimezone().strftime(_TIME).strip(), who, what, said]
        if self.with_serial:
            cells.insert(2, visible(serial) if serial else "-")
        return cells
