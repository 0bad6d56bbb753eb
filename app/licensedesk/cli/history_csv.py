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
from licensedesk.history.sql import StoredRow

from .history_table import what_words
from .local_times import LocalTimes, Remembered

__all__ = ["csv_pages"]


class _Cells:
    """The cells of a row, in COLUMNS order; what repeats (people, machines, profiles,
    products, serials, counts, outcomes) is said once."""

    def __init__(self) -> None:
        self._times = LocalTimes(table=False)
        self._outcomes = Remembered(
            lambda key: (text_cell(outcome_text(*key)), text_cell(key[1] or ""))
        )
        self._whats = Remembered(lambda key: text_cell(what_words(*key)))
        self._guarded = Remembered(text_cell)

    def __call__(self, row: tuple[Any, ...]) -> list[str]:
        r = StoredRow._make(row)
        said = self._outcomes[r.outcome, r.detail]
        what = self._whats[r.action, r.ids, r.counts]
        same, times = self._guarded, self._times
        return [
            times.text(r.time),
            same[r.user],
            same[r.display or ""],
            same[r.machine],
            same[r.profile or ""],
            same[r.service or ""],
            r.action,
            same[r.serial or ""],
            (r.ids or "").replace(",", " "),
            same[r.product or ""],
            what,
            r.outcome,
            said[0],
            said[1],
            "",
            text_cell(r.before or ""),
            same[r.counts or ""],
            times.text(r.finished) if r.finished else "",
            r.id,
        ]


def csv_pages(store: Any, query: Any, *, oldest_first: bool = True) -> Iterator[tuple[str, int]]:
    """(CSV text, entries in it) a page at a time, oldest first (an export; the list,
    newest first); the header first (the one CSV writer of every export:
    :mod:`licensedesk.export_csv`)."""
    from licensedesk.export_csv import csv_pages as written
    from licensedesk.history.csv_rows import COLUMNS
    from licensedesk.history.streaming import row_pages

    return written(COLUMNS, row_pages(store, query, oldest_first=oldest_first), _Cells())
