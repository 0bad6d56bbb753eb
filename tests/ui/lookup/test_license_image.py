"""The licence card shows the licence's image: fetched safely, quietly when it fails."""

from __future__ import annotations

import socket
import sqlite3

import pytest
from PySide6.QtCore import QEvent, QObject

from licensedesk.ui.lookup.image import TASK
from licensedesk.ui.lookup.license_card import IMAGE_FAILED, thumbnail
from tests.support.image_server import HUGE, PNG, SVG, ImageServer

from ..helpers import data_activations, look_up, type_serial_and_enter, wait_idle


@pytest.fixture
def host():
    with ImageServer() as server:
        yield server


def set_image_url(sandbox, kind: str, url: str | None) -> None:
    """Point the SKU of ``kind``'s licence at ``url`` (the server reads the file per request)."""
    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute(
            "UPDATE skus SET image_url = ? "
            "WHERE id = (SELECT sku_id FROM licenses WHERE serial = ?)",
            (url, sandbox.serial(kind)),
        )


def assert_rest_of_lookup_fine(desk, kind: str) -> None:
    ws = desk.window.workspace
    assert not ws.banner.isVisible(), ws.banner.text()
    assert desk.error_dialog is None
    assert ws.card.license is not None and ws.card.license.serial == desk.sandbox.serial(kind)
    assert ws.products.model.rowCount() >= 1
    assert ws.activations.table.model().rowCount() == len(data_activations(desk.sandbox, kind))


@pytest.mark.parametrize("kind, ext", [("perpetual", "svg"), ("offline", "png")])
def test_demo_licence_with_image_shows_a_thumbnail(desk, qtbot, kind, ext):
    look_up(desk, qtbot, desk.sandbox.serial(kind))
    card = desk.window.workspace.card
    qtbot.waitUntil(lambda: card.image_state == "image")
    pixmap = card.image_pixmap()
    assert not pixmap.isNull()
    ratio = pixmap.devicePixelRatio()
    assert ratio == card.devicePixelRatioF()
    logical = pixmap.width() / ratio, pixmap.height() / ratio
    assert 0 < logical[0] <= 96 and 0 < logical[1] <= 96
    assert card.image.toolTip().endswith(f".{ext}")
    assert desk.sandbox.request_count("GET", "/media/sku/") == 1
    assert_rest_of_lookup_fine(desk, kind)


class _StateAtPaint(QObject):
    """The card's image state each time the licensee's label is painted."""

    def __init__(self, card) -> None:
        super().__init__()
        self.card = card
        self.states: list[str] = []
        card.labels["licensee"].installEventFilter(self)

    def eventFilter(self, obj, ev) -> bool:
        if ev.type() == QEvent.Type.Paint:
            self.states.append(self.card.image_state)
        return False


def test_a_kept_image_is_shown_after_the_frame_that_shows_the_licence(desk, qtbot):
    """Even a kept image (nothing to fetch) is decoded after the paint that shows the
    licence: it is decoration, and the lookup's frame is the parts'."""
    serial = desk.sandbox.serial("perpetual")
    look_up(desk, qtbot, serial)
    card = desk.window.workspace.card
    qtbot.waitUntil(lambda: card.image_state == "image")
    watch = _StateAtPaint(card)
    desk.sandbox.set_latency(100)  # the card is cleared meanwhile: the licence is painted anew
    look_up(desk, qtbot, serial)
    qtbot.waitUntil(lambda: card.image_state == "image")
    assert watch.states and watch.states[0] == "link"  # the licence painted, its image not yet
    assert desk.sandbox.request_count("GET", "/media/sku/") == 1  # kept: not fetched again


def test_a_new_lookup_drops_the_image_still_to_come(desk, qtbot):
    """The image a frame after its licence is not asked for once another lookup began."""
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    image = desk.lookup.image
    asked = []
    image.loading.connect(asked.append)
    image.loaded.connect(lambda url, *_rest: asked.append(url))
    image.show_soon(desk.window.workspace.card.license)
    assert image.waiting()
    type_serial_and_enter(desk, qtbot, sandbox.serial("trial"))
    assert not image.waiting()
    wait_idle(desk, qtbot)
    assert asked == [] and desk.window.workspace.card.image_state == "none"


def test_the_image_waits_for_the_other_parts(desk, qtbot):
    """Decoration last: the image is asked for only once products and activations arrived."""
    sandbox = desk.sandbox
    sandbox.faults.add("slow", path="/v2/activations/", delay_ms=600)
    media_requests_when_shown = []
    desk.lookup.controller.activationsLoaded.connect(
        lambda _a: media_requests_when_shown.append(sandbox.request_count("GET", "/media/sku/"))
    )
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    card = desk.window.workspace.card
    qtbot.waitUntil(lambda: card.image_state == "image")
    assert media_requests_when_shown == [0]
    assert sandbox.request_count("GET", "/media/sku/") == 1


def test_recent_images_are_shown_again_without_a_request(desk, qtbot):
    card = desk.window.workspace.card
    for kind in ("perpetual", "offline", "perpetual", "offline"):
        look_up(desk, qtbot, desk.sandbox.serial(kind))
        qtbot.waitUntil(lambda: card.image_state == "image")
    assert desk.sandbox.request_count("GET", "/media/sku/") == 2  # one per SKU image
    assert desk.lookup.image.fetcher.is_open  # kept for the session (a new one costs ~30 ms)
    desk.runner.cancel_all()


def test_licence_without_image_shows_none(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("trial"))
    card = desk.window.workspace.card
    assert card.image_state == "none"
    assert card.image_pixmap().isNull() and card.image.text() == "No image"
    assert desk.sandbox.request_count("GET", "/media/") == 0
    assert not desk.runner.is_running(TASK)


def _down_url() -> str:
    with socket.socket() as s:  # a loopback port that nobody listens on
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}/x.png"


@pytest.mark.parametrize(
    "path", ["/missing.png", "/page.html", "/data.json", "/huge.png", "/not-an-image.png", "down"]
)
def test_image_failures_are_a_quiet_note_and_the_lookup_is_fine(desk, qtbot, host, path):
    url = _down_url() if path == "down" else host.url + path
    set_image_url(desk.sandbox, "perpetual", url)
    failed = []
    desk.lookup.image.failed.connect(lambda u, sentence: failed.append(sentence))
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    card = desk.window.workspace.card
    qtbot.waitUntil(lambda: card.image_state == "failed")
    assert IMAGE_FAILED in card.image.text()
    assert f'href="{url}"' in card.image.text()  # the link is still there
    assert card.image_pixmap().isNull()
    assert_rest_of_lookup_fine(desk, "perpetual")
    if path == "/not-an-image.png":
        assert failed == []  # fetched fine, refused by the decoder
    else:
        assert len(failed) == 1
    if path == "/huge.png":
        assert "larger than" in failed[0]
        assert host.sent[path] < HUGE // 2  # stopped early, not read to the end
    assert desk.lookup.image.fetcher.in_flight == 0


def test_the_image_request_carries_no_key_no_auth_no_cookie(desk, qtbot, host):
    set_image_url(desk.sandbox, "perpetual", host.url + "/ok.png")
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    card = desk.window.workspace.card
    qtbot.waitUntil(lambda: card.image_state == "image")
    desk.lookup.refresh()  # again: a cookie set by the image host is not sent back
    qtbot.waitUntil(lambda: not desk.runner.running() and card.image_state == "image")
    app_id, key = desk.sandbox.creds("read_write")
    text = host.request_text()
    assert host.paths() == ["/ok.png"]  # the same image is not fetched twice
    assert key not in text and "api_key" not in text and app_id not in text
    assert "authorization" not in text.lower() and "cookie" not in text.lower()


def test_a_new_lookup_cancels_the_image_in_flight(desk, qtbot, host):
    set_image_url(desk.sandbox, "perpetual", host.url + "/slow.png")
    seen = []
    desk.lookup.image.loaded.connect(lambda *a: seen.append("loaded"))
    desk.lookup.image.failed.connect(lambda *a: seen.append("failed"))
    card = desk.window.workspace.card
    try:
        type_serial_and_enter(desk, qtbot, desk.sandbox.serial("perpetual"))
        qtbot.waitUntil(lambda: host.slow_started.is_set() and card.image_state == "loading")
        task = desk.runner.task(TASK)
        assert task is not None and not task.done()
        look_up(desk, qtbot, desk.sandbox.serial("trial"))
        qtbot.waitUntil(task.done)
        assert card.license.serial == desk.sandbox.serial("trial")
        assert card.image_state == "none" and card.image_pixmap().isNull()
        assert not desk.window.workspace.banner.isVisible()
        qtbot.waitUntil(lambda: desk.lookup.image.fetcher.in_flight == 0)
        assert seen == []
    finally:
        host.release()


def test_a_late_image_for_another_licence_is_ignored(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("trial"))
    card = desk.window.workspace.card
    card.show_image("http://127.0.0.1:1/other.png", PNG, "image/png")
    assert card.image_state == "none" and card.image_pixmap().isNull()


def test_thumbnail_keeps_aspect_and_follows_the_device_pixel_ratio(qapp):
    svg = thumbnail(SVG, "image/svg+xml", 94, 94, 2.0)
    assert svg.devicePixelRatio() == 2.0 and (svg.width(), svg.height()) == (188, 188)
    png = thumbnail(PNG, "image/png", 94, 94, 2.0)  # 96 px raster: fits 94 at most
    assert (png.width(), png.height()) == (188, 188)
    small = thumbnail(PNG, "image/png", 200, 200, 1.0)  # never scaled up
    assert (small.width(), small.height()) == (96, 96)
    wide = SVG.replace(
        b'width="96" height="96" viewBox="0 0 96 96"',
        b'width="200" height="50" viewBox="0 0 200 50"',
    )
    pix = thumbnail(wide, "image/svg+xml", 94, 94, 1.0)
    assert pix.width() == 94 and pix.height() in (23, 24)
    assert thumbnail(b"<html>no</html>", "image/png", 94, 94, 1.0) is None
    assert thumbnail(b"", "image/png", 94, 94, 1.0) is None
