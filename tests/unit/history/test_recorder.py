"""The recorder on the local store: intent before the request, outcome after, from the way
the block ended; a store that cannot be written never stops the change and is said once.

The client's errors are made here as the client makes them (the same classes, the same
details); tests/contract/history/test_recorder_sandbox.py has them come from the sandbox."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap

import pytest

from licensedesk.api.errors import (
    BadResponse,
    ConnectFailed,
    ErrorDetails,
    InvalidInput,
    NotFound,
    ServiceError,
    TimedOut,
    TransportError,
)
from licensedesk.history import HistorySettings, Recorder, local_history_path
from licensedesk.history.sqlite_store import SqliteStore
from tests.support.aio import run_async

from .checks import SERIAL


def make_recorder(**kwargs) -> Recorder:
    return Recorder.from_settings(HistorySettings(), **kwargs)


def stored(entry_id: str):
    store = SqliteStore(local_history_path())
    try:
        return store.get(entry_id)
    finally:
        store.close()


def test_intent_is_written_before_the_request_then_the_outcome():
    recorder = make_recorder(display_name="Ana Lima")
    recorder.use_connection("prod", "https://licences.example.com/v2")
    seen = {}

    async def action():
        async with recorder.record(
            "deactivate", serial=SERIAL, activation_ids=[9], before={"id": 9, "activated": True}
        ) as rec:
            seen["during"] = stored(rec.id)  # what a crash here would leave
            rec.done("Activation successfully updated.")
        return rec.id

    entry_id = run_async(action())
    assert recorder.close()
    during, after = seen["during"], stored(entry_id)
    assert during.outcome == "pending" and during.outcome_text == "sent, outcome unknown"
    assert (after.outcome, after.detail) == ("done", "Activation successfully updated.")
    assert after.finished is not None and after.finished >= after.time
    assert (after.profile, after.service, after.display_name) == (
        "prod",
        "https://licences.example.com",
        "Ana Lima",
    )
    assert after.before == {"id": 9, "activated": True} and after.activation_ids == (9,)
    assert recorder.problem is None


def _details(**kw) -> ErrorDetails:
    return ErrorDetails(method="POST", url="https://h/v2/x", **kw)


@pytest.mark.parametrize(
    "error, outcome, detail",
    [
        (None, "done", None),
        (
            NotFound(
                "This activation does not exist.",
                _details(
                    http_status=404, status_code=404, server_message="Activation does not exist!"
                ),
                what="activation",
            ),
            "refused",
            "Activation does not exist!",
        ),
        (
            ServiceError(None, _details(http_status=422, server_message="Host limit reached")),
            "refused",
            "Host limit reached",
        ),
        (ServiceError(None, _details(http_status=500)), "unknown", None),
        (TimedOut(None, _details(cause="ReadTimeout: timed out")), "unknown", None),
        (TimedOut(None, _details(cause="ConnectTimeout: timed out")), "failed", None),
        (TransportError(None, _details(cause="RemoteProtocolError")), "unknown", None),
        (BadResponse(None, _details(http_status=200)), "unknown", None),
        (ConnectFailed(None, _details(cause="ConnectError")), "failed", None),
        (
            InvalidInput("The serial is not valid.", field="serial"),
            "failed",
            "The serial is not valid.",
        ),
        (RuntimeError("a bug"), "unknown", "Stopped by an unexpected error (RuntimeError: a bug)"),
    ],
)
def test_outcome_follows_how_the_request_ended(error, outcome, detail):
    recorder = make_recorder()

    async def action():
        async with recorder.record("delete", serial=SERIAL, activation_ids=[9]) as rec:
            if error is not None:
                raise error
        return rec

    if error is None:
        rec = run_async(action())
    else:
        with pytest.raises(type(error)):  # the action's own error goes on, unchanged
            run_async(action())
        rec = None
    recorder.close()
    entries = SqliteStore(local_history_path()).history(SERIAL)
    assert len(entries) == 1
    assert entries[0].outcome == outcome
    if detail is not None or error is None:
        assert entries[0].detail == detail
    elif error is not None:
        assert entries[0].detail == error.sentence
    if rec is not None:
        assert rec.entry == entries[0]


def test_cancelled_in_flight_is_unknown():
    recorder = make_recorder()
    started = asyncio.Event()

    async def action():
        async with recorder.record("upgrade", serial=SERIAL):
            started.set()
            await asyncio.Event().wait()  # the request, never answered

    async def main():
        task = asyncio.create_task(action())
        await started.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    run_async(main())
    recorder.close()
    (entry,) = SqliteStore(local_history_path()).history(SERIAL)
    assert entry.outcome == "unknown" and "Cancelled" in entry.detail


def test_batch_counts_and_completion_later_by_id():
    recorder = make_recorder()

    async def main():
        async with recorder.record("batch_check", product="P-1") as batch:
            batch.done(counts={"serials": 3, "active": 2, "not_found": 1})
        with pytest.raises(TimedOut):
            async with recorder.record("upgrade", serial=SERIAL) as upgrade:
                raise TimedOut(None, _details(cause="ReadTimeout"))
        # the upgrade's reconciliation: the current licence is gone, so it was done
        assert await recorder.complete(upgrade.id, "done", "The upgrade went through.")
        assert not await recorder.complete("00000000-0000-4000-8000-000000000000", "done")
        return batch.id, upgrade.id

    batch_id, upgrade_id = run_async(main())
    recorder.close()
    assert stored(batch_id).counts == {"serials": 3, "active": 2, "not_found": 1}
    assert (stored(upgrade_id).outcome, stored(upgrade_id).detail) == (
        "done",
        "The upgrade went through.",
    )


def test_reads_see_every_write_before_them():
    recorder = make_recorder()

    async def main():
        for action in ("activate", "deactivate", "delete"):
            async with recorder.record(action, serial=SERIAL):
                pass
        return await recorder.history(SERIAL)

    entries = run_async(main())
    recorder.close()
    assert [e.action for e in entries] == ["delete", "deactivate", "activate"]


# ---------------------------------------------------------------- a crash


CRASH = textwrap.dedent("""
    import asyncio, sys
    from licensedesk.history import HistorySettings, Recorder

    async def main():
        recorder = Recorder.from_settings(HistorySettings())
        async with recorder.record("delete", serial=sys.argv[1], activation_ids=[9]) as rec:
            print(rec.id, flush=True)  # the intent is written: the request would go now
            sys.stdin.readline()       # ... and the process is killed before it returns

    asyncio.run(main())
""")


def test_a_crash_leaves_sent_outcome_unknown():
    child = subprocess.Popen(
        [sys.executable, "-c", CRASH, SERIAL],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    entry_id = child.stdout.readline().strip()
    child.kill()
    child.wait(timeout=30)
    child.stdin.close()
    child.stdout.close()
    entry = stored(entry_id)
    assert entry.outcome == "pending"
    assert entry.outcome_text == "sent, outcome unknown"


# ---------------------------------------------------------------- a store that cannot be written


def _two_actions(recorder: Recorder) -> list[str]:
    async def main():
        results = []
        for activation in (8, 9):
            async with recorder.record("deactivate", serial=SERIAL, activation_ids=[activation]):
                results.append(f"deactivated {activation}")  # the change itself
        return results

    return run_async(main())


@pytest.mark.parametrize("spoil", ["folder is a file", "file is not a database"])
def test_unwritable_store_the_change_still_happens_and_is_said_once(tmp_path, monkeypatch, spoil):
    data = tmp_path / "spoilt"
    if spoil == "folder is a file":
        data.write_text("a file where the data folder should be")
    else:
        data.mkdir()
        (data / "history.sqlite3").write_bytes(b"garbage" * 1000)
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(data))
    told = []
    recorder = make_recorder(on_problem=told.append)
    assert _two_actions(recorder) == ["deactivated 8", "deactivated 9"]
    recorder.close()
    assert len(told) == 1, told
    assert told[0] == recorder.problem
    assert told[0].startswith("The history is not being recorded: the history file ")
    assert told[0].endswith(".") and "history.sqlite3" in told[0]


@pytest.fixture
def read_only_folder(tmp_path):
    """A data folder nobody may write in: mode 0555, or as root (whom permissions never
    stop) the immutable attribute (chattr +i)."""
    folder = tmp_path / "readonly"
    folder.mkdir()
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"running as root and chattr +i is refused here: {done.stderr.strip()}")
        yield folder
        subprocess.run(["chattr", "-i", str(folder)], check=True)
    else:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)


def test_read_only_data_folder(read_only_folder, monkeypatch):
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(read_only_folder))
    told = []
    recorder = make_recorder(on_problem=told.append)
    assert _two_actions(recorder) == ["deactivated 8", "deactivated 9"]
    recorder.close()
    assert len(told) == 1
    assert told[0].startswith("The history is not being recorded: the history file ")
    assert not (read_only_folder / "history.sqlite3").exists()


def test_damaged_settings_are_the_problem_sentence(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "history.json").write_text("{oops")
    told = []
    recorder = Recorder.from_settings(on_problem=told.append)
    assert _two_actions(recorder) == ["deactivated 8", "deactivated 9"]
    recorder.close()
    assert len(told) == 1
    # the settings' own sentence, whole (a clause made of it by lower-casing its first
    # letter would be wrong in German, where nouns keep their capital)
    assert told[0].startswith("The history is not being recorded. The history settings ")
