"""The licence book's copy in the workspace: shown when the service is stopped, never
while it answers, and read-only."""

from __future__ import annotations

import pytest

from licensedesk.ui.lookup.offline_copy import READ_ONLY

from ..helpers import look_up, wait_idle


@pytest.fixture
def own_service(tmp_path, store, secrets):
    """A sandbox of the test's own (it is stopped mid-test) and a profile "Own" on it."""
    from licensedesk.profiles import Profile
    from licensedesk.sandbox.demo import create_demo
    from licensedesk.sandbox.server import SandboxServer

    demo = create_demo(tmp_path / "own.db")
    server = SandboxServer(tmp_path / "own.db")
    server.start()
    app_id, key = demo["catalogue"]["credentials"]["read_write"].values()
    store.save(
        Profile(
            name="Own",
            base_url=server.url,
            read_app_id=app_id,
            write_app_id=app_id,
            read_timeout=5.0,
            connect_timeout=2.0,
        )
    )
    secrets.set("Own", "read", key)
    secrets.set("Own", "write", key)
    yield server, demo["catalogue"]["serials"]
    server.stop()


def test_the_copy_shows_when_the_service_is_stopped(make_desk, qtbot, own_service):
    server, serials = own_service
    desk = make_desk(profile="Own")
    ws = desk.window.workspace
    serial = serials["perpetual"]  # Maria Jensen, three devices
    look_up(desk, qtbot, serial)
    assert not ws.banner.isVisible()  # it answers: no copy
    devices = ws.activations.model.rowCount()
    assert devices == 3

    server.stop()
    look_up(desk, qtbot, serial)
    qtbot.waitUntil(
        lambda: ws.banner.text().startswith(
            "The service cannot be reached; this is the licence book's copy as of "
        ),
        timeout=10000,
    )
    wait_idle(desk, qtbot)
    assert ws.card.license.serial == serial
    assert "Maria" in ws.card.labels["licensee"].text()
    assert ws.activations.model.rowCount() == devices
    assert ws.activations.model.read_only_reason == READ_ONLY
    assert not ws.activations.deactivate_button.isEnabled()

    look_up(desk, qtbot, serials["trial"])  # never seen: the error, no copy
    qtbot.waitUntil(lambda: ws.banner.isVisible() and "copy" not in ws.banner.text(), timeout=10000)
    wait_idle(desk, qtbot)
    assert ws.activations.model.read_only_reason == ""  # the profile may write again


def test_the_copy_shows_when_an_https_address_answers_plain_http(
    make_desk, qtbot, own_service, store
):
    """A TLS failure is no answer of the service either: the copy, and the failure said as
    what it is (the port speaks plain HTTP), not as a certificate."""
    import dataclasses

    server, serials = own_service
    desk = make_desk(profile="Own")
    ws = desk.window.workspace
    serial = serials["perpetual"]
    look_up(desk, qtbot, serial)
    assert not ws.banner.isVisible()

    https = server.url.replace("http://", "https://")
    store.save(dataclasses.replace(store.get("Own"), base_url=https))
    desk.connections.forget_client("Own")
    look_up(desk, qtbot, serial)
    qtbot.waitUntil(
        lambda: ws.banner.text().startswith(
            "The service cannot be reached; this is the licence book's copy as of "
        ),
        timeout=10000,
    )
    wait_idle(desk, qtbot)
    assert ws.card.license.serial == serial
    assert ws.banner.details.toPlainText().startswith(
        "The licence service answered without TLS (plain HTTP) on an https address"
    ), ws.banner.details.toPlainText()
    assert "certificate" not in ws.banner.details.toPlainText()
