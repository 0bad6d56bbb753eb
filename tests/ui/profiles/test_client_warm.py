"""The chosen profile's client is made ahead, in a worker thread, not by the first lookup.

Making a LicenseClient reads the profile's keys from the keyring and builds a
TLS context: 20-40 ms of the UI thread if the first lookup had to do it.
"""

from __future__ import annotations

import threading

import pytest

from licensedesk.api.client import LicenseClient
from licensedesk.ui.profiles.connections import Connections

from ..helpers import look_up, wait_idle


@pytest.fixture
def made(monkeypatch):
    """Every LicenseClient made during the test, with the thread that made it."""
    clients: list[tuple[LicenseClient, str]] = []
    original = LicenseClient.__init__

    def spy(self, *args, **kwargs):
        original(self, *args, **kwargs)
        clients.append((self, threading.current_thread().name))

    monkeypatch.setattr(LicenseClient, "__init__", spy)
    return clients


def test_the_profile_client_is_ready_before_the_first_lookup(
    made, make_desk, sandbox_profile, sandbox, qtbot
):
    desk = make_desk(profile=sandbox_profile)
    qtbot.waitUntil(lambda: desk.connections.open_clients() == 1, timeout=5000)
    [(client, thread)] = made
    assert thread != threading.main_thread().name  # made off the UI thread
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    wait_idle(desk, qtbot)
    assert desk.window.workspace.card.license is not None
    assert len(made) == 1 and desk.connections.client() is client  # the lookup used it


def test_a_client_made_ahead_is_dropped_when_the_profile_changes_meanwhile(
    made, make_desk, sandbox_profile, monkeypatch, qtbot
):
    entered, release = threading.Event(), threading.Event()
    original = Connections.config_for

    def slow_config_for(self, name):  # the keyring answers slowly
        entered.set()
        release.wait(5)
        return original(self, name)

    monkeypatch.setattr(Connections, "config_for", slow_config_for)
    desk = make_desk(profile=sandbox_profile)
    qtbot.waitUntil(entered.is_set, timeout=5000)
    desk.connections.forget_client(sandbox_profile)  # what saving the profile does
    release.set()
    qtbot.waitUntil(lambda: bool(made) and not desk.profiles.is_warming(), timeout=5000)
    [(stale, _thread)] = made
    assert desk.connections.open_clients() == 0  # the next call makes one with the new settings
    assert stale.transport.http.is_closed


def test_what_the_first_calls_would_load_is_loaded_ahead(
    make_desk, sandbox_profile, monkeypatch, qtbot
):
    """With the client, the worker builds the TLS context the licence image's fetch will
    use (the sandbox is plain http: the client itself needs none), so the first lookup
    does not pay it on the UI thread."""
    from licensedesk.api import tls

    monkeypatch.setattr(tls, "_CONTEXTS", {})
    desk = make_desk(profile=sandbox_profile)
    qtbot.waitUntil(lambda: desk.connections.open_clients() == 1, timeout=5000)
    assert tls._default_key() in tls._CONTEXTS
