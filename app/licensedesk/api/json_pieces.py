"""JSON of a big answer parsed in pieces, so that the thread parsing it lets others run.

``json.loads`` of a serial's 5,000 activations (1.7 MB) is one C call of ~10 ms (20
on a slow machine) that holds the GIL all along: in the worker thread it runs in
(offload.py) it still stalls the UI thread for that long (measured: the UI thread
waited up to 10-17 ms for the GIL; 3-5 ms with :func:`loads`). :func:`loads` parses
the arrays of a top-level object one element at a time (``raw_decode``); between two
elements the interpreter can hand the GIL over. It costs ~1.5 times the CPU, in the
worker. The result is exactly ``json.loads``'s; anything else (not an object, bad
syntax, another encoding) is left to ``json.loads``, for its result or its error.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: below this many characters (bytes) ``json.loads`` is used as it is: it takes well
#: under a millisecond, nothing worth handing over (and pieces cost more CPU)
SMALL = 64 * 1024
_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
_WHITE = frozenset(" \t\n\r")


class _Unusual(Exception):
    """Not the shape this parser handles: ``json.loads`` answers instead."""


def loads(data: bytes | bytearray | str) -> Any:
    """``json.loads(data)``, parsed in pieces when it is a big object (see the module doc)."""
    if len(data) < SMALL:
        return json.loads(data)
    try:
        text = data if isinstance(data, str) else data.decode(
            json.detect_encoding(data), "surrogatepass")  # as json.loads decodes bytes
        return _object(text)
    except (_Unusual, ValueError, IndexError):
        return json.loads(data)


def _skip(text: str, at: int) -> int:
    return _SPACE.match(text, at).end() if text[at:at + 1] in _WHITE else at


def _object(text: str) -> dict[str, Any]:
    at = _skip(text, 0)
    if text[at] != "{":
        raise _Unusual
    result: dict[str, Any] = {}
    at = _skip(text, at + 1)
    if text[at] == "}":
        return _end(text, at + 1, result)
    while True:
        if text[at] != '"':
            raise _Unusual
        key, at = _DECODER.raw_decode(text, at)
        at = _skip(text, at)
        if text[at] != ":":
            raise _Unusual
        at = _skip(text, at + 1)
        if text[at] == "[":
            result[key], at = _array(text, at + 1)
        else:
            result[key], at = _DECODER.raw_decode(text, at)
        at = _skip(text, at)
        if text[at] == "}":
            return _end(text, at + 1, result)
        if text[at] != ",":
            raise _Unusual
        at = _skip(text, at + 1)


def _array(text: str, at: int) -> tuple[list[Any], int]:
    """The elements of the array whose ``[`` is just before ``at``, one by one."""
    items: list[Any] = []
    at = _skip(text, at)
    if text[at] == "]":
        return items, at + 1
    decode, append = _DECODER.raw_decode, items.append
    while True:
        item, at = decode(text, at)
        append(item)
        at = _skip(text, at)
        if text[at] == "]":
            return items, at + 1
        if text[at] != ",":
            raise _Unusual
        at = _skip(text, at + 1)


def _end(text: str, at: int, result: dict[str, Any]) -> dict[str, Any]:
    if _skip(text, at) != len(text):
        raise _Unusual  # trailing data: json.loads says where
    return result
