"""``history import FILE|-``: JSON lines into the store, a page at a time, resumable.

Each page of :data:`PAGE` entries is checked whole, then added in one transaction
(ids already there are skipped), so a file of a million entries never sits in memory
and an interrupted import keeps the pages it finished: run again, it adds only what
is missing. A line that is not an entry stops the import there (the pages before it
stay); in a file smaller than a page that means nothing was added. Progress goes to
stderr every tenth of the file (every 100,000 entries from standard input, a FIFO or a
device, which are read once and not counted first). Lines are read in bytes, each up
to :data:`licensedesk.text_input.HISTORY_LINE_MAX`: ``/dev/zero`` or a line without end
is one sentence, not a memory that fills.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _, ngettext

from .errors import INTERRUPTED, OK, CliError, UsageError, file_error

if TYPE_CHECKING:
    from .output import Printer

PAGE = 5000  # entries a transaction
STDIN_STEP = 100_000


def count_lines(path: str) -> int | None:
    """Lines of a regular file, read in blocks (the total of the progress; no entry is
    parsed); None for a FIFO or a device: read twice, it would give its lines to the
    count, and ``/dev/zero`` has no end to count."""
    import os
    import stat

    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    n = 0
    with open(path, "rb") as fh:
        while block := fh.read(1 << 20):
            n += block.count(b"\n")
    return n


def _pages(lines: Iterable[str], source: str) -> Iterator[tuple[list[Any], int]]:
    """(entries of a page, lines read so far): a page is checked whole before it is given."""
    from licensedesk.history.transfer import read_lines

    numbered = iter(lines)
    done = 0
    while chunk := list(islice(numbered, PAGE)):
        try:
            entries = read_lines(chunk, source=source, first_line=done + 1)
        finally:
            done += len(chunk)
        yield entries, done


class Progress:
    """A line on stderr each tenth of ``total`` lines (each 100,000 when unknown)."""

    def __init__(self, printer: Printer, total: int | None) -> None:
        self._printer = printer
        self._total = total
        self._next = self._step()

    def _step(self) -> int:
        return max(PAGE, self._total // 10) if self._total else STDIN_STEP

    def __call__(self, read: int, added: int) -> None:
        if read < self._next or (self._total is not None and read >= self._total):
            return
        self._next = (read // self._step() + 1) * self._step()
        # each count with its own plural: "1 entry added", "1 line read"
        entries = ngettext("{n} entry added so far", "{n} entries added so far", added).format(
            n=f"{added:,}"
        )
        if self._total:
            lines = ngettext(
                "{n} of {total} line read", "{n} of {total} lines read", self._total
            ).format(n=f"{read:,}", total=f"{self._total:,}")
            # TRANSLATORS: "5,000 of 12,001 lines read (41%), 5,000 entries added so far…"
            said = _("{lines} ({percent}%), {entries}…").format(
                lines=lines, percent=read * 100 // self._total, entries=entries
            )
        else:
            lines = ngettext("{n} line read", "{n} lines read", read).format(n=f"{read:,}")
            # TRANSLATORS: "5,000 lines read, 5,000 entries added so far…"
            said = _("{lines}, {entries}…").format(lines=lines, entries=entries)
        self._printer.note(said)


def cmd_import(args: Any, printer: Printer, store_of: Any, source: str) -> int:
    """Read ``source`` (a file, or ``-``: stdin) into the store ``store_of(args, printer)``
    opens."""
    from licensedesk.history.transfer import ImportError_
    from licensedesk.text_input import InputProblem, bounded_lines, open_input

    name = _("standard input") if source == "-" else source  # within a sentence
    where = _("Standard input") if source == "-" else source  # starting one
    n = added = 0
    try:
        total = None if source == "-" else count_lines(source)
        progress = Progress(printer, total)
        with open_input(source) as fh, store_of(args, printer) as store:
            for entries, read in _pages(bounded_lines(fh, where), name):
                added += store.import_entries(entries)
                n += len(entries)
                progress(read, added)
    except OSError as exc:
        raise file_error(source, exc) from None
    except InputProblem as problem:
        raise UsageError(problem.sentence + _stopped(added)) from None
    except (ImportError_, UnicodeDecodeError) as exc:
        raise UsageError(str(exc) + _stopped(added)) from None
    except KeyboardInterrupt:
        raise CliError(
            ngettext(
                "Import interrupted: {added} entry was added; importing the file again adds "
                "only what is missing.",
                "Import interrupted: {added} entries were added; importing the file again adds "
                "only what is missing.",
                added,
            ).format(added=f"{added:,}"),
            INTERRUPTED,
        ) from None
    there = n - added
    printer.result(
        {"read": n, "added": added, "already_there": there},
        ngettext(
            "Read {n} entry from {file}: {added} added, {there} already there.",
            "Read {n} entries from {file}: {added} added, {there} already there.",
            n,
        ).format(n=n, file=source, added=added, there=there),
    )
    return OK


def _stopped(added: int) -> str:
    if not added:
        return ""
    return " " + ngettext(
        "The {added} entry before it was added; importing the file again once "
        "it is mended adds only what is missing.",
        "The {added} entries before it were added; importing the file again once "
        "it is mended adds only what is missing.",
        added,
    ).format(added=f"{added:,}")
