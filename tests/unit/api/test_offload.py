"""Big answers are decoded and validated off the event loop, with the same outcomes."""

import threading

import pytest
import respx

from licensedesk.api import BadResponse, ClientConfig, Credentials, LicenseClient, NotFound, offload
from licensedesk.api.activation_rows import ActivationReader
from tests.support.aio import run_async

BASE = "https://svc.example"
SERIAL = "ABCD-1234-EFGH-5678-IJKL"
PAIR = Credentials("app", "key-000")


def _rows(n: int) -> list[dict]:
    return [
        {
            "id": i + 1,
            "license_id": 1,
            "product_id": 1,
            "activated": "1",
            "host_id": f"{i:032x}",
            "device_tag": "Linux__64bits",
            "created_at": "2026-01-01 10:00:00",
        }
        for i in range(n)
    ]


def _activations(body: dict, status: int = 200):
    async def go():
        async with LicenseClient(ClientConfig(BASE, read=PAIR, write=PAIR)) as client:
            return await client.activations(SERIAL)

    with respx.mock(base_url=BASE) as router:
        router.get(f"/v2/activations/{SERIAL}").respond(status, json=body)
        return run_async(go())


@pytest.fixture
def reading_threads(monkeypatch) -> list[str]:
    """The names of the threads that read the pieces of an activations list, in turn."""
    threads: list[str] = []
    real = ActivationReader.read

    def spy(self, items):
        threads.append(threading.current_thread().name)
        return real(self, items)

    monkeypatch.setattr(ActivationReader, "read", spy)
    return threads


def test_big_list_is_read_in_the_worker_thread(reading_threads):
    """Piece by piece while it arrives (api/list_body.py), never json.loads of the whole."""
    threads = reading_threads
    rows = _activations({"data": _rows(3000)})  # > BIG_BODY bytes
    assert len(rows) == 3000 and rows[-1].id == 3000 and rows[0].activated is True
    assert any(name.startswith("licensedesk-decode") for name in threads)


def test_a_command_line_reads_a_big_list_on_its_loop(reading_threads):
    """Inside ``staying_on_loop`` (the command line) no piece goes to the worker."""
    threads = reading_threads

    async def go():
        with offload.staying_on_loop():  # as cli/commands.py around its asyncio.run
            async with LicenseClient(ClientConfig(BASE, read=PAIR, write=PAIR)) as client:
                rows = await client.activations(SERIAL)
        return rows, offload.stays_on_loop()

    with respx.mock(base_url=BASE) as router:
        router.get(f"/v2/activations/{SERIAL}").respond(200, json={"data": _rows(3000)})
        rows, after = run_async(go())
    assert len(rows) == 3000 and rows[-1].id == 3000
    assert threads and not any(name.startswith("licensedesk-decode") for name in threads)
    assert not after  # only inside the block


def test_small_list_stays_on_the_loop(monkeypatch):
    def fail(*_a, **_k):
        raise AssertionError("small answers must not hop threads")

    monkeypatch.setattr("licensedesk.api.client.off_loop", fail)
    monkeypatch.setattr("licensedesk.api.transport.off_loop", fail)
    monkeypatch.setattr("licensedesk.api.list_body.submit", fail)
    assert [a.id for a in _activations({"data": _rows(3)})] == [1, 2, 3]


def test_big_answers_fail_the_same_way():
    bad = _rows(3000)
    bad[1500]["id"] = "not a number"
    with pytest.raises(BadResponse):
        _activations({"data": bad})
    error = {
        "error": {"message": "License does not exist!", "status_code": 404},
        "padding": "x" * (offload.BIG_BODY + 1),
    }
    with pytest.raises(NotFound):
        _activations(error, status=404)


def test_worker_is_a_plain_thread():
    ran_in = []
    run_async(offload.off_loop(lambda: ran_in.append(threading.current_thread().name)))
    assert ran_in[0].startswith("licensedesk-decode")


def test_a_big_list_that_is_not_a_data_list_first_is_dropped_in_the_worker(monkeypatch):
    """An answer that does not start with its list is decoded whole (json.loads); its
    decoded rows go in the worker too: freeing 5,000 of them took the UI thread ~2 ms
    once the call had returned (issue #14)."""
    seen = []
    real = LicenseClient._list_then_drop

    def spy(self, cls, body):
        result = real(self, cls, body)
        seen.append((threading.current_thread().name, "data" in body))
        return result

    monkeypatch.setattr(LicenseClient, "_list_then_drop", spy)
    assert len(_activations({"meta": "x" * 300, "data": _rows(3000)})) == 3000
    assert seen == [(seen[0][0], False)] and seen[0][0].startswith("licensedesk-decode")
