"""Writing ``check`` results in input order as they come: text lines, JSON lines or CSV.

Answers arrive in any order; :class:`OrderedRows` keeps the early ones until
every row before them is written, then writes them at once (flushed, so a pipe
sees each row as soon as it can be written). Every line passes
:meth:`Printer.scrub`: no api_key can reach the output. No raw control or bidi
character either (issue #13, docs/cli.md): text and CSV rows show them as visible
escapes (``\\x1b``, ``\\u202e``: a CSV cell keeps the escape as text), JSON lines as
``\\uXXXX``.
"""

from __future__ import annotations

import csv
import io
import time
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from licensedesk.batch.export import COLUMNS, csv_cells, json_line, seats_text
from licensedesk.batch.model import CheckResult, Status
from licensedesk.display_text import json_safe, visible

from .output import Printer

#: status words of the summary line, in the order they are listed
SUMMARY_ORDER = (
    (Status.ACTIVE, "active"), (Status.EXPIRING, "expiring"), (Status.EXPIRED, "expired"),
    (Status.NOT_STARTED, "not started"), (Status.INVALID, "invalid for the product"),
    (Status.NOT_FOUND, "not found"), (Status.ERROR, "could not be checked"),
)  # fmt: skip


def human_line(result: CheckResult) -> str:
    """``SERIAL  words · type · licensee · SKU · ends DATE · seats …`` for people."""
    parts = [result.words]
    if result.found:
        parts += [v for v in (result.type, result.licensee, result.sku) if v]
        if result.end is not None:
            word = "ended" if (result.days_left or 0) <= 0 else "ends"
            parts.append(f"{word} {result.end.astimezone():%Y-%m-%d}")
        seats = seats_text(result.seats)
        if seats:
            parts.append(f"seats {seats}")
    if result.reason and result.reason not in result.words and result.status != Status.NOT_FOUND:
        parts.append(result.reason)
    return f"{result.serial}  " + " \u00b7 ".join(parts)


def summary(results: Sequence[CheckResult], duplicates: int) -> str:
    """``14 serials: 6 active, 1 expired, 1 not found.`` plus the repeats dropped."""
    counts = Counter(r.status for r in results)
    said = [f"{counts[s]} {words}" for s, words in SUMMARY_ORDER if counts[s]]
    total = len(results)
    text = f"{total} serial{'s' if total != 1 else ''}: {', '.join(said) or 'none'}."
    if duplicates:
        text += f" {duplicates} repeat{'s' if duplicates != 1 else ''} checked once."
    return text


class OrderedRows:
    """Writes rows in input order as soon as all rows before them are written."""

    def __init__(self, printer: Printer, mode: str, total: int,
                 progress: Progress | None = None) -> None:  # fmt: skip
        self.printer = printer
        self.mode = mode  # "text" | "json" | "csv"
        self.total = total
        self.progress = progress
        self.written: list[CheckResult] = []
        self._early: dict[int, CheckResult] = {}
        if mode == "csv":
            self._write(self._csv(list(COLUMNS)))

    @property
    def out(self) -> TextIO:
        return self.printer.out

    def _write(self, line: str) -> None:
        if self.progress is not None:
            self.progress.clear()  # a terminal shows both: no row after a half progress line
        self.out.write(self.printer.scrub(line) + "\n")
        self.out.flush()

    @staticmethod
    def _csv(cells: list[str]) -> str:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="").writerow(cells)
        return buffer.getvalue()

    def line(self, result: CheckResult) -> str:
        if self.mode == "json":
            return json_safe(json_line(result))
        if self.mode == "csv":
            return self._csv([visible(cell) for cell in csv_cells(result)])
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

    def flush_answered(self) -> int:
        """After an interruption: write every answered row left, in input order (the
        unanswered ones are skipped). Returns how many were written now."""
        rows = [self._early.pop(i) for i in sorted(self._early)]
        for row in rows:
            self.written.append(row)
            self._write(self.line(row))
        return len(rows)


class Progress:
    """``  37 / 1000 checked`` on one line of a terminal's stderr; silent otherwise."""

    def __init__(self, err: TextIO, total: int, every: float = 0.1) -> None:
        try:
            self.enabled = err.isatty()
        except (AttributeError, ValueError):
            self.enabled = False
        self.err, self.total, self.every = err, total, every
        self._last = 0.0
        self._shown = False

    def update(self, done: int) -> None:
        now = time.monotonic()
        if not self.enabled or (now - self._last < self.every and done < self.total):
            return
        self._last = now
        self._shown = True
        self.err.write(f"\r  {done} / {self.total} checked")
        self.err.flush()

    def clear(self) -> None:
        if self._shown:
            self.err.write("\r\033[K")
            self.err.flush()
            self._shown = False

