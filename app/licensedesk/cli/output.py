"""Printing for the CLI: human text (aligned fields, tables) or JSON, never a key.

Every line goes through :meth:`Printer.scrub`, which masks api_key values
(``licensedesk.api.redact``) and every key the command handled, so a key can
reach neither stdout nor stderr whatever an error message contains.

Service text never reaches the terminal raw (docs/cli.md): a value
shown by :func:`human` has every control, bidi and separator character written
as a visible escape (``\\x1b``, ``\\u202e``: ``licensedesk.display_text``);
:meth:`Printer.line` and :meth:`Printer.note` do the same to whole lines, newlines
kept, as a second net; :meth:`Printer.json` escapes them as ``\\uXXXX``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, TextIO

from licensedesk.api.wire import WireModel
from licensedesk.display_text import json_safe, visible, visible_lines
from licensedesk.i18n import _

from . import streams

MASK = "***"
PRODUCT_SECRET_FIELDS = ("key", "signature", "signature_trial")


def jsonable(value: Any) -> Any:
    """Models and datetimes as JSON values (timestamps as ISO 8601 with offset)."""
    if isinstance(value, WireModel):
        return value.to_json()
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    return value


def human(value: Any) -> str:
    """One value for people: local time for timestamps, yes/no, "-" for nothing; text
    with its control and bidi characters as visible escapes (one line, always).

    Timestamps stay ``YYYY-MM-DD HH:MM:SS ZONE`` in every language: unambiguous, sortable,
    and what a script that reads the human output already expects."""
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, datetime):
        return value.astimezone().strftime("%Y-%m-%d %H:%M:%S %Z").strip()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return visible(value)


def fields_text(pairs: Iterable[tuple[str, Any]]) -> str:
    """``label: value`` lines with the values aligned."""
    rows = [(label, human(value)) for label, value in pairs]
    width = max((len(label) for label, _value in rows), default=0)
    return "\n".join(f"{label + ':':<{width + 1}} {value}" for label, value in rows)


def column_widths(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    """Each column as wide as its header or its longest cell."""
    return [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(headers)]


def row_layout(widths: Sequence[int]) -> Callable[[Sequence[str]], str]:
    """A row's line: each cell left-aligned in its width, two spaces apart, no trailing
    space (one ``str.format`` a row, not a call per cell: a history lists a million)."""
    fill = "  ".join(f"{{:<{w}}}" for w in widths).format
    return lambda cells: fill(*cells).rstrip()


def table_text(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain table: upper-case headers, columns padded with two spaces."""
    cells = [[human(v) for v in row] for row in rows]
    line = row_layout(column_widths(headers, cells))
    return "\n".join([line([h.upper() for h in headers]), *map(line, cells)])


class Printer:
    """Where the CLI writes. ``json_mode``: machine output on stdout."""

    def __init__(self, *, json_mode: bool = False, verbose: bool = False) -> None:
        self.json_mode = json_mode
        self.verbose = verbose
        self._secrets: set[str] = set()
        self._said: set[str] = set()
        #: set once stdout could not be written (a reader gone, a full disk): later output
        #: is dropped and the command's end says it (:mod:`.streams`)
        self.lost: streams.OutputLoss | None = None

    # streams are looked up at write time (pytest's capsys swaps them)
    @property
    def out(self) -> TextIO:
        return sys.stdout

    @property
    def err(self) -> TextIO:
        return sys.stderr

    def add_secret(self, value: str | None) -> None:
        if value and len(value) >= 4:
            self._secrets.add(value)

    def scrub(self, text: str) -> str:
        from licensedesk.api.redact import redact

        text = redact(text)
        for secret in sorted(self._secrets, key=len, reverse=True):
            text = text.replace(secret, MASK)
        return text

    def line(self, text: str = "") -> None:
        """Human output (ignored in JSON mode, where only :meth:`json` writes stdout)."""
        if not self.json_mode:
            self.raw(visible_lines(self.scrub(text)))

    def raw(self, text: str) -> None:
        """One finished line (or several) on stdout; nothing once stdout is lost."""
        if self.lost is None:
            self.lost = streams.write(self.out, text)
            if self.lost is not None:
                streams.silence_stdout()

    def json(self, value: Any) -> None:
        """``value`` as JSON; characters that could drive a terminal as ``\\uXXXX`` (all of
        non-ASCII too, when stdout's encoding cannot take every character)."""
        text = json.dumps(
            jsonable(value),
            indent=2,
            sort_keys=False,
            ensure_ascii=not streams.speaks_unicode(self.out),
        )
        self.raw(json_safe(self.scrub(text)))

    def result(self, value: Any, text: str) -> None:
        """``value`` as JSON in JSON mode, else ``text``."""
        if self.json_mode:
            self.json(value)
        else:
            self.line(text)

    def note(self, text: str) -> None:
        """A message for the person on stderr (both modes)."""
        streams.write(self.err, visible_lines(self.scrub(text)))  # stderr gone: none to tell

    def error(self, sentence: str) -> None:
        """``Error: …`` on stderr: why the command did not do (all) it was asked."""
        self.note(_("Error: {sentence}").format(sentence=sentence))

    def warn(self, sentence: str) -> None:
        """``Warning: …`` on stderr: what went wrong beside a command that went on."""
        self.note(_("Warning: {sentence}").format(sentence=sentence))

    def note_once(self, text: str | None) -> None:
        if text and text not in self._said:
            self._said.add(text)
            self.note(text)


def mask_product(data: dict[str, Any], reveal: bool) -> dict[str, Any]:
    if reveal:
        return data
    return {k: (MASK if k in PRODUCT_SECRET_FIELDS and v else v) for k, v in data.items()}
