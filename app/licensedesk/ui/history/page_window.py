"""The rows the History window holds: a window of pages around those on screen, and the
next read of the store that the rows asked for need.

Why: a list may be a million entries long, and holding every page read held 1.4 GB
after a scroll through all of them. The window holds contiguous rows ``[lo, hi)`` in at
most ``pages`` pages and forgets the far end as it grows. What it forgot is read again
by keyset from the rows still held (the page before the first is the page after it in
the other order, :meth:`~licensedesk.history.paging.Sort.reversed`); rows far from
them (the scroll bar dragged) are read with an offset from the nearest of the rows
held, the top and the bottom of the list, and start a new window. No Qt here:
:mod:`.paged_model` answers the view and asks for the reads.

Positions come from the store's count, which may be older than the pages (entries
written or removed since): a page that ends the list, or starts it, says where the end
or the top really is, and :func:`landing` moves them there.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from licensedesk.history import Entry

__all__ = ["Backward", "Landing", "PageRead", "PageWindow", "landing"]


@dataclass(frozen=True)
class PageRead:
    """One read of the store that the window asks for.

    ``forward``: in the list's order, the entries land from row ``at`` on; else in the
    other order, reversed (:class:`Backward`) to end just before row ``at``. ``after``:
    the keyset (None: from the top, or backward from the bottom); the ``offset``
    entries past it are skipped (a jump). ``generation``: the list it is for (an answer
    for a list replaced since is dropped)."""

    forward: bool
    at: int
    after: Entry | None
    limit: int
    offset: int = 0
    generation: int = 0


@dataclass(frozen=True)
class Landing:
    """Where a page lands: ``shift`` rows added at the top (< 0: removed) first, then the
    page from row ``at`` in a list of ``total`` rows; ``more``: whether the list may go on
    after them (None: as known before)."""

    shift: int
    at: int
    total: int
    more: bool | None


def landing(read: PageRead, got: int, total: int) -> Landing:
    """Where ``got`` entries read by ``read`` land in a list thought ``total`` rows long.
    A short page forward ends the list; a short page backward starts it (at row 0); a
    page past either end makes the list longer. The pages win over the count."""
    if read.forward:
        end = read.at + got
        if got < read.limit:
            return Landing(0, read.at, end, False)
        if end >= total:
            return Landing(0, read.at, end, True)  # the view asks for more at the last row
        return Landing(0, read.at, total, None)
    start = read.at - got
    shift = -start if got < read.limit or start < 0 else 0
    bottom = read.after is None and read.offset == 0  # the last entries of the list
    return Landing(shift, start + shift, total + shift, False if bottom else None)


class Backward(Sequence["Entry"]):
    """A page read in the other order, in the list's order (no entry is made here: the
    store's list makes each when first looked at)."""

    def __init__(self, page: Sequence[Entry]) -> None:
        self._page = page

    def __len__(self) -> int:
        return len(self._page)

    @overload
    def __getitem__(self, index: int) -> Entry: ...
    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        n = len(self._page)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(n))]
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(index)
        return self._page[n - 1 - index]


class PageWindow:
    """Contiguous rows ``[lo, hi)`` of a list as the pages read, at most ``pages`` pages.

    ``window[row]`` is the entry of a row held (IndexError else), ``len(window)`` how many
    rows are held."""

    def __init__(self, pages: int) -> None:
        if pages < 2:
            raise ValueError(
                "a window holds two pages at least (the rows on show may straddle two)"
            )
        self.pages = pages
        self.lo = self.hi = 0
        self._chunks: list[Sequence[Entry]] = []
        self._starts: list[int] = []  # each page's first row

    def __len__(self) -> int:
        return self.hi - self.lo

    def __getitem__(self, row: int) -> Entry:
        if not self.lo <= row < self.hi:
            raise IndexError(row)
        n = bisect_right(self._starts, row) - 1
        return self._chunks[n][row - self._starts[n]]

    def get(self, row: int) -> Entry | None:
        return self[row] if self.lo <= row < self.hi else None

    def first(self) -> Entry | None:
        return self[self.lo] if self.hi > self.lo else None

    def last(self) -> Entry | None:
        return self[self.hi - 1] if self.hi > self.lo else None

    def entries(self) -> list[Entry]:
        """Every row held, in order (each made into an entry)."""
        return [e for chunk in self._chunks for e in chunk]

    def put(self, at: int, page: Sequence[Entry]) -> list[tuple[int, int]]:
        """Hold ``page`` from row ``at`` on: after the rows held or before them when it
        touches them, else instead of them. Returns the ranges ``(lo, hi)`` forgotten."""
        if not len(page):
            return []
        end = at + len(page)
        if self._chunks and at == self.hi:
            self._chunks.append(page)
            self.hi = end
            forgotten = self._forget(from_top=True)
        elif self._chunks and end == self.lo:
            self._chunks.insert(0, page)
            self.lo = at
            forgotten = self._forget(from_top=False)
        else:
            forgotten = [(self.lo, self.hi)] if self._chunks else []
            self._chunks, self.lo, self.hi = [page], at, end
        self._restart()
        return forgotten

    def shift(self, delta: int) -> None:
        """The rows held are ``delta`` rows further down (rows added above them)."""
        self.lo += delta
        self.hi += delta
        self._starts = [s + delta for s in self._starts]

    def cut(self, end: int) -> None:
        """Forget the rows from ``end`` on (the list is shorter)."""
        while self._chunks and self._starts[-1] >= end:
            self._chunks.pop()
            self._starts.pop()
        if self._chunks and self.hi > end:
            self._chunks[-1] = self._chunks[-1][: end - self._starts[-1]]
            self.hi = end
        elif not self._chunks:
            self.lo = self.hi = 0

    def next_read(
        self, wanted: tuple[int, int] | None, total: int, limit: int, *, grow: bool = False
    ) -> PageRead | None:
        """The read that brings the rows ``wanted`` (first, last) nearer (a row before
        row 0: whether the list has rows above it), or, with ``grow`` (the view is at
        the last row and the list may go on), the page after the last row; None when
        they are held."""
        if wanted is not None and wanted[0] < 0 and self.lo == 0 and self._chunks:
            return PageRead(False, 0, self.first(), limit)  # are there rows above row 0?
        if wanted is not None:
            first, last = max(wanted[0], 0), min(wanted[1], total - 1)
            if first <= last:
                read = self._toward(first, last, total, limit)
                if read is not None:
                    return read
        if grow and self.hi == total and (self._chunks or total == 0):
            return PageRead(True, total, self.last(), limit)
        if grow and total:
            return self._toward(total - 1, total - 1, total, limit)
        return None

    # -- internals -----------------------------------------------------------------------
    def _toward(self, first: int, last: int, total: int, limit: int) -> PageRead | None:
        """The next page toward rows ``first``..``last``: beside the rows held (keyset)
        while a walk of pages gets there within the window, else a jump."""
        if not self._chunks:
            return self._jump(first, last, total, limit)
        walk = (self.pages - 1) * limit
        if last >= self.hi:
            if max(first, self.hi) - self.hi < walk:
                return PageRead(True, self.hi, self.last(), limit)
            return self._jump(first, last, total, limit)
        if first < self.lo:
            if self.lo - 1 - min(last, self.lo - 1) < walk:
                return PageRead(False, self.lo, self.first(), limit)
            return self._jump(first, last, total, limit)
        return None

    def _jump(self, first: int, last: int, total: int, limit: int) -> PageRead:
        """A page around the rows wanted, past the fewest entries: from the top, backward
        from the bottom, or from the rows held (the store steps over the index)."""
        start = min(max((first + last) // 2 - limit // 2, 0), max(total - limit, 0))
        end = min(start + limit, total)
        reads = [
            (start, PageRead(True, start, None, limit, start)),
            (total - end, PageRead(False, end, None, limit, total - end)),
        ]
        if self._chunks and start >= self.hi:
            reads.append(
                (start - self.hi, PageRead(True, start, self.last(), limit, start - self.hi))
            )
        if self._chunks and end <= self.lo:
            reads.append((self.lo - end, PageRead(False, end, self.first(), limit, self.lo - end)))
        return min(reads, key=lambda r: r[0])[1]

    def _forget(self, *, from_top: bool) -> list[tuple[int, int]]:
        """Pages beyond ``pages`` from the far end: the top's after a page added below."""
        forgotten = []
        while len(self._chunks) > self.pages:
            if from_top:
                n = len(self._chunks.pop(0))
                forgotten.append((self.lo, self.lo + n))
                self.lo += n
            else:
                n = len(self._chunks.pop())
                forgotten.append((self.hi - n, self.hi))
                self.hi -= n
        return forgotten

    def _restart(self) -> None:
        self._starts, row = [], self.lo
        for chunk in self._chunks:
            self._starts.append(row)
            row += len(chunk)
