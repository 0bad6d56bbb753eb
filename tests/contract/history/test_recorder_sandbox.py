"""The recorder around the real client against the sandbox: the outcome the service gave,
"unknown" after a dropped connection and then the reconciled outcome, "not sent" when
nothing could connect; a canary api_key in no entry, log line or export."""

from __future__ import annotations

import logging

from licensedesk.api import ClientConfig, Credentials, LicenseClient, NotFound, TransportError
from licensedesk.api.errors import ConnectFailed
from licensedesk.history import HistorySettings, Recorder, local_history_path
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.history.transfer import export_lines
from tests.support.aio import run_async
from tests.support.net import free_port


def _client(url: str, sandbox) -> LicenseClient:
    return LicenseClient(
        ClientConfig(
            url,
            read=Credentials(*sandbox.creds("read_write")),
            write=Credentials(*sandbox.creds("write")),
        )
    )


def _entries(serial: str):
    store = SqliteStore(local_history_path())
    try:
        return store.history(serial)
    finally:
        store.close()


def test_outcomes_from_the_service(sandbox, folders, caplog):
    caplog.set_level(logging.DEBUG)
    serial = sandbox.serial("host_limit")
    recorder = Recorder.from_settings(HistorySettings())
    recorder.use_connection("demo", sandbox.url)

    async def main():
        async with _client(sandbox.url, sandbox) as client:
            devices = await client.activations(serial)
            active = next(a for a in devices if a.activated)
            before = active.to_json()
            async with recorder.record(
                "deactivate", serial=serial, activation_ids=[active.id], before=before
            ) as rec:
                rec.done(await client.set_activation(active.id, False))
            try:
                async with recorder.record("delete", serial=serial, activation_ids=[999999]):
                    await client.delete_activation(999999)
            except NotFound:
                pass

    run_async(main())
    recorder.close()
    deleted, deactivated = _entries(serial)
    assert (deactivated.outcome, deactivated.detail) == ("done", "Activation successfully updated.")
    assert deactivated.before["activated"] is True
    assert deactivated.service == sandbox.url  # http://127.0.0.1:PORT: scheme, host, port
    assert (deleted.outcome, deleted.detail) == ("refused", "Activation does not exist!")
    key = sandbox.creds("write")[1]
    assert key not in caplog.text
    assert key not in "\n".join(export_lines([deleted, deactivated]))
    files = b"".join(p.read_bytes() for p in local_history_path().parent.iterdir())
    assert key.encode() not in files


def test_dropped_after_commit_is_unknown_then_reconciled(sandbox, folders):
    current, target = sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
    sandbox.faults.add("drop_after_commit", path="/v2/licenses/upgrade", times=1)
    recorder = Recorder.from_settings(HistorySettings())

    async def main():
        async with _client(sandbox.url, sandbox) as client:
            try:
                async with recorder.record("upgrade", serial=current) as rec:
                    await client.upgrade(current, target)
            except TransportError:
                pass
            seen = (await recorder.history(current))[0]
            try:  # reconciliation: never retry, re-read
                await client.show_license(current)
            except NotFound:
                await recorder.complete(rec.id, "done", "The upgrade went through.")
            return seen

    seen = run_async(main())
    recorder.close()
    assert seen.outcome == "unknown" and seen.outcome_text.startswith("outcome unknown: ")
    (entry,) = _entries(current)
    assert (entry.outcome, entry.detail) == ("done", "The upgrade went through.")


def test_nothing_to_connect_to_is_not_sent(sandbox, folders):
    closed = f"http://127.0.0.1:{free_port()}"
    recorder = Recorder.from_settings(HistorySettings())

    async def main():
        async with _client(closed, sandbox) as client:
            try:
                async with recorder.record(
                    "activate", serial="LEWX-6XUC-N5G5-Q8F9-Q2R5", activation_ids=[1]
                ):
                    await client.set_activation(1, True)
            except ConnectFailed:
                pass

    run_async(main())
    recorder.close()
    (entry,) = _entries("LEWX-6XUC-N5G5-Q8F9-Q2R5")
    assert entry.outcome == "failed" and entry.outcome_text.startswith("not sent: Could not")
