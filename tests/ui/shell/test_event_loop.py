"""The app's loop: a cancelled timer leaves at once (qasync kept each until its time had
come, with its Qt timer: 30,000 of them after a batch check of 3,000 serials, scanned by
every full GC collection: 55-112 ms pauses); timers still fire once, in time order."""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time

from licensedesk.api import ClientConfig, Credentials, LicenseClient
from licensedesk.ui.shell.event_loop import DeskEventLoop


def test_the_app_and_its_tests_run_on_it(loop):
    assert isinstance(loop, DeskEventLoop)


def test_a_cancelled_timer_leaves_at_once(loop):
    before = loop.pending_timers()
    handles = [loop.call_later(60, lambda: None) for _ in range(1000)]
    assert loop.pending_timers() == before + 1000
    for handle in handles:
        handle.cancel()
    assert loop.pending_timers() == before


def test_timers_fire_once_in_time_order_and_a_cancelled_one_never(loop, qtbot):
    fired: list[str] = []
    loop.call_later(0.04, fired.append, "late")
    loop.call_later(0.01, fired.append, "early")
    loop.call_later(0.02, fired.append, "cancelled").cancel()
    loop.call_soon(fired.append, "soon")
    qtbot.waitUntil(lambda: "late" in fired, timeout=2000)
    assert fired == ["soon", "early", "late"]


def test_timeouts_that_were_not_needed_leave_nothing_behind(loop, run):
    before = loop.pending_timers()

    async def quick() -> str:
        return await asyncio.wait_for(asyncio.sleep(0, "done"), timeout=30)

    async def deadline() -> None:
        async with asyncio.timeout(30):
            await asyncio.sleep(0)

    assert run(quick()) == "done"
    run(deadline())
    assert loop.pending_timers() == before


def test_calls_to_the_service_leave_no_timers_behind(loop, run, sandbox):
    """httpx and anyio set a timeout around each read and write, the client a deadline
    around each call: all cancelled when the call ends, and gone with it."""
    app_id, key = sandbox.creds("read_write")
    serial = sandbox.serial("perpetual")

    async def lookups() -> int:
        pair = Credentials(app_id, key)
        async with LicenseClient(ClientConfig(sandbox.url, read=pair, write=pair)) as client:
            for _ in range(20):
                await asyncio.gather(
                    client.show_license(serial),
                    client.license_products(serial),
                    client.activations(serial),
                )
            return loop.pending_timers()

    before = loop.pending_timers()
    assert run(lookups()) <= before + 3  # a few of the last call's own, still to go


def test_in_debug_mode_a_slow_callback_is_logged(loop, qtbot, caplog):
    """As asyncio's and qasync's loops do: what holds the window is named in the log."""

    def slow() -> None:
        time.sleep(0.03)  # the work of a slow callback, not a wait for something

    before = (loop.get_debug(), loop.slow_callback_duration)
    loop.set_debug(True)
    loop.slow_callback_duration = 0.02
    try:
        with caplog.at_level(logging.WARNING, logger="asyncio"):
            done = []
            loop.call_soon(slow)
            loop.call_soon(done.append, True)
            qtbot.waitUntil(lambda: bool(done), timeout=2000)
    finally:
        loop.set_debug(before[0])
        loop.slow_callback_duration = before[1]
    [record] = [r for r in caplog.records if "took" in r.getMessage()]
    assert "slow" in record.getMessage()
    assert "created at " + __file__ in record.getMessage()  # the caller, not the loop


def test_a_loop_made_in_debug_mode_times_its_callbacks(qapp, qtbot, caplog, monkeypatch):
    monkeypatch.setenv("PYTHONASYNCIODEBUG", "1")
    made = DeskEventLoop(qapp)
    try:
        assert made.get_debug()
        made.slow_callback_duration = 0  # every callback counts as slow: each is logged
        done = []
        with caplog.at_level(logging.WARNING, logger="asyncio"):
            made.call_soon(done.append, True)
            qtbot.waitUntil(lambda: bool(done), timeout=2000)
        assert any("took" in r.getMessage() for r in caplog.records)
    finally:
        made.close()


def test_a_timer_is_what_asyncio_hands_out(loop, qtbot):
    """What asyncio's users read of a ``TimerHandle``: its time, cancelled or not, its
    context; the callback runs in that context."""
    seen = contextvars.ContextVar("seen", default="outside")
    context = contextvars.copy_context()
    context.run(seen.set, "inside")
    ran: list[str] = []
    timer = loop.call_at(loop.time() + 0.01, lambda: ran.append(seen.get()), context=context)
    assert timer.when() > 0 and not timer.cancelled() and timer.get_context() is context
    qtbot.waitUntil(lambda: bool(ran), timeout=2000)
    assert ran == ["inside"]
    timer.cancel()  # as asyncio.sleep does once it is over: nothing left to cancel
    assert timer.cancelled()


def test_an_error_in_a_callback_goes_to_the_exception_handler(qapp, qtbot):
    made = DeskEventLoop(qapp)  # a loop of its own: its exception handler is this test's
    caught: list[dict] = []
    made.set_exception_handler(lambda _loop, context: caught.append(context))
    try:

        def broken() -> None:
            raise ValueError("broken")

        timer = made.call_soon(broken)
        made.call_soon(caught.append, {"message": "then the next callback runs"})
        qtbot.waitUntil(lambda: len(caught) == 2, timeout=2000)
    finally:
        made.close()
    error, after = caught
    assert error["message"].startswith("Exception in callback ") and "broken" in error["message"]
    assert isinstance(error["exception"], ValueError) and error["handle"] is timer
    assert after["message"] == "then the next callback runs"
