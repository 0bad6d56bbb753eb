"""The busy gate: Retry-After read and capped (the client's reading, which the gate uses),
holds never shortened, unknown delays doubling."""

from __future__ import annotations

import asyncio
import time

import httpx

from licensedesk.api.transport import retry_after
from licensedesk.batch.gate import FALLBACK_PAUSE, BusyGate


def headers(value: str | None) -> httpx.Headers:
    """The headers of a 429 with ``value`` as its Retry-After (none with None)."""
    return httpx.Response(429, headers={} if value is None else {"retry-after": value}).headers


def test_retry_after_seconds_capped_or_none():
    assert retry_after(headers("2"), cap=10) == 2.0
    assert retry_after(headers(" 0.5 "), cap=10) == 0.5
    assert retry_after(headers("120"), cap=10) == 10.0
    assert retry_after(headers("-3"), cap=10) == 0.0
    assert retry_after(headers("Wed, 21 Oct 2026 07:28:00 GMT"), cap=10) is None
    assert retry_after(headers(None), cap=10) is None


def test_hold_is_capped_and_never_shortened():
    gate = BusyGate(cap=5)
    before = time.monotonic()
    gate.hold(60)
    assert gate.open_at <= time.monotonic() + 5
    longest = gate.open_at
    gate.hold(0.1)
    assert gate.open_at == longest
    assert gate.busy_since(before) and gate.pauses == 2


def test_unknown_delays_double_until_a_call_is_answered():
    gate = BusyGate(cap=100)
    spans = []
    for _ in range(3):
        gate.open_at = 0.0
        start = time.monotonic()
        gate.hold_unknown()
        spans.append(round(gate.open_at - start))
    assert spans == [FALLBACK_PAUSE, 2 * FALLBACK_PAUSE, 4 * FALLBACK_PAUSE]
    gate.calm()
    gate.open_at = 0.0
    start = time.monotonic()
    gate.hold_unknown()
    assert round(gate.open_at - start) == FALLBACK_PAUSE


def test_an_open_gate_lets_through_at_once():
    gate = BusyGate(cap=10)
    start = time.monotonic()
    asyncio.run(gate.passage())
    assert time.monotonic() - start < 0.5
    assert not gate.busy_since(start)
