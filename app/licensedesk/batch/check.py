"""``BatchCheck``: ask the service about many serials with a bounded number of workers.

Reads only, never a host: per serial show-license; when it exists, validate
(without host_id) if a product was chosen, activations, and products when the
client has a write pair (listing products needs write permission, spec §5).
A batch never changes anything, so a seat is never taken by checking.

``concurrency`` workers share the one client and each sends one request at a
time, so at most ``concurrency`` requests are in flight. A 429 holds the shared
:class:`~.gate.BusyGate` for every worker and the call is asked again (it was
not answered, so it is not a failure); the client's own GET retries and time-outs
apply as everywhere. Any other failure becomes that row's ERROR with the
client's sentence: one bad answer never stops the batch.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from licensedesk import clock
from licensedesk.api.errors import ApiError, InvalidInput, NotFound, ServiceError
from licensedesk.api.sentence import Sentence, say
from licensedesk.api.serials import check_product_code, normalize_serial
from licensedesk.i18n import N_

from .gate import BusyGate, WireWatch
from .model import CheckResult
from .status import could_not_check, found_result, licence_fields, not_found, seats_of

if TYPE_CHECKING:
    from licensedesk.api import LicenseClient

T = TypeVar("T")
MAX_CONCURRENCY = 32
#: how often one call is asked again after "too many requests" before its row is an ERROR
MAX_BUSY_RETRIES = 10


def stopped_words(checked: int, total: int) -> Sentence:
    """The history's detail of a batch check stopped half-way (the window's Stop, the
    command line's Ctrl+C or a reader gone): kept in English, read in each reader's
    language (the entry's "what" says how many serials)."""
    # TRANSLATORS: a stopped batch check in the history: serials checked of all serials
    return say(N_("Stopped after {checked} of {total}."), checked=checked, total=total)


def is_busy(exc: ApiError) -> bool:
    """Whether the service said "too many requests" (429, in the HTTP status or the body)."""
    return isinstance(exc, ServiceError) and 429 in (
        exc.details.http_status,
        exc.details.status_code,
    )


class BatchCheck:
    """One batch run over ``serials``. ``indexes``: the row index each result carries
    (default 0..n-1), so "Retry failed" can re-check some rows of an earlier run.

    Raises ``ValueError`` for a concurrency outside 1..32 or indexes of another length,
    and :class:`InvalidInput` for a malformed product code (before anything is sent).
    """

    def __init__(
        self,
        client: LicenseClient,
        serials: Sequence[str],
        *,
        product: str | None = None,
        concurrency: int = 8,
        indexes: Sequence[int] | None = None,
    ) -> None:
        if not 1 <= int(concurrency) <= MAX_CONCURRENCY:
            raise ValueError(f"concurrency must be 1 to {MAX_CONCURRENCY}, not {concurrency}")
        self.client = client
        self.serials = tuple(serials)
        self.indexes = tuple(range(len(self.serials)) if indexes is None else indexes)
        if len(self.indexes) != len(self.serials):
            raise ValueError("indexes must give one row index per serial")
        self.product = check_product_code(product) if product else None
        self.concurrency = int(concurrency)
        self.total = len(self.serials)
        self.done = 0
        self.gate = BusyGate(cap=client.config.retry_after_cap)
        http = getattr(getattr(client, "transport", None), "http", None)
        self._watch = WireWatch(http, self.gate)
        self._calls = 0

    @property
    def sent(self) -> int:
        """Requests sent so far (the client's retries included when they can be seen)."""
        return self._watch.sent if self._watch.attached else self._calls

    async def run(self, on_result: Callable[[CheckResult], None]) -> None:
        """Check every serial; ``on_result`` once per serial as answers come (any order).

        Cancelling the task that awaits this stops sending at once; results already
        delivered stand. An exception raised by ``on_result`` stops the batch and is
        raised here.
        """
        pending = iter(zip(self.indexes, self.serials, strict=True))

        tasks: list[asyncio.Future[None]] = []

        async def worker() -> None:
            self._watch.mine.set(True)  # this task's context only: its requests are ours
            for index, serial in pending:  # one shared iterator: input order
                result = await self._check(index, serial)
                self.done += 1
                try:
                    on_result(result)
                except BaseException:
                    for task in tasks:  # at once: a worker woken in this turn delivers nothing
                        if task is not asyncio.current_task():
                            task.cancel()
                    raise

        with self._watch:
            tasks += [
                asyncio.ensure_future(worker()) for _ in range(min(self.concurrency, self.total))
            ]
            try:
                await asyncio.gather(*tasks)
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

    async def _call(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        """One client call behind the gate; asked again after "too many requests".

        The worker first lets the event loop take a turn. Against a service that
        answers at once (a sandbox on the same machine), the workers' steps, each an
        answer read and the next request sent, otherwise ran back to back in one pass
        of the window's loop, and the batch window's heartbeat came close to missing a
        frame (``tests/bench/bench_ui_batch.py``)."""
        busy = 0
        await asyncio.sleep(0)
        while True:
            await self.gate.passage()
            started = time.monotonic()
            self._calls += 1
            try:
                result = await fn(*args)
            except ServiceError as exc:
                if not is_busy(exc) or busy >= MAX_BUSY_RETRIES:
                    raise
                busy += 1
                if not self.gate.busy_since(started):  # the hooks did not see it
                    self.gate.hold_unknown()
                continue
            self.gate.calm()
            return result

    async def _check(self, index: int, serial: str) -> CheckResult:
        try:
            serial = normalize_serial(serial)
        except InvalidInput as exc:
            return could_not_check(index, serial, exc)
        try:
            lic = await self._call(self.client.show_license, serial)
        except NotFound as exc:
            if exc.what == "license":
                return not_found(index, serial)
            return could_not_check(index, serial, exc)
        except ApiError as exc:
            return could_not_check(index, serial, exc)
        now = clock.now()
        validation = None
        if self.product is not None:
            try:
                validation = await self._call(self.client.validate, serial, self.product)
            except ApiError as exc:
                # TRANSLATORS: {problem} is the sentence of what went wrong
                failed = say(
                    N_("The validation for the product failed: {problem}"), problem=exc.sentence
                )
                return could_not_check(index, serial, exc, failed, **licence_fields(lic, now))
        seats, notes = await self._seats(serial)
        return found_result(
            index, serial, lic, now, validation=validation, seats=seats, notes=notes
        )

    async def _seats(self, serial: str) -> tuple[Any, list[Sentence]]:
        """(seats or None, notes): activations, and products for the maximum when allowed."""
        try:
            activations = await self._call(self.client.activations, serial)
        except NotFound:
            activations = []  # a found licence without devices (spec §7's 404): 0 used
        except ApiError as exc:
            # TRANSLATORS: {problem} is the sentence of what went wrong
            return None, [say(N_("Seats could not be read: {problem}"), problem=exc.sentence)]
        products = None
        notes = []
        if self.client.may_write:  # a write pair, or a lone pair that proved it can write
            try:
                products = await self._call(self.client.license_products, serial)
            except ApiError as exc:
                # TRANSLATORS: {problem} is the sentence of what went wrong
                notes.append(
                    say(N_("The seat maximums could not be read: {problem}"), problem=exc.sentence)
                )
        return seats_of(activations, products), notes
