"""Text cells of an export that a spreadsheet and a terminal take as text. No Qt.

A licensee, a device tag or a message comes from the service, a display name or a
typed line from a user: a stranger's text. In a CSV file opened by a spreadsheet,
a cell that starts with ``=``, ``+``, ``-`` or ``@`` is read as a formula
(``=HYPERLINK(…)`` sends the reader somewhere, ``=cmd|…`` runs a program), and
one that starts with a tab or a carriage return can hide such a start. Such a
cell gets a leading single quote, as OWASP advises ("CSV Injection"): the
spreadsheet shows the text and the quote tells a reader why.

Control and bidi characters are written as the screen shows them
(:func:`licensedesk.display_text.visible`): ``\\x1b``, ``\\u202e``. Numbers we
write ourselves (an activation id, ``days_left`` of ``-35``) are not text from a
stranger and are left as they are: pass them as ``int``, or do not pass them here.
The cells go into CSV text through the one writer of every export,
:mod:`licensedesk.export_csv`.

A time is written as :func:`local_time`, in every export that writes times as text.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from licensedesk.display_text import visible

__all__ = [
    "FORMULA_STARTS",
    "cell",
    "csv_cell",
    "local_time",
    "text_cell",
    "times_as_text",
]

#: the first characters that make a spreadsheet read a cell as a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """A stranger's ``text`` as a cell: visible escapes, and a leading ``'`` when a
    spreadsheet would otherwise take it for a formula."""
    escaped = visible(text)
    return "'" + escaped if text.startswith(FORMULA_STARTS) else escaped


def cell(value: Any) -> Any:
    """``value`` for an export: text guarded by :func:`text_cell`; anything else (None,
    bool, int, a datetime) as it is."""
    return text_cell(value) if isinstance(value, str) else value


def csv_cell(value: Any) -> str:
    """A value of a JSON row as its CSV cell: "" for null, ``true``/``false``, text
    guarded (:func:`cell`), a number as it is written."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(cell(value))


def local_time(moment: datetime | None) -> str:
    """ISO 8601 to the second, in local time with its UTC offset
    (``2026-11-24T10:05:00+01:00``): the same moment wherever the file is read; ""
    when unknown."""
    return moment.astimezone().isoformat(timespec="seconds") if moment else ""


def times_as_text(row: Mapping[str, Any]) -> dict[str, Any]:
    """``row`` with JSON's types only: each datetime as :func:`local_time`."""
    return {k: local_time(v) if isinstance(v, datetime) else v for k, v in row.items()}
