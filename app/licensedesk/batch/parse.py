"""The serials in any pasted text or file: one per line, commas, a CSV column, prose.

The rule, so a person can predict it:

- The text is cut into *cells*: lines, then the parts between ``,`` ``;``
  tabs and ``|`` (a CSV row gives its columns). Surrounding quotes and
  brackets are dropped.
- A cell that :func:`~licensedesk.api.serials.normalize_serial` accepts as a
  whole is one serial, exactly as the serial box reads it: lower case, spaces
  between the groups (``lewx 6xuc n5g5 q8f9 q2r5``), dash look-alikes, no dashes.
- Otherwise each word of the cell is searched for serials
  (:func:`~licensedesk.api.serials.find_serials`: ``Serial: LEWX-…`` works).
  A word made only of dash-joined groups must be a serial as a whole, so
  ``ABCD-1234-EFGH-5678-IJKL-MNOP`` is not cut down to its first five groups.
- A word without a serial is listed as **not a serial** only when it looks like
  an attempt at one (:func:`looks_like_serial`): three to six dash-joined groups
  of at most six letters or digits, at least three of them four long, 12 to 26
  in all (``ABCD-1234-EFGH``, ``ABCD-1234-EFGH-5678-IJK``); or 16 to 24
  letters and digits without dashes, with at least one of each. Headers, names,
  SKU numbers (``SP-2024-PERP``), order numbers, dates, product codes (UUIDs),
  host ids, e-mail addresses and plain numbers are none of these, so they are
  skipped silently.

Serials are kept in first-seen order, each once; repeats are counted. Nothing
that is not a serial is ever sent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from licensedesk.api.errors import InvalidInput
from licensedesk.api.serials import find_serials, normalize_serial

_CELL_SPLIT = re.compile(r"[,;\t|]")
_EDGE = "\"'`\u201c\u201d\u2018\u2019()[]{}<>.:!?*"
# the dash and its look-alikes as normalize_serial maps them (underscore included)
_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d\u00ad_"
_DASH_RUN = re.compile("[" + re.escape(_DASHES) + "]+")
_GROUPS_ONLY = re.compile(r"[^\W_]+(?:[" + re.escape(_DASHES) + r"][^\W_]+)*")
_SOURCE_CHARS = 500  # of an input line kept as a row's source
_NOT_GROUP = re.compile(r"[^\w" + re.escape(_DASHES) + "]+")


@dataclass(frozen=True)
class ParsedInput:
    """What a text holds: serials to check, repeats dropped, tokens that are not serials."""

    serials: tuple[str, ...]  # normalised, first-seen order, each once
    duplicates: int  # repeats dropped
    not_serials: tuple[str, ...]  # shown as "not a serial", never sent
    #: serial or not-serial token -> (line number from 1, that line as typed): where it was
    #: first seen, so an export can hand a bad entry back with its line
    sources: Mapping[str, tuple[int, str]] = field(default_factory=dict, compare=False, repr=False)


def _serial(text: str) -> str | None:
    try:
        return normalize_serial(text)
    except InvalidInput:
        return None


def looks_like_serial(token: str) -> bool:
    """Whether ``token`` (not a serial) looks like an attempt at one, e.g. a group
    short (``ABCD-1234-EFGH-5678-IJK``), a group too many, a character off
    (``ÄBCD-…``) or 19 characters without dashes."""
    token = token.strip()
    if not _GROUPS_ONLY.fullmatch(token):
        return False
    groups = _DASH_RUN.split(token)
    size = sum(len(g) for g in groups)
    if len(groups) == 1:
        return (
            16 <= size <= 24 and any(c.isdigit() for c in token) and any(c.isalpha() for c in token)
        )
    fours = sum(1 for g in groups if len(g) == 4)
    return (
        3 <= len(groups) <= 6
        and fours >= 3
        and all(len(g) <= 6 for g in groups)
        and 12 <= size <= 26
    )


def _spaced_attempt(cell: str) -> bool:
    """A whole cell like ``lewx 6xuc n5g5 q8f9``: four to six groups of three to five
    letters or digits separated by spaces, with a digit (plain words never count)."""
    words = cell.split()
    return (
        4 <= len(words) <= 6
        and all(3 <= len(w) <= 5 and w.isalnum() for w in words)
        and any(c.isdigit() for c in cell)
    )


def _cell_tokens(cell: str) -> tuple[list[str], list[str]]:
    """(serials, not-serial tokens) of one cell, in order, repeats kept."""
    whole = _serial(cell)
    if whole is not None:
        return [whole], []
    if _spaced_attempt(cell):
        return [], [" ".join(cell.split())]
    serials: list[str] = []
    odd: list[str] = []
    for word in cell.split():
        token = word.strip(_EDGE)
        if not token:
            continue
        found = _serial(token)
        if found is not None:
            serials.append(found)
        elif _GROUPS_ONLY.fullmatch(token):
            if looks_like_serial(token):
                odd.append(token)
        else:  # other characters around: "serial:LEWX-…", "id=…"
            inside = find_serials(token)
            serials.extend(inside)
            if not inside:
                odd.extend(part for part in _NOT_GROUP.split(token) if looks_like_serial(part))
    return serials, odd


def parse_serials(text: str) -> ParsedInput:
    """The serials of ``text`` (see the module's rule), normalised and de-duplicated."""
    seen: dict[str, None] = {}
    odd: dict[str, None] = {}
    sources: dict[str, tuple[int, str]] = {}
    duplicates = 0
    for number, line in enumerate((text or "").splitlines(), start=1):
        for raw in _CELL_SPLIT.split(line):
            cell = raw.strip().strip(_EDGE).strip()
            if not cell:
                continue
            serials, not_serials = _cell_tokens(cell)
            for serial in serials:
                if serial in seen:
                    duplicates += 1
                else:
                    seen[serial] = None
                    sources[serial] = (number, _source_line(line))
            for token in not_serials:
                if token not in odd:
                    odd[token] = None
                    sources[token] = (number, _source_line(line))
    return ParsedInput(tuple(seen), duplicates, tuple(odd), sources)


def _source_line(line: str) -> str:
    """The input line kept for an export: as typed, trimmed, at most 500 characters."""
    line = line.strip()
    return line if len(line) <= _SOURCE_CHARS else line[: _SOURCE_CHARS - 1] + "\u2026"
