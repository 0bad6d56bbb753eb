"""The three answers of a lookup are shown together when they arrive together.

Shown one by one, each answer's layout and paint ran before the loop read the next
answer, already on its socket: the last part showed well after the three had
arrived. So a part whose answer
is in waits for the lookup's other parts, at most :data:`TOGETHER_MS` after the first
answer, which a person cannot tell from no wait.

Every waiting part awaits a future of its own, and the last answer (or the timer)
sets them all in one call: their tasks resume in the same pass of the event loop,
before Qt lays out and paints. (``asyncio.wait`` or ``shield`` put one more hop of
the loop between the last answer and the others, and a paint in that hop.) A part
that is cancelled cancels its own future only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

#: the longest an answer waits for the other parts' (one frame at 60 Hz)
TOGETHER_MS = 16


class Together:
    """The parts of one lookup that have yet to answer, and those waiting to be shown."""

    def __init__(self, parts: Iterable[str]) -> None:
        self._parts = frozenset(parts)
        self._missing = set(self._parts)
        self._waiting: list[asyncio.Future] = []
        self._timer: asyncio.TimerHandle | None = None
        self._released = False
        self._woke_others = False  # the last answer released parts that were waiting

    def arrived(self) -> set[str]:
        """The parts whose answer (or error) is in."""
        return set(self._parts - self._missing)

    def arrive(self, part: str) -> None:
        """``part``'s answer or error is in (its answer is shown after :meth:`wait`)."""
        self._missing.discard(part)
        if not self._missing:
            self._release()

    async def wait(self) -> None:
        """Return once the other parts have answered, or :data:`TOGETHER_MS` after the
        first answer; in the same pass of the loop as the others waiting."""
        if self._released:
            if self._woke_others and not self._missing:
                await asyncio.sleep(0)  # the last answer: behind the parts it woke
            return  # (or the time was up: shown as it comes)
        loop = asyncio.get_running_loop()
        mine = loop.create_future()
        self._waiting.append(mine)
        if self._timer is None:
            self._timer = loop.call_later(TOGETHER_MS / 1000, self._release)
        await mine

    def stop(self) -> None:
        """The lookup was stopped or replaced (its waiting tasks are cancelled with it)."""
        if self._timer is not None:
            self._timer.cancel()

    def _release(self) -> None:
        self._released = True
        self.stop()
        waiting, self._waiting = self._waiting, []
        self._woke_others = bool(waiting)
        for future in waiting:
            if not future.done():
                future.set_result(None)
