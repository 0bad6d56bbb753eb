"""A JSON list written while its elements arrive (``activations --json`` of a site
licence): the same text as :meth:`.output.Printer.json` of the whole list, never the
whole list in memory.

The elements are flat objects (a model's ``to_json()``: text, numbers, booleans, null),
so each is written by the standard library's C encoder with the separators that make
``indent=2``'s layout (the indenting encoder is Python code, several times slower).
The last element waits for the next batch or the end: its ``,`` or the ``]`` follows it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from licensedesk.api.wire import WireModel
from licensedesk.display_text import json_safe

from . import streams
from .output import Printer, jsonable

_IN, _OUT = "  {\n    ", "\n  }"
#: text gathered before it is written: few large writes (each lets the decode thread in)
_WRITE_AT = 1024 * 1024


class JsonListWriter:
    """``printer``'s JSON list, element by element: :meth:`add` batches, then :meth:`end`."""

    def __init__(self, printer: Printer) -> None:
        self.printer = printer
        self.count = 0
        self._last: str | None = None
        self._gathered: list[str] = []
        self._size = 0
        self._times: dict[datetime, str] = {}  # timestamps' texts: a long list repeats them
        self._ascii = not streams.speaks_unicode(printer.out)
        self._encode = json.JSONEncoder(ensure_ascii=self._ascii,
                                        separators=(",\n    ", ": ")).encode

    def element(self, value: Any) -> str:
        """One element as ``json.dumps([value], indent=2)`` lays it out (two spaces in)."""
        if isinstance(value, WireModel):  # flat by construction
            return _IN + self._encode(value.to_json(self._times))[1:-1] + _OUT
        data = jsonable(value)
        if isinstance(data, dict) and data and not any(
                isinstance(v, dict | list) for v in data.values()):
            return _IN + self._encode(data)[1:-1] + _OUT
        return "  " + json.dumps(data, indent=2, ensure_ascii=self._ascii).replace("\n", "\n  ")

    def add(self, batch: Iterable[Any]) -> None:
        texts = [self.element(v) for v in batch]
        if not texts:
            return
        if self._last is not None:
            texts.insert(0, self._last)
        self._last = texts.pop()
        if texts:
            self._gathered.append(("[\n" if self.count == 0 else "") + ",\n".join(texts) + ",")
            self._size += sum(map(len, texts))
            self.count += len(texts)
            if self._size >= _WRITE_AT:
                self._flush()

    def end(self) -> None:
        """The last element and the ``]`` (``[]`` for none)."""
        if self._last is None:
            self._gathered.append("[]")
        else:
            self._gathered.append(("[\n" if self.count == 0 else "") + self._last + "\n]")
            self.count += 1
            self._last = None
        self._flush()

    def _flush(self) -> None:
        if self._gathered:
            text = "\n".join(self._gathered)  # a batch's text ends at a "," and its line
            self._gathered, self._size = [], 0
            self.printer.raw(json_safe(self.printer.scrub(text)))
