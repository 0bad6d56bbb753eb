"""The JSON of every export: JSON lines a page at a time, one JSON value as text. No Qt.

The history's JSON lines (the window's *Export JSON…*, ``history export``, ``history
--json``), the batch check's (``check --json``) and its JSON array (the window's *Export
JSON…*) are written here, so each keeps the exact text and never a raw control or bidi
character (:func:`licensedesk.display_text.json_safe`: ``\\uXXXX``, the same JSON), and
other non-ASCII text stays readable UTF-8. The caller decides where the text goes and,
on the command line, passes it through the printer's scrub.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from licensedesk.display_text import json_safe

__all__ = ["json_lines", "json_text"]


def json_lines(lines: Iterable[str]) -> str:
    """A page of JSON lines: each of ``lines`` (JSON text, no newline) and its newline."""
    text = "\n".join(lines)
    return json_safe(text + "\n") if text else ""


def json_text(value: Any, *, indent: int | None = None) -> str:
    """``value`` as JSON text (no newline at its end): a single line, or laid out with
    ``indent``."""
    return json_safe(json.dumps(value, ensure_ascii=False, indent=indent))
