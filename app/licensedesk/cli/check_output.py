"""Writing ``check`` results in input order as they come: text lines, JSON lines or CSV.

Answers arrive in any order; :class:`OrderedRows` keeps the early ones until
every row before them is written, then writes them at once (flushed, so a pipe
sees each row as soon as it can be written). Every line passes
:meth:`Printer.scrub`: no api_key can reach the output. No raw control or bidi
character either (docs/cli.md): text and CSV rows show them as visible
escapes (``\\x1b``, ``\\u202e``: a CSV cell keeps the escape as text), JSON lines as
``\\uXXXX``.

Text rows and the summary speak the language in use; the CSV header (``COLUMNS``) and
the JSON lines stay English: they are machine formats that scripts read by name.
Dates stay ``YYYY-MM-DD`` in every language (unambiguous, sortable).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from licensedesk.batch.count_words import checked_sentence, count_parts
from licensedesk.batch.export import COLUMNS, csv_cells, json_line, seats_text
from licensedesk.batch.model import CheckResult, Status
from licensedesk.display_text import visible
from licensedesk.export_csv import CsvText
from licensedesk.i18n import _, ngettext

from .asking import is_terminal
from .output import Printer


def human_line(result: CheckResult) -> str:
    """``SERIAL  words · type · licensee · SKU · ends DATE · seats …`` for people."""
    parts = [result.words_text]
    if result.found:
        parts += [v for v in (result.type, result.licensee, result.sku) if v]
        if result.end is not None:
            day = f"{result.end.astimezone():%Y-%m-%d}"
            # days_left is 0 on the last day as on the day it ended: the status tells
            if result.status is Status.EXPIRED or (result.days_left or 0) < 0:
                parts.append(_("ended {date}").format(date=day))
            else:
                parts.append(_("ends {date}").format(date=day))
        seats = seats_text(result.seats)
        if seats:
            # TRANSLATORS: {seats} is e.g. "2/5" (devices in use of the seats the licence has)
            parts.append(_("seats {seats}").format(seats=seats))
    if (
        result.reason_text
        and result.reason_text not in result.words_text
        and result.status != Status.NOT_FOUND
    ):
        parts.append(result.reason_text)
    return f"{result.serial}  " + " \u00b7 ".join(parts)


def summary(results: Sequence[CheckResult], duplicates: int) -> str:
    """``Checked 14 serials: 6 active, 1 expired, 1 not found.`` plus the repeats dropped."""
    text = checked_sentence(
        len(results), count_parts(Counter(r.status for r in results)), str(len(results))
    )
    if duplicates:
        text += " " + ngettext(
            "{n} repeat checked once.", "{n} repeats checked once.", duplicates
        ).format(n=duplicates)
    return text


class OrderedRows:
    """Writes rows in input order as soon as all rows before them are written."""

    def __init__(self, printer: Printer, mode: str, progress: Progress) -> None:
        self.printer = printer
        self.mode = mode  # "text" | "json" | "csv"
        self.progress = progress
        self.written: list[CheckResult] = []
        self._early: dict[int, CheckResult] = {}
        self._csv_text = CsvText(line_end="")
        if mode == "csv":
            self._write(self._csv(list(COLUMNS)))

    def _write(self, line: str) -> None:
        self.progress.clear()  # a terminal shows both: no row after a half progress line
        out = self.printer.out
        out.write(self.printer.scrub(line) + "\n")
        out.flush()

    def _csv(self, cells: list[str]) -> str:
        """One CSV line without its end (the one writer of every export's CSV)."""
        return self._csv_text.text([cells])

    def line(self, result: CheckResult) -> str:
        if self.mode == "json":
            return json_line(result)  # control and bidi characters escaped there
        if self.mode == "csv":
            return self._csv(csv_cells(result))  # guarded and escaped there
        return visible(human_line(result))

    def add(self, result: CheckResult) -> None:
        """One answer (``result.index`` is its input position)."""
        self._early[result.index] = result
        while len(self.written) in self._early:
            row = self._early.pop(len(self.written))
            self.written.append(row)
            self._write(self.line(row))

    def answered(self) -> list[CheckResult]:
        """Every answer so far, written or still waiting for an earlier row."""
        return [*self.written, *self._early.values()]

    def flush_answered(self) -> None:
        """After an interruption: write every answered row left, in input order (the
        unanswered ones are skipped)."""
        for row in [self._early.pop(i) for i in sorted(self._early)]:
            self.written.append(row)
            self._write(self.line(row))


class Progress:
    """``  37 / 1000 checked`` on one line of a terminal's stderr; silent otherwise."""

    def __init__(self, err: TextIO, total: int, every: float = 0.1) -> None:
        self.enabled = is_terminal(err)
        self.err, self.total, self.every = err, total, every
        self._last = 0.0
        self._shown = False

    def update(self, done: int) -> None:
        now = time.monotonic()
        if not self.enabled or (now - self._last < self.every and done < self.total):
            return
        self._last = now
        self._shown = True
        self.err.write("\r  " + _("{done} / {total} checked").format(done=done, total=self.total))
        self.err.flush()

    def clear(self) -> None:
        if self._shown:
            self.err.write("\r\033[K")
            self.err.flush()
            self._shown = False
