"""``history export --csv``: the History window's columns, from the rows, a page at a time.

The same columns as the window's CSV (:data:`licensedesk.history.csv_rows.COLUMNS`),
made from the stored rows without an Entry each (a million entries: the entries cost
three times the query): ``before`` and ``counts`` are the JSON as stored; ``what`` and
``outcome_words`` say what the command line's table says; ``details`` is left empty
(``before`` holds what the row looked like). Text from people and the service is
guarded as the window's is (``export_cells.text_cell``). Only the cells are made here:
the text is the one CSV writer's (:mod:`licensedesk.export_csv`), the window's too, so
the two files differ in nothing but those words and the JSON's key order
(tests/contract/history/test_cli_csv.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from licensedesk.export_cells import text_cell
from licensedesk.history.model import outcome_text

from .history_table import what_words
from .local_times import KEPT, LocalTimes, kept

__all__ = ["csv_pages"]


class _Guarded(dict[str, str]):
    """``text_cell`` of the values that repeat (people, machines, profiles, products,
    serials, counts), each said once; forgotten past :data:`KEPT` (memory stays bounded
    whatever the history)."""

    def __missing__(self, text: str) -> str:
        if len(self) >= KEPT:
            self.clear()
        cell = self[text] = text_cell(text)
        return cell


class _Cells:
    """The cells of a row, in COLUMNS order; what repeats is said once."""

    def __init__(self) -> None:
        self._times = LocalTimes(table=False)
        self._outcomes: dict[tuple[Any, ...], str] = {}
        self._whats: dict[tuple[Any, ...], str] = {}
        self._guarded = _Guarded()

    def __call__(self, row: tuple[Any, ...]) -> list[str]:
        (
            id_,
            time,
            user,
            display,
            machine,
            profile,
            service,
            action,
            serial,
            ids,
            product,
            before,
            outcome,
            detail,
            counts,
            finished,
        ) = row
        said = self._outcomes.get((outcome, detail))
        if said is None:
            said = kept(
                self._outcomes,
                (outcome, detail),
                (text_cell(outcome_text(outcome, detail)), text_cell(detail or "")),
            )
        what = self._whats.get((action, ids, counts))
        if what is None:
            what = kept(
                self._whats, (action, ids, counts), text_cell(what_words(action, ids, counts))
            )
        same, times = self._guarded, self._times
        return [
            times.text(time),
            same[user],
            same[display or ""],
            same[machine],
            same[profile or ""],
            same[service or ""],
            action,
            same[serial or ""],
            (ids or "").replace(",", " "),
            same[product or ""],
            what,
            outcome,
            said[0],
            said[1],
            "",
            text_cell(before or ""),
            same[counts or ""],
            times.text(finished) if finished else "",
            id_,
        ]


def csv_pages(store: Any, query: Any) -> Iterator[tuple[str, int]]:
    """(CSV text, entries in it) a page at a time, oldest first; the header first
    (the one CSV writer of every export: :mod:`licensedesk.export_csv`)."""
    from licensedesk.export_csv import csv_pages as written
    from licensedesk.history.csv_rows import COLUMNS
    from licensedesk.history.streaming import row_pages

    return written(COLUMNS, row_pages(store, query, oldest_first=True), _Cells())
