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
"""

from __future__ import annotations

from typing import Any

from licensedesk.display_text import visible

__all__ = ["FORMULA_STARTS", "cell", "text_cell"]

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
