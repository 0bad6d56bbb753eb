"""``history`` (the list) and ``history export``, written as they are read, a page at a time.

A team's history holds a million entries: the list and the export read a page of rows
(:mod:`licensedesk.history.streaming`), write it, and read the next, so the first line
comes at once and memory holds one page whatever the history's size. The table's
columns take their widths from the first page (a longer cell later pushes its line out).

An export to a file is written to a temporary file beside it (``.NAME.XXXX.part``),
moved over the final name only once whole (``licensedesk.paths.PartFile``): Ctrl+C, a
full disk or a crash leaves no half file under that name, and an older file of that
name stays as it was. ``--csv``, or a file name ending in ``.csv``, writes CSV (the History window's
columns); otherwise JSON lines (what ``history import`` reads).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _, ngettext

from .errors import OK, UsageError

if TYPE_CHECKING:
    from licensedesk.history import Entry, HistoryQuery

    from .output import Printer

_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def ascii_json(text: str) -> str:
    """JSON text with every non-ASCII character as ``\\uXXXX`` (as ``ensure_ascii`` writes
    it): standard output may be a terminal of any encoding."""
    if text.isascii():
        return text
    return _NON_ASCII.sub(_escape, text)


# ---------------------------------------------------------------- the file


def _cannot_write(path: Path, exc: OSError) -> UsageError:
    return UsageError(_("The file {file} cannot be written ({reason}).").format(
        file=path, reason=exc.strerror or exc))  # fmt: skip


# ---------------------------------------------------------------- pages of text


def _cli_what(entry: Entry) -> str:
    """What the command line's table says an entry did (stored keys, as ``--action``)."""
    devices = ", ".join(str(i) for i in entry.activation_ids)
    what = entry.action + (f" {devices}" if devices else "")
    if entry.counts:
        what += " (" + ", ".join(f"{k} {v}" for k, v in entry.counts.items()) + ")"
    return what


def _details(entry: Entry) -> str:
    before = entry.before or {}
    return ", ".join(f"{k}: {v}" for k, v in before.items())


def csv_pages(store: Any, query: HistoryQuery) -> Iterator[tuple[str, int]]:
    """(CSV text, entries in it) a page at a time, oldest first; the header first."""
    from licensedesk.history.csv_rows import COLUMNS, csv_row
    from licensedesk.history.streaming import entry_pages

    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    yield out.getvalue(), 0
    for page in entry_pages(store, query, oldest_first=True):
        out = io.StringIO(newline="")
        writer = csv.writer(out)
        writer.writerows(csv_row(e, _cli_what(e), e.outcome_text, _details(e)) for e in page)
        yield out.getvalue(), len(page)


def json_line_pages(store: Any, query: HistoryQuery, printer: Printer, *, ascii_only: bool,
                    oldest_first: bool = True) -> Iterator[tuple[str, int]]:  # fmt: skip
    """(JSON lines, entries in them) a page at a time; no raw control or bidi character,
    no key (the printer's net over each page)."""
    from licensedesk.display_text import json_safe
    from licensedesk.history.streaming import json_pages

    for lines in json_pages(store, query, oldest_first=oldest_first):
        text = json_safe(printer.scrub("\n".join(lines) + "\n"))
        yield (ascii_json(text) if ascii_only else text), len(lines)


# ---------------------------------------------------------------- commands


def export_kind(target: str, csv_flag: bool) -> str:
    """``csv`` (``--csv``, or a file name ending in ``.csv``) or ``jsonl``."""
    return "csv" if csv_flag or (target != "-" and target.lower().endswith(".csv")) else "jsonl"


def cmd_export(args: Any, printer: Printer, store: Any, query: HistoryQuery,
               target: str) -> int:  # fmt: skip
    """Write the entries of ``query``, oldest first, to ``target`` (``-``: stdout)."""
    kind = export_kind(target, bool(getattr(args, "csv", False)))
    to_stdout = target == "-"
    if kind == "csv":
        pages = csv_pages(store, query)
    else:
        pages = json_line_pages(store, query, printer, ascii_only=to_stdout)
    if to_stdout:
        for text, _n in pages:
            printer.raw(text.removesuffix("\n") if text else text)
            if printer.lost is not None:  # the reader went away: stop reading too
                break
        return OK
    n = write_pages(Path(target), pages)
    printer.note(ngettext("Exported {n} entry to {file}.", "Exported {n} entries to {file}.",
                          n).format(n=n, file=target))  # fmt: skip
    return OK


def write_pages(path: Path, pages: Iterator[tuple[str, int]]) -> int:
    """Write every page to ``path`` whole or not at all; how many entries."""
    from licensedesk.paths import PartFile

    n = 0
    try:
        with PartFile(path) as fh:
            for text, count in pages:
                fh.write(text)
                n += count
    except OSError as exc:
        raise _cannot_write(path, exc) from None
    return n


def cmd_list(printer: Printer, store: Any, query: HistoryQuery, serial: str | None) -> int:
    """The entries of ``query``, newest first: a table, or JSON lines with ``--json``."""
    from licensedesk.history.streaming import entry_pages

    if printer.json_mode:
        for text, _n in json_line_pages(store, query, printer, ascii_only=True,
                                        oldest_first=False):  # fmt: skip
            printer.raw(text.removesuffix("\n"))
            if printer.lost is not None:
                break
        return OK
    widths: list[int] | None = None
    for page in entry_pages(store, query):
        rows = history_rows(page, with_serial=serial is None)
        if widths is None:
            widths = _widths(serial is None, rows)
            printer.line(_line(_headers(serial is None, upper=True), widths))
        printer.line("\n".join(_line(row, widths) for row in rows))
        if printer.lost is not None:
            break
    if widths is None:
        printer.line(_("No history for {serial}.").format(serial=serial) if serial
                     else _("No history matches."))  # fmt: skip
    return OK


def _headers(with_serial: bool, *, upper: bool = False) -> list[str]:
    # TRANSLATORS: column headers of the history table
    headers = [_("when"), _("who"), _("what"), _("outcome")]
    if with_serial:
        headers.insert(2, _("serial"))
    return [h.upper() for h in headers] if upper else headers


def history_rows(entries: Sequence[Entry], *, with_serial: bool) -> list[list[str]]:
    """The cells of the table, for people: the time in local time, the action and the count
    names as stored (``batch_check``, ``not_found``: what ``--action`` takes)."""
    from .output import human

    rows = []
    for e in entries:
        row = [human(e.time), human(e.person), human(_cli_what(e)), human(e.outcome_text)]
        if with_serial:
            row.insert(2, human(e.serial))
        rows.append(row)
    return rows


def _widths(with_serial: bool, rows: list[list[str]]) -> list[int]:
    widths = [len(h) for h in _headers(with_serial)]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    return widths


def _line(cells: Sequence[str], widths: list[int]) -> str:
    return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()
