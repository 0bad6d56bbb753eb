"""``history export --csv``: the History window's columns, from the rows, a page at a time.

The same columns as the window's CSV (:data:`licensedesk.history.csv_rows.COLUMNS`),
made from the stored rows without an Entry each (a million entries: the entries cost
three times the query): ``before`` and ``counts`` are the JSON as stored; ``what`` and
``outcome_words`` say what the command line's table says; ``details`` is left empty
(``before`` holds what the row looked like). Text from people and the service is
guarded as the window's is (``export_cells.text_cell``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from licensedesk.export_cells import text_cell
from licensedesk.history.model import outcome_text

from .history_table import what_words

__all__ = ["csv_pages"]


def _iso(moment: datetime | None) -> str:
    return moment.astimezone().isoformat(timespec="seconds") if moment else ""


class _Guarded(dict[str, str]):
    """``text_cell`` of the values that repeat (people, machines, profiles, products), each
    said once; forgotten past 10,000 (memory stays bounded whatever the history)."""

    def __missing__(self, text: str) -> str:
        if len(self) > 10_000:
            self.clear()
        cell = self[text] = text_cell(text)
        return cell


class _Cells:
    """The cells of a row, in COLUMNS order; what repeats is said once."""

    def __init__(self, to_time: Any) -> None:
        self._to_time = to_time
        self._outcomes: dict[tuple[Any, ...], str] = {}
        self._guarded = _Guarded()

    def __call__(self, row: tuple[Any, ...]) -> list[str]:
        (id_, time, user, display, machine, profile, service, action, serial, ids, product,
         before, outcome, detail, counts, finished) = row  # fmt: skip
        words = self._outcomes.get((outcome, detail))
        if words is None:
            words = self._outcomes[(outcome, detail)] = text_cell(outcome_text(outcome, detail))
        same = self._guarded
        return [
            _iso(self._to_time(time)), same[user], same[display or ""], same[machine],
            same[profile or ""], same[service or ""], action, text_cell(serial or ""),
            (ids or "").replace(",", " "), same[product or ""],
            text_cell(what_words(action, ids, counts)), outcome, words,
            text_cell(detail or ""), "", text_cell(before or ""), text_cell(counts or ""),
            _iso(self._to_time(finished)) if finished else "", id_,
        ]  # fmt: skip


def csv_pages(store: Any, query: Any) -> Iterator[tuple[str, int]]:
    """(CSV text, entries in it) a page at a time, oldest first; the header first."""
    from licensedesk.history.csv_rows import COLUMNS
    from licensedesk.history.streaming import row_pages, time_reader

    out = io.StringIO(newline="")
    csv.writer(out).writerow(COLUMNS)
    yield out.getvalue(), 0
    cells = _Cells(time_reader(store))
    for page in row_pages(store, query, oldest_first=True):
        out = io.StringIO(newline="")
        csv.writer(out).writerows(map(cells, page))
        yield out.getvalue(), len(page)
