"""The lookup's answers are shown together when they arrive together (ui/lookup/together.py):
all in one pass of the loop, before anything scheduled by the first one shown (in the
window: Qt's layout and paint); a late part does not hold the others back. On the
window's qasync loop, as in the app."""

from __future__ import annotations

import asyncio

from licensedesk.ui.lookup.together import Together

PARTS = ("license", "products", "activations")


async def _part(together: Together, name: str, answer: asyncio.Future, log: list[str]) -> None:
    await answer
    together.arrive(name)
    await together.wait()
    log.append(name)
    if len(log) == 1:  # the first shown: Qt would lay out and paint next
        asyncio.get_running_loop().call_soon(log.append, "paint")


def _three_parts():
    """A lookup's three parts waiting for their answers (inside the running loop):
    ``together``, the answers to set, the log of what was shown, the parts' tasks."""
    together = Together(PARTS)
    loop = asyncio.get_running_loop()
    answers = {name: loop.create_future() for name in PARTS}
    log: list[str] = []
    tasks = {n: asyncio.create_task(_part(together, n, answers[n], log)) for n in PARTS}
    return together, answers, log, tasks


def test_answers_arriving_together_are_all_shown_before_the_paint(run):
    async def go():
        together, answers, log, tasks = _three_parts()
        await asyncio.sleep(0)
        for name in ("products", "license", "activations"):  # answers arrive one by one
            answers[name].set_result(None)
            await asyncio.sleep(0)
        await asyncio.gather(*tasks.values())
        await asyncio.sleep(0)
        return together, log

    together, log = run(go())
    assert log[-1] == "paint" and sorted(log[:3]) == sorted(PARTS)
    assert together.arrived() == set(PARTS)


def test_a_late_part_does_not_hold_the_others_back(run):
    async def go():
        together, answers, log, tasks = _three_parts()
        answers["license"].set_result(None)
        answers["products"].set_result(None)
        await asyncio.wait([tasks["license"], tasks["products"]], timeout=5)
        shown_before_the_late_one = list(log)
        assert together.arrived() == {"license", "products"}
        answers["activations"].set_result(None)  # after the time was up: shown at once
        await asyncio.wait_for(tasks["activations"], timeout=5)
        return shown_before_the_late_one, log

    before, log = run(go())
    assert sorted(before[:2]) == ["license", "products"]
    assert log[-1] == "activations"


def test_a_cancelled_part_leaves_the_others_waiting_to_be_released(run):
    async def go():
        _together, answers, log, tasks = _three_parts()
        answers["license"].set_result(None)
        answers["products"].set_result(None)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        tasks["products"].cancel()
        answers["activations"].set_result(None)
        await asyncio.wait_for(asyncio.gather(tasks["license"], tasks["activations"]), 5)
        return tasks["products"].cancelled(), log

    cancelled, log = run(go())
    assert cancelled and "products" not in log
    assert {"license", "activations"} <= set(log)


def test_stopped_it_has_nothing_arrived_for_a_new_lookup():
    assert Together(()).arrived() == set()
    together = Together(PARTS)
    together.arrive("license")
    together.stop()
    assert together.arrived() == {"license"}
