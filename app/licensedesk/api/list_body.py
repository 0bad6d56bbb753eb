"""The body of an activations answer, read while it arrives (docs/client.md, "Long lists").

The transport hands each piece of a success's body to :meth:`ListBody.feed`; the
splitting and reading (:mod:`.list_stream`, :mod:`.activation_rows`) run in the decode
worker thread (:mod:`.offload`), a few pieces ahead of the loop, which keeps reading the
network meanwhile. Each batch of devices is given to ``each`` on the loop, in order; what
the licence book is told (:class:`~.activation_rows.SeenActivations`) is gathered in the
worker too. Nothing but the pieces in flight and the devices ``each`` keeps stays in memory.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from datetime import tzinfo

from .activation_rows import ActivationReader, Row, SeenActivations
from .errors import BadResponse, ErrorDetails
from .list_stream import ListError, ListSplitter
from .offload import BIG_BODY, stays_on_loop, submit
from .responses import nested_too_deep, not_json, shape_error
from .wire import ShapeError

#: pieces handed to the worker and not yet collected, at most (about 64 KiB each)
AHEAD = 8


class ListBody:
    """One answer's reader (a retry makes another). ``each``: called on the loop with
    each batch of devices (rows: :mod:`.activation_rows`), in the answer's order."""

    def __init__(self, status: int, tz: tzinfo | None, each: Callable[[list[Row]], None]) -> None:
        self.status = status
        self.each = each
        self.seen = SeenActivations()
        self.failure: ListError | ShapeError | None = None
        self._splitter = ListSplitter()
        self._reader = ActivationReader(tz)
        self._fed = 0
        self._pending: deque[Future[tuple[list[Row], bytes | None]]] = deque()

    @property
    def streamed(self) -> bool:
        """Whether the body was a list read piece by piece (else it was kept whole)."""
        return bool(self._splitter.streaming)

    async def feed(self, chunk: bytes) -> bool:
        """Queue ``chunk``; False once the answer cannot be read (read no more of it)."""
        if self.failure is not None:
            return False
        self._fed += len(chunk)
        if self._here_only():
            return self._here(chunk, False) is not None
        self._pending.append(submit(self._work, chunk, False))
        while self._pending and (len(self._pending) > AHEAD or self._pending[0].done()):
            if await self._collect() is None:
                return False
        return True

    async def finish(self) -> bytes:
        """The envelope (or the whole body, when it was not a list); raises the
        :class:`ListError` or :class:`ShapeError` that stopped the reading."""
        envelope: bytes | None = b""
        if self.failure is None and self._here_only():
            envelope = self._here(b"", True)
        elif self.failure is None:
            self._pending.append(submit(self._work, b"", True))
        while self._pending and self.failure is None:
            envelope = await self._collect() or b""
        if self.failure is not None:
            raise self.failure
        return envelope or b""

    def _here_only(self) -> bool:
        """A short list (a thread hop would cost more), or a command line's."""
        return self._fed <= BIG_BODY or stays_on_loop()

    def _here(self, chunk: bytes, final: bool) -> bytes | None:
        """:meth:`_work` on the loop; as :meth:`_collect`."""
        try:
            batch, envelope = self._work(chunk, final)
        except (ListError, ShapeError) as exc:
            self.failure = exc
            return None
        if batch:
            self.each(batch)
        return envelope or b""

    async def _collect(self) -> bytes | None:
        """The oldest piece's devices to ``each``; its envelope (b"" before the end), or
        None when it failed."""
        try:
            batch, envelope = await asyncio.wrap_future(self._pending.popleft())
        except (ListError, ShapeError) as exc:
            self.failure = exc
            for later in self._pending:
                later.cancel()
            return None
        if batch:
            self.each(batch)
        return envelope or b""

    def _work(self, chunk: bytes, final: bool) -> tuple[list[Row], bytes | None]:
        """In the worker: split, read, count for the book."""
        if final:
            items, envelope = self._splitter.finish()
        else:
            items, envelope = self._splitter.feed(chunk), None
        batch = self._reader.read(items)
        self.seen.add(batch)
        return batch, envelope


def unread_list(exc: ListError | ShapeError, status: int) -> BadResponse:
    """The error of an activations list that could not be read while it arrived."""
    if isinstance(exc, ShapeError):
        return shape_error("Activation", exc.cause, status)
    details = ErrorDetails(http_status=status, cause=str(exc))
    if exc.kind == "deep":
        return BadResponse(nested_too_deep(status), details)
    if exc.kind == "json":
        return BadResponse(not_json(status), details)
    return shape_error("Activation", str(exc), status)
