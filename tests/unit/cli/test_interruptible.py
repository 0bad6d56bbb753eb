"""Ctrl+C reaches a command through its loop, between callbacks (cli/interruptible.py)."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from licensedesk.cli.interruptible import run_interruptible

pytestmark = pytest.mark.skipif(os.name == "nt", reason="SIGINT to this process is POSIX")


def ctrl_c() -> None:
    os.kill(os.getpid(), signal.SIGINT)


def test_the_cancel_waits_for_the_running_callback_to_end():
    """asyncio.run's own handler cancels in the middle of whatever code runs (the defect)."""
    seen: dict[str, object] = {}

    async def command() -> None:
        ctrl_c()
        seen["cancelling at once"] = asyncio.current_task().cancelling()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            seen["cancelled"] = True
            raise

    with pytest.raises(KeyboardInterrupt):
        run_interruptible(command())
    assert seen == {"cancelling at once": 0, "cancelled": True}
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_command_that_handles_the_cancel_returns_its_own_answer():
    async def command() -> int:
        ctrl_c()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            return 130
        return 0

    assert run_interruptible(command()) == 130


def test_a_second_ctrl_c_does_not_wait_for_the_clean_up():
    cleaned: list[str] = []

    async def command() -> None:
        ctrl_c()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            ctrl_c()
            await asyncio.Event().wait()  # a clean-up that would never end
        finally:
            cleaned.append("finally")

    with pytest.raises(KeyboardInterrupt):
        run_interruptible(command())
    assert cleaned == ["finally"]  # asyncio.run still closed the task on its way out


def test_without_a_ctrl_c_it_is_asyncio_run():
    async def command() -> str:
        await asyncio.sleep(0)
        return "done"

    assert run_interruptible(command()) == "done"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
