"""A JSON list of devices written while they arrive (``activations --json`` of a site
licence): the same text as :meth:`.output.Printer.json` of the whole list of
Activations, never the whole list in memory.

The devices are flat objects (text, numbers, booleans, null), so a batch is written by
the standard library's C encoder with the separators that make ``indent=2``'s layout
(the indenting encoder is Python code, several times slower). The last batch waits for
the next one or the end: its ``,`` or the ``]`` follows it.
"""

from __future__ import annotations

import json

from licensedesk.api.activation_rows import CREATED_AT, FIELDS, UPDATED_AT
from licensedesk.api.wire import iso_text
from licensedesk.display_text import json_safe

from . import streams
from .local_times import Remembered
from .output import Printer

_IN, _OUT = "  {\n    ", "\n  }"
_BETWEEN = "},\n    {"  # two elements, as the encoder with these separators joins them
_TIMES = (CREATED_AT, UPDATED_AT)
#: text gathered before it is written: few large writes (each lets the decode thread in)
_WRITE_AT = 1024 * 1024


class JsonListWriter:
    """``printer``'s JSON list of devices: :meth:`add_rows` batches, then :meth:`end`."""

    def __init__(self, printer: Printer) -> None:
        self.printer = printer
        self.count = 0
        self._last: str | None = None  # the newest block: its "," or the "]" comes next
        self._last_n = 0
        self._gathered: list[str] = []
        self._size = 0
        self._times = Remembered(iso_text)  # timestamps' texts: a long list repeats them
        self._encode = json.JSONEncoder(
            ensure_ascii=not streams.speaks_unicode(printer.out), separators=(",\n    ", ": ")
        ).encode

    def add_rows(self, rows: list[tuple]) -> None:
        """Devices as rows (:mod:`licensedesk.api.activation_rows`; a site licence's come
        so), written as their Activations' ``to_json()`` would be: one call of the C
        encoder for the whole batch, whose list separator is then laid out as
        ``indent=2`` would (an encoded text holds no line break, so ``},`` + the
        separator + ``{`` can only be between two elements)."""
        if not rows:
            return
        times, objects = self._times, []
        for row in rows:
            values = list(row)
            for at in _TIMES:
                moment = values[at]
                if moment is not None:
                    values[at] = times[moment]
            objects.append(dict(zip(FIELDS, values, strict=True)))
        text = self._encode(objects)[2:-2].replace(_BETWEEN, _OUT + ",\n" + _IN)
        self._gather(",")
        self._last, self._last_n = _IN + text + _OUT, len(rows)
        if self._size >= _WRITE_AT:
            self._flush()

    def end(self) -> None:
        """The last element and the ``]`` (``[]`` for none)."""
        if self._last is None:
            self._gathered.append("[]")
        self._gather("\n]")
        self._last = None
        self._flush()

    def _gather(self, after: str) -> None:
        """The newest block (after the list's ``[`` when it is the first), then ``after``."""
        if self._last is not None:
            self._gathered.append(("[\n" if self.count == 0 else "") + self._last + after)
            self._size += len(self._last)
            self.count += self._last_n

    def _flush(self) -> None:
        if self._gathered:
            text = "\n".join(self._gathered)  # a batch's text ends at a "," and its line
            self._gathered, self._size = [], 0
            self.printer.raw(json_safe(self.printer.scrub(text)))
