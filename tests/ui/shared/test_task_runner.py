"""TaskRunner without a window: named tasks supersede each other, groups cancel, errors
become Failures (ApiError → failed / on_error, anything else → unexpected), finished only
for tasks that were not cancelled, busy as a callable or a QWidget."""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QPushButton

from licensedesk.api.errors import ErrorDetails, NotAuthorized
from licensedesk.ui.shared.tasks import Failure, TaskRunner


class Held:
    """A coroutine factory that waits on its gate, records entering and cancellation."""

    def __init__(self, value=None, error: BaseException | None = None) -> None:
        self.gate = asyncio.Event()
        self.value = value
        self.error = error
        self.entered = False
        self.cancelled = False

    async def __call__(self):
        self.entered = True
        try:
            await self.gate.wait()
        except asyncio.CancelledError:
            self.cancelled = True
            raise
        if self.error is not None:
            raise self.error
        return self.value


def recorder(signal) -> list:
    seen: list = []
    signal.connect(lambda *args: seen.append(args))
    return seen


def test_second_run_under_same_name_supersedes_first(qtbot, run):
    runner = TaskRunner()
    busy: list[bool] = []
    changed = recorder(runner.busyChanged)
    first, second = Held("one"), Held("two")
    first_results: list = []
    second_results: list = []

    t1 = runner.run("lookup.license", first, busy=busy.append, on_success=first_results.append)
    qtbot.waitUntil(lambda: first.entered)
    t2 = runner.run("lookup.license", second, busy=busy.append, on_success=second_results.append)
    qtbot.waitUntil(t1.done)

    assert first.cancelled
    assert first_results == []
    assert busy == [True, True]  # the superseded task does not clear the shared busy state
    assert runner.is_running("lookup.license")
    assert runner.task("lookup.license") is t2

    first.gate.set()  # too late: it was cancelled
    second.gate.set()
    assert run(t2) == "two"
    assert second_results == ["two"]
    assert first_results == []
    assert busy == [True, True, False]
    assert changed[-1] == ("lookup.license", False)
    assert not runner.is_running("lookup.license")


def test_cancel_group_cancels_the_family_only(qtbot, run):
    runner = TaskRunner()
    lic, prod, other = Held("l"), Held("p"), Held("s")
    t_lic = runner.run("lookup.license", lic)
    t_prod = runner.run("lookup.products", prod)
    t_other = runner.run("support.x", other)
    qtbot.waitUntil(lambda: lic.entered and prod.entered and other.entered)

    runner.cancel_group("lookup")
    qtbot.waitUntil(lambda: t_lic.done() and t_prod.done())

    assert lic.cancelled and prod.cancelled
    assert not other.cancelled
    assert runner.running() == ["support.x"]
    other.gate.set()
    assert run(t_other) == "s"


def test_api_error_goes_to_on_error_with_redacted_details(qtbot, run):
    runner = TaskRunner()
    failed = recorder(runner.failed)
    unexpected = recorder(runner.unexpected)
    error = NotAuthorized(
        details=ErrorDetails(
            method="GET",
            url="https://licences.example/api/v1/licenses?api_key=sk_secret123",
            http_status=401,
        )
    )
    got: list[Failure] = []

    async def work():
        raise error

    run(runner.run("lookup.license", work, on_error=got.append))

    assert len(got) == 1
    failure = got[0]
    # a refused key: the client's sentence, and where the window fixes it (its menu)
    assert failure.sentence == (
        f"{error.sentence} Check the app ID and API key under File \u2192 Connection profiles."
    )
    assert failure.error is error
    assert not failure.unexpected
    assert "sk_secret123" not in failure.details
    assert "licences.example" in failure.details  # the rest of the details survive
    assert "HTTP status: 401" in failure.details
    assert failed == [] and unexpected == []


def test_api_error_without_on_error_is_emitted_as_failed(run):
    runner = TaskRunner()
    failed = recorder(runner.failed)
    unexpected = recorder(runner.unexpected)
    error = NotAuthorized()

    async def work():
        raise error

    run(runner.run("profiles.check", work))

    assert len(failed) == 1
    name, failure = failed[0]
    assert name == "profiles.check"
    assert failure.error is error and failure.sentence.startswith(error.sentence)
    assert not failure.unexpected
    assert unexpected == []


def test_other_exception_is_emitted_as_unexpected(run):
    runner = TaskRunner()
    failed = recorder(runner.failed)
    unexpected = recorder(runner.unexpected)
    got: list[Failure] = []
    boom = ValueError("boom")

    async def work():
        raise boom

    run(runner.run("lookup.products", work, on_error=got.append))

    assert len(unexpected) == 1
    name, failure = unexpected[0]
    assert name == "lookup.products"
    assert failure.unexpected is True
    assert failure.error is boom
    assert "ValueError: boom" in failure.details
    assert got == [failure]  # the part also learns it failed
    assert failed == []


def test_finished_only_for_tasks_that_were_not_cancelled(qtbot, run):
    runner = TaskRunner()
    finished = recorder(runner.finished)

    async def ok():
        return 1

    async def bad():
        raise NotAuthorized()

    held = Held()
    run(runner.run("a", ok))
    run(runner.run("b", bad))
    t_cancelled = runner.run("c", held)
    qtbot.waitUntil(lambda: held.entered)
    assert runner.cancel("c")
    qtbot.waitUntil(t_cancelled.done)
    t_never_started = runner.run("d", Held())
    runner.cancel("d")
    qtbot.waitUntil(t_never_started.done)

    assert held.cancelled
    assert finished == [("a",), ("b",)]
    assert runner.last_finished_at is not None


def test_busy_widget_is_disabled_while_running(qtbot, run):
    runner = TaskRunner()
    button = QPushButton("Look up")
    qtbot.addWidget(button)
    held = Held("done")

    task = runner.run("lookup.license", held, busy=button)
    assert not button.isEnabled()  # at once, before the first step
    qtbot.waitUntil(lambda: held.entered)
    assert not button.isEnabled()

    held.gate.set()
    assert run(task) == "done"
    assert button.isEnabled()


def test_busy_widget_is_enabled_again_after_cancel(qtbot):
    runner = TaskRunner()
    button = QPushButton("Look up")
    qtbot.addWidget(button)
    held = Held()

    task = runner.run("lookup.license", held, busy=button)
    qtbot.waitUntil(lambda: held.entered)
    runner.cancel("lookup.license")
    qtbot.waitUntil(task.done)

    assert held.cancelled
    assert button.isEnabled()
