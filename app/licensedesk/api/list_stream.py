"""A ``{"data": [...]}`` answer read while it arrives: its list's elements, a piece at a
time, never the whole body in memory (docs/client.md, "Long lists").

:class:`ListSplitter` takes the body's bytes in the order they come. Once the body starts
with ``{"data": [``, each piece's complete elements are parsed by one ``json.loads`` of
the text up to its last ``},`` (the standard library's C parser; when that text is not a
list of whole elements, a ``},`` inside a text or a nested object, the elements are read
one by one with ``JSONDecoder.raw_decode`` instead). What follows the list is kept and
given back as the *envelope* ``{"data":[]...}``, which is decoded as any answer (an
``error`` there is still an error). A body that starts otherwise is kept whole and given
back as it is, for the usual decoding. Incremental parsers (ijson) were weighed: this
reaches the same speed with the standard library alone.
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any

#: the start of a list answer: ``{"data": [`` (a UTF-8 BOM and JSON's white space allowed)
_HEAD = re.compile(rb'(?:\xef\xbb\xbf)?[ \t\n\r]*\{[ \t\n\r]*"data"[ \t\n\r]*:[ \t\n\r]*\[')
#: bytes after which a body that does not start so is kept whole
_HEAD_MAX = 256
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
#: one element of more text than this, still unfinished, is not an activation
ELEMENT_MAX = 1024 * 1024
#: what may follow the list (``}``, or a few more fields) at most
TAIL_MAX = 64 * 1024


class ListError(ValueError):
    """The list could not be read: ``kind`` is ``json`` (not JSON), ``deep`` (nested too
    deep), ``element`` (an element too long) or ``tail`` (too much after the list)."""

    def __init__(self, kind: str, cause: str) -> None:
        super().__init__(cause)
        self.kind = kind


class ListSplitter:
    """Bytes in (:meth:`feed`), the list's elements out, then :meth:`finish`. Not thread
    safe: one thread feeds it (the decode worker)."""

    def __init__(self) -> None:
        self.streaming: bool | None = None  # None: the head is not known yet
        self._head = bytearray()
        self._decoder = codecs.getincrementaldecoder("utf-8")("surrogatepass")
        self._text = ""  # from the start of an element (or white space, or the list's end)
        self._tail: list[str] | None = None  # set once the list has ended
        self._tail_size = 0
        self._after_comma = False  # the text starts after a ',' (so not with the list's end)

    def feed(self, chunk: bytes) -> list[Any]:
        """The elements completed by ``chunk`` (none while the body is kept whole)."""
        if self.streaming is None:
            self._head += chunk
            found = _HEAD.match(self._head)
            if found is None:
                if len(self._head) >= _HEAD_MAX:
                    self.streaming = False
                return []
            self.streaming = True
            chunk, self._head = bytes(self._head[found.end() :]), bytearray()
        if not self.streaming:
            self._head += chunk
            return []
        return self._elements(self._decoder.decode(chunk), final=False)

    def finish(self) -> tuple[list[Any], bytes]:
        """The last elements and the envelope (or the whole body when it was kept whole)."""
        if not self.streaming:
            self.streaming = False
            return [], bytes(self._head)
        last = self._elements(self._decoder.decode(b"", True), final=True)
        if self._tail is None:
            raise ListError("json", "the list has no end")
        return last, b'{"data":[]' + "".join(self._tail).encode("utf-8", "surrogatepass")

    def _elements(self, text: str, *, final: bool) -> list[Any]:
        if self._tail is not None:
            self._keep_tail(text)
            return []
        text = self._text + text
        items: list[Any] = []
        cut = text.rfind("},")
        if cut > 0:
            try:
                items = json.loads("[" + text[: cut + 1] + "]")
            except RecursionError:
                raise ListError("deep", "an element nested too deep") from None
            except ValueError:
                items = []  # not whole elements up to there: one by one below
            else:
                text = text[cut + 2 :]
                self._after_comma = True
        more, rest = self._one_by_one(text, final=final)
        items.extend(more)
        self._text = rest
        if len(rest) > ELEMENT_MAX:
            raise ListError("element", f"an element of more than {ELEMENT_MAX} characters")
        return items

    def _one_by_one(self, text: str, *, final: bool) -> tuple[list[Any], str]:
        """Elements read one at a time up to the first unfinished one; the list's end
        starts the tail."""
        items: list[Any] = []
        at, end = _SPACE.match(text, 0).end(), len(text)
        while at < end:
            if text[at] == "]" and not self._after_comma:
                self._tail = []
                self._keep_tail(text[at + 1 :])
                return items, ""
            try:
                value, after = _DECODER.raw_decode(text, at)
            except RecursionError:
                raise ListError("deep", "an element nested too deep") from None
            except ValueError as exc:
                if final:
                    raise ListError("json", str(exc)) from None
                break  # unfinished: more text will come
            after = _SPACE.match(text, after).end()
            if after == end and not final:
                break  # its separator has not come: read it again with it (a number may go on)
            if after < end and text[after] not in ",]":
                raise ListError("json", f"',' or ']' expected, not {text[after]!r}")
            items.append(value)
            self._after_comma = after < end and text[after] == ","
            at = _SPACE.match(text, after + 1).end() if self._after_comma else after
        if final:
            raise ListError("json", "the list has no end")
        return items, text[at:]

    def _keep_tail(self, text: str) -> None:
        self._tail_size += len(text)
        if self._tail_size > TAIL_MAX:
            raise ListError("tail", f"more than {TAIL_MAX} characters after the list")
        assert self._tail is not None
        self._tail.append(text)
