"""The busy gate: Retry-After read and capped, holds never shortened, unknown delays doubling."""

from __future__ import annotations

import asyncio
import time

import httpx

from licensedesk.batch.gate import FALLBACK_PAUSE, BusyGate, retry_after


def response(value: str | None) -> httpx.Response:
    headers = {} if value is None else {"retry-after": value}
    return httpx.Response(429, headers=headers)


def test_retry_after_seconds_capped_or_none():
    assert retry_after(response("2"), cap=10) == 2.0
    assert retry_after(response(" 0.5 "), cap=10) == 0.5
    assert retry_after(response("120"), cap=10) == 10.0
    assert retry_after(response("-3"), cap=10) == 0.0
    assert retry_after(response("Wed, 21 Oct 2026 07:28:00 GMT"), cap=10) is None
    assert retry_after(response(None), cap=10) is None


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
