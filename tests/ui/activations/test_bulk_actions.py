"""ActivationsController without a window, on a stub client and a stub confirm: bulk
deactivate with progress and summary, a failing row does not stop the others, cancel
half-way, delete only after confirmation, rows already in the wanted state skipped and
the list read again after a write."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from licensedesk.api.activation_rows import SeenActivations
from licensedesk.api.errors import NotAuthorized, TimedOut
from licensedesk.ui.activations.controller import (
    BULK,
    REREAD,
    ActivationsController,
    BulkResult,
)
from licensedesk.ui.shared.tasks import TaskRunner


class StubClient:
    """Records every write; ``errors[id]`` makes that row fail, ``gates[id]`` makes it wait."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.errors: dict[int, BaseException] = {}
        self.gates: dict[int, asyncio.Event] = {}
        self.cancelled: list[int] = []

    async def _write(self, call: tuple, activation_id: int) -> None:
        self.calls.append(call)
        gate = self.gates.get(activation_id)
        if gate is not None:
            try:
                await gate.wait()
            except asyncio.CancelledError:
                self.cancelled.append(activation_id)
                raise
        if activation_id in self.errors:
            raise self.errors[activation_id]

    async def set_activation(self, activation_id, activated):
        await self._write(("set", activation_id, activated), activation_id)

    async def delete_activation(self, activation_id):
        await self._write(("delete", activation_id), activation_id)

    async def activation_rows(self, serial, each):
        """As the client: rows (id first), then what was read."""
        self.calls.append(("list", serial))
        each([(aid, None, None, False) for aid in (11, 12, 13)])
        return SeenActivations(total=3)


@dataclass
class Shown:
    """An activation as the table shows it (the controller reads ``activated``)."""

    id: int
    activated: bool


class StubConfirm:
    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.asked: list[tuple[str, str]] = []

    async def __call__(self, title: str, text: str) -> bool:
        self.asked.append((title, text))
        return self.answer


class Seen:
    def __init__(self, ctrl: ActivationsController) -> None:
        self.started: list[tuple] = []
        self.progress: list[tuple] = []
        self.updated: list[tuple] = []
        self.removed: list[int] = []
        self.failed: list[tuple] = []
        self.finished: list[BulkResult] = []
        ctrl.bulkStarted.connect(lambda *a: self.started.append(a))
        ctrl.progress.connect(lambda *a: self.progress.append(a))
        ctrl.rowUpdated.connect(lambda *a: self.updated.append(a))
        ctrl.rowRemoved.connect(self.removed.append)
        ctrl.rowFailed.connect(lambda *a: self.failed.append(a))
        ctrl.bulkFinished.connect(self.finished.append)
        self.reread: list[tuple] = []
        ctrl.rowsReread.connect(lambda *a: self.reread.append(a))


def make(client: StubClient, confirm: StubConfirm | None = None):
    runner = TaskRunner()
    ctrl = ActivationsController(runner, lambda: client, confirm or StubConfirm(False))
    return ctrl, runner, Seen(ctrl)


def test_bulk_deactivate_reports_each_row_and_progress(run):
    client = StubClient()
    ctrl, _runner, seen = make(client)

    result = run(ctrl.deactivate([11, 12, 13]))

    assert client.calls == [("set", 11, False), ("set", 12, False), ("set", 13, False)]
    assert seen.started == [("deactivate", 3)]
    assert seen.updated == [(11, False), (12, False), (13, False)]
    assert seen.progress == [(1, 3), (2, 3), (3, 3)]
    assert seen.failed == []
    assert seen.finished == [result]
    assert result.succeeded == [11, 12, 13]
    assert not result.cancelled
    assert result.summary() == "3 of 3 deactivated."


def test_bulk_activate_sets_activated(run):
    client = StubClient()
    ctrl, _runner, seen = make(client)

    result = run(ctrl.activate([5, 6]))

    assert client.calls == [("set", 5, True), ("set", 6, True)]
    assert seen.updated == [(5, True), (6, True)]
    assert result.summary() == "2 of 2 activated."


def test_failing_row_is_reported_and_the_others_go_on(run):
    client = StubClient()
    error = NotAuthorized()
    client.errors[12] = error
    ctrl, _runner, seen = make(client)

    result = run(ctrl.deactivate([11, 12, 13]))

    assert [c[1] for c in client.calls] == [11, 12, 13]
    assert result.succeeded == [11, 13]
    assert [aid for aid, _f in result.failed] == [12]
    failure = result.failed[0][1]
    assert failure.error is error and failure.sentence.startswith(error.sentence)
    assert seen.failed == [(12, failure)]
    assert seen.updated == [(11, False), (13, False)]
    assert seen.progress == [(1, 3), (2, 3), (3, 3)]
    assert result.summary() == "2 of 3 deactivated; 1 failed."


def test_writes_are_not_retried(run):
    client = StubClient()
    client.errors[11] = TimedOut()
    ctrl, _runner, _seen = make(client)

    result = run(ctrl.deactivate([11]))

    assert client.calls == [("set", 11, False)]
    assert result.succeeded == [] and len(result.failed) == 1


def test_cancel_half_way(qtbot):
    client = StubClient()
    client.gates[12] = asyncio.Event()
    ctrl, runner, seen = make(client)

    task = ctrl.deactivate([11, 12, 13])
    qtbot.waitUntil(lambda: ("set", 12, False) in client.calls)
    assert ctrl.is_running()
    ctrl.cancel()
    qtbot.waitUntil(task.done)

    assert client.cancelled == [12]
    assert [c[1] for c in client.calls] == [11, 12]  # 13 never sent
    assert len(seen.finished) == 1
    result = seen.finished[0]
    assert result.cancelled
    assert result.succeeded == [11]
    assert result.failed == []
    assert seen.progress == [(1, 3)]
    assert seen.updated == [(11, False)]
    # 12 was sent (its answer never read), only 13 was not attempted
    assert result.unanswered == 12
    assert result.summary() == (
        "1 of 3 deactivated; cancelled while #12 was sent "
        "(its outcome is unknown), 1 not attempted."
    )
    assert not ctrl.is_running()
    qtbot.waitUntil(lambda: runner.task(BULK) is None)  # forgotten in its done callback


def test_delete_declined_sends_nothing(run):
    client = StubClient()
    confirm = StubConfirm(False)
    ctrl, runner, seen = make(client, confirm)

    assert run(ctrl.delete([21, 22], ["laptop A", "desktop B"])) is False

    assert len(confirm.asked) == 1
    title, text = confirm.asked[0]
    assert title == "Delete 2 activations"
    assert "laptop A" in text and "desktop B" in text
    assert client.calls == []
    assert seen.started == [] and seen.removed == [] and seen.finished == []
    assert not runner.is_running(BULK)


def test_delete_confirmed_deletes_each_row(qtbot, run):
    client = StubClient()
    confirm = StubConfirm(True)
    ctrl, _runner, seen = make(client, confirm)

    assert run(ctrl.delete([21, 22], ["laptop A", "desktop B"])) is True
    qtbot.waitUntil(lambda: bool(seen.finished))

    assert len(confirm.asked) == 1
    assert client.calls == [("delete", 21), ("delete", 22)]
    assert seen.removed == [21, 22]
    assert seen.updated == []
    assert seen.progress == [(1, 2), (2, 2)]
    result = seen.finished[0]
    assert result.action == "delete"
    assert result.summary() == "2 of 2 deleted."


def test_delete_of_one_asks_about_this_activation(qtbot, run):
    client = StubClient()
    confirm = StubConfirm(True)
    ctrl, _runner, seen = make(client, confirm)

    run(ctrl.delete([21], ["laptop A"]))
    qtbot.waitUntil(lambda: bool(seen.finished))

    title, text = confirm.asked[0]
    assert title == "Delete activation"
    assert "this activation" in text
    assert seen.removed == [21]


def test_rows_already_in_the_wanted_state_are_not_sent_nor_counted(qtbot, run):
    client = StubClient()
    table = {11: Shown(11, True), 12: Shown(12, False), 13: Shown(13, True)}
    runner = TaskRunner()
    ctrl = ActivationsController(
        runner, lambda: client, StubConfirm(False), shown=table.get, serial=lambda: "SERIAL"
    )
    seen = Seen(ctrl)

    result = run(ctrl.deactivate([11, 12, 13]))

    assert [c for c in client.calls if c[0] == "set"] == [("set", 11, False), ("set", 13, False)]
    assert seen.started == [("deactivate", 2)]
    assert seen.progress == [(1, 2), (2, 2)]
    assert result.skipped == [12] and result.succeeded == [11, 13]
    assert result.summary() == "2 of 2 deactivated; 1 was already off."
    # then the serial's list is read again, for the service's new state (times)
    qtbot.waitUntil(lambda: bool(seen.reread))
    assert client.calls[-1] == ("list", "SERIAL")
    assert seen.reread[0][0] == "SERIAL" and [r[0] for r in seen.reread[0][1]] == [11, 12, 13]
    qtbot.waitUntil(lambda: runner.task(REREAD) is None)


def test_nothing_to_send_says_so_and_reads_nothing(run):
    client = StubClient()
    table = {11: Shown(11, True), 12: Shown(12, True)}
    runner = TaskRunner()
    ctrl = ActivationsController(
        runner, lambda: client, StubConfirm(False), shown=table.get, serial=lambda: "SERIAL"
    )

    result = run(ctrl.activate([11, 12]))

    assert client.calls == []
    assert result.summary() == "Nothing to activate: 2 were already on."
    assert runner.task(REREAD) is None
