"""The book keeps a lookup's answers without the window's UI thread: the client hands
them over as they are, and the book's worker makes its record of them (its devices
included) and writes it. Made on the UI thread, a licence's 1,000 devices took frames
from the table rendering them (tests/bench/bench_ui_stall.py)."""

from __future__ import annotations

import threading

import pytest

from licensedesk.book.sighting import Sighting

from ..helpers import data_activations, look_up, wait_idle


@pytest.fixture
def making_threads(monkeypatch) -> list[str]:
    """The names of the threads each book record (a :class:`Sighting`) is made on."""
    threads: list[str] = []
    real = Sighting.__init__

    def spy(self, *args, **kwargs):
        threads.append(threading.current_thread().name)
        real(self, *args, **kwargs)

    monkeypatch.setattr(Sighting, "__init__", spy)
    return threads


def test_a_lookups_answers_are_made_into_the_books_record_on_its_worker(
    desk, qtbot, making_threads
):
    serial = desk.sandbox.serial("perpetual")
    look_up(desk, qtbot, serial)
    wait_idle(desk, qtbot)
    # the worker runs its jobs in turn: this read comes after every write handed over
    copy = desk.book.keeper.call(lambda store: store.copy(serial))

    hosts = {a["host_id"] for a in data_activations(desk.sandbox, "perpetual")}
    assert copy is not None and {d.host_id for d in copy.devices} == hosts  # kept
    assert copy.licensee == "Maria Jensen" and copy.products  # the three answers
    assert making_threads, "no record was made"
    assert set(making_threads) == {"licensedesk-book"}, making_threads
