"""How a controller records the change it sends, without knowing the history feature.

A controller that writes (activations, upgrade, registration, a validation that
records a host, a batch check) is given an object with :meth:`Records.record`
(the desk's :class:`licensedesk.ui.history.desk_recorder.DeskRecorder`) or None,
and wraps its one write call::

    async with record(self._history, "deactivate", serial=s, activation_ids=[9],
                      before=row) as rec:
        rec.done(await client.set_activation(9, False))

The intent is written before the block, the outcome after it (docs/history.md);
an exception goes on unchanged. With no history (a controller tested alone) the
block records nothing and changes nothing. Why here: features meet only through
``shared/``, and the history feature is one of them.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any, Protocol


class RecordBlock(Protocol):
    """``async with block as rec`` (``rec.done(…)``, ``refused``, ``unknown``,
    ``failed``); after the block, ``await block.complete(outcome, detail)`` sets what a
    reconciliation found."""

    async def __aenter__(self) -> Any: ...

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> bool: ...  # fmt: skip

    async def complete(self, outcome: str, detail: str | None = None) -> bool: ...


class Records(Protocol):
    def record(self, action: str, **fields: Any) -> RecordBlock: ...


class NotRecorded:
    """The same calls as a recorded block, with no effect."""

    id = None

    def done(self, *_a: Any, **_k: Any) -> None: ...
    def refused(self, *_a: Any) -> None: ...
    def unknown(self, *_a: Any) -> None: ...
    def failed(self, *_a: Any) -> None: ...

    async def complete(self, *_a: Any, **_k: Any) -> bool:
        return False

    async def __aenter__(self) -> NotRecorded:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> bool:  # fmt: skip
        return False


def record(history: Records | None, action: str, **fields: Any) -> RecordBlock:
    """``history.record(action, **fields)``, or a block that records nothing."""
    return NotRecorded() if history is None else history.record(action, **fields)
