"""The renewals notification's tests: the desk's D-Bus is the private bus of a real dunst
(``notification_bus``), and ``daemon.new()`` reads what dunst received during the test;
``in_book`` puts licences into the desk's book as a lookup would."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import datetime, timedelta

import pytest

from licensedesk import clock
from licensedesk.book import Sighting

SERVICE = "https://licences.example"


@dataclasses.dataclass
class Daemon:
    bus: object
    run: object
    mark: int = 0

    def new(self) -> list:
        """What dunst received since the test started (or since the last ``new``)."""
        got = [n for n in self.run(self.bus.received()) if n.id > self.mark]
        if got:
            self.mark = got[-1].id
        return got

    def click(self) -> None:
        self.run(self.bus.click())


@pytest.fixture
def daemon(notification_bus, monkeypatch, run) -> Daemon:
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", notification_bus.address)
    seen = run(notification_bus.received())
    return Daemon(notification_bus, run, seen[-1].id if seen else 0)


def licence(
    serial: str,
    days: int | None,
    now: datetime,
    *,
    name: str | None = None,
    kind: str = "subscription",
) -> Sighting:
    """A licence that ends at noon of the user's day ``days`` days after ``now``'s (the
    tests check at ``now``: a run that crosses midnight counts the same days)."""
    end = (
        None
        if days is None
        else (clock.start_of_day(clock.today(now) + timedelta(days=days)) + timedelta(hours=12))
    )
    return Sighting(
        serial=serial,
        service=SERVICE,
        profile="Sandbox",
        seen_at=now,
        licensee=name,
        type=kind,
        end_at=end,
    )


@pytest.fixture
def in_book(run):
    """``in_book(desk, sightings)``: kept in the desk's book, written when it returns."""

    def _keep(desk, sightings) -> None:
        run(asyncio.wrap_future(desk.book.keeper.keep(sightings)))

    return _keep


@pytest.fixture
def notify_on(qsettings):
    """The notification as a person has it: on (the default; tests/ui/conftest.py turns
    it off for the other tests)."""
    qsettings.remove("notifications/renewals")


@pytest.fixture
def open_desk(make_desk, sandbox_profile, run, notify_on):
    """``open_desk()``: the window on the sandbox profile, its start's check done (what it
    told is returned by ``desk.told_at_start``)."""

    def _open():
        desk = make_desk(profile=sandbox_profile)
        task = desk.renewals_notice.start_check()
        desk.told_at_start = [] if task is None else run(task)
        return desk

    return _open
