"""Export and import as JSON lines: one entry per line, the shape of ``Entry.to_dict``.

Used to move a local history into the team database: entry ids are made on
the desk, so importing the same file twice (or a file that overlaps what is
already there) adds nothing the second time. The command line imports a page at a
time, each checked whole before it is written (``cli/history_import.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from licensedesk.i18n import _

from .model import Entry, EntryError

__all__ = ["ImportError_", "export_lines", "read_lines"]


class ImportError_(EntryError):
    """A line of an import file that is not an entry; names the line."""


def export_lines(entries: Iterable[Entry]) -> Iterator[str]:
    """One JSON line per entry (no newline at the end of each)."""
    return (entry.to_json() for entry in entries)


def read_lines(
    lines: Iterable[str], *, source: str | None = None, first_line: int = 1
) -> list[Entry]:
    """Every entry of a JSON lines text; blank lines are skipped. Raises ImportError_ (a
    sentence in the language in use). ``source``: the file's name, for the sentence;
    ``first_line``: the number of the first of ``lines`` (a page of a longer file)."""
    entries = []
    for number, line in enumerate(lines, start=first_line):
        if not line.strip():
            continue
        try:
            entries.append(Entry.from_dict(json.loads(line)))
        except (ValueError, EntryError) as exc:
            why = _("not JSON") if isinstance(exc, json.JSONDecodeError) else str(exc)
            if source is None:
                said = _("Line {number} is not a history entry ({problem}).")
            else:
                said = _("Line {number} of {source} is not a history entry ({problem}).")
            raise ImportError_(said.format(number=number, source=source, problem=why)) from None
    return entries
