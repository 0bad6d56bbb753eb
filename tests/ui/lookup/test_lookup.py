"""Looking up serials, typed and entered as a person would."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from licensedesk.ui.activations.model import COL_HOST, COL_ID
from licensedesk.ui.lookup.products_model import COL_SEATS

from ..helpers import (
    activations_table,
    click,
    data_activations,
    data_licence,
    find,
    look_up,
    serial_box,
    type_serial_and_enter,
    wait_idle,
)

KINDS = [
    "perpetual",
    "subscription_active",
    "subscription_expired",
    "subscription_not_started",
    "trial",
    "upgrade_current",
    "upgrade_target",
    "upgrade_mismatch",
    "offline",
    "host_limit",
    "no_activations",
    "many_activations",
    "inactive_product",
]


@pytest.mark.parametrize("kind", KINDS)
def test_lookup_each_kind_of_demo_serial(desk, qtbot, kind):
    sandbox = desk.sandbox
    lic = data_licence(sandbox, kind)
    acts = data_activations(sandbox, kind)
    look_up(desk, qtbot, sandbox.serial(kind))
    ws = desk.window.workspace
    assert not ws.banner.isVisible(), ws.banner.text()
    card = ws.card
    assert card.license is not None and card.license.serial == sandbox.serial(kind)
    expected_name = lic["name"] or "\u2014"
    assert expected_name.split()[0] in card.labels["licensee"].text()
    assert card.labels["type"].text() == lic["type"].capitalize()
    if lic["type"] == "perpetual":
        assert card.validity_text() == ""
    else:
        text = card.validity_text()
        expect = {
            "subscription_active": "days left",
            "trial": "days left",
            "subscription_expired": "expired",
            "subscription_not_started": "starts in",
        }[kind]
        assert expect in text, text
    table = activations_table(desk)
    assert table.model().rowCount() == len(acts)
    if not acts:
        assert ws.activations.state.message_text() == "No devices activated"
    assert ws.products.model.rowCount() >= 1
    # seats used = activated activations of this licence per product
    used = {}
    for a in acts:
        if a["activated"]:
            used[a["product_id"]] = used.get(a["product_id"], 0) + 1
    for r in range(ws.products.model.rowCount()):
        p = ws.products.model.products()[r]
        seats = ws.products.model.index(r, COL_SEATS).data()
        assert seats == f"{used.get(p.id, 0)} / {p.max_host_count}"


def test_paste_normalises_and_malformed_serial_is_refused_before_sending(desk, qtbot):
    sandbox = desk.sandbox
    box = serial_box(desk)
    bare = sandbox.serial("perpetual").replace("-", "").lower()
    box.setFocus()
    box.insert("  " + bare + " ")  # a paste
    box.textEdited.emit(box.text())
    assert box.text() == sandbox.serial("perpetual")
    before = sandbox.request_count()
    box.clear()
    QTest.keyClicks(box, "ABCD-1234")
    QTest.keyClick(box, Qt.Key.Key_Return)
    hint = desk.window.workspace.hint
    assert hint.isVisible() and "five groups" in hint.text()
    assert not desk.runner.running()
    assert sandbox.request_count() == before


def test_unknown_serial_says_it_does_not_exist(desk, qtbot):
    look_up(desk, qtbot, "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    ws = desk.window.workspace
    assert ws.banner.isVisible()
    text = ws.banner.text().lower()
    assert "serial" in text or "licen" in text
    assert "credential" not in text and "not authorized" not in text
    assert ws.card.state.message_text()  # the card shows its own error
    # The service's 404 for "no activations" is the same for an unknown serial:
    # the activations part follows the licence's answer, not "No devices activated".
    acts = ws.activations.state.message_text()
    assert acts == ws.card.state.message_text(), acts
    assert "No devices" not in acts
    assert "api_key=" not in ws.banner.details.toPlainText().replace("api_key=***", "")


def test_lookup_button_and_recent_serials(desk, qtbot):
    sandbox = desk.sandbox
    box = serial_box(desk)
    box.clear()
    QTest.keyClicks(box, sandbox.serial("trial"))
    click(qtbot, find(desk, type(desk.window.workspace.lookup_button), "lookupButton"))
    wait_idle(desk, qtbot)
    assert desk.window.workspace.card.license.serial == sandbox.serial("trial")
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    assert desk.window.workspace.recent_serials()[:2] == [
        sandbox.serial("perpetual"),
        sandbox.serial("trial"),
    ]


def test_this_computer_is_marked(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    table = activations_table(desk)
    hosts = [table.model().index(r, COL_HOST).data() for r in range(table.model().rowCount())]
    marked = [h for h in hosts if "this computer" in h]
    assert marked == [f"{desk.this_host}  (this computer)"]


def test_three_parts_load_in_parallel(desk, qtbot):
    sandbox = desk.sandbox
    sandbox.set_latency(300)
    type_serial_and_enter(desk, qtbot, sandbox.serial("perpetual"))
    ws = desk.window.workspace
    qtbot.waitUntil(
        lambda: len([n for n in desk.runner.running() if n.startswith("lookup.")]) == 3,
        timeout=2000,
    )
    assert ws.card.state.is_busy() and ws.products.state.is_busy()
    assert ws.activations.state.is_busy()
    wait_idle(desk, qtbot)
    assert ws.card.license is not None


def test_previous_results_go_when_the_next_lookup_starts(desk, qtbot):
    """Never the old licence beside a new serial: cleared a frame after Enter (once the
    requests are on the wire), or at the first answer if that comes sooner."""
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    ws = desk.window.workspace
    assert not desk.lookup.clearing_soon()  # the first answer cleared and stopped it
    assert ws.card.license is not None and ws.activations.model.rowCount() > 0
    sandbox.set_latency(400)
    type_serial_and_enter(desk, qtbot, sandbox.serial("trial"))
    qtbot.waitUntil(
        lambda: (
            ws.card.license is None
            and ws.activations.model.rowCount() == 0
            and ws.products.model.rowCount() == 0
        ),
        timeout=300,
    )
    assert desk.lookup.is_running()  # cleared while the answers are still on their way
    wait_idle(desk, qtbot)
    assert ws.card.license.serial == sandbox.serial("trial")


def test_the_requests_leave_before_the_window_changes(desk, qtbot):
    """Nothing on show changes in the tick of Enter (Qt would paint it before the loop
    writes the three requests): the Look up button reads "Stop" a frame later, with the
    clearing; Esc works at once."""
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    ws = desk.window.workspace
    sandbox.set_latency(400)
    type_serial_and_enter(desk, qtbot, sandbox.serial("trial"))
    assert desk.lookup.is_running() and desk.lookup.clearing_soon()
    assert ws.lookup_button.text() == "Look up" and ws.card.license is not None
    assert desk.window.registry["stop"].isEnabled()
    qtbot.waitUntil(lambda: ws.lookup_button.text() == "Stop", timeout=300)
    assert ws.card.license is None and desk.lookup.is_running()
    wait_idle(desk, qtbot)
    assert ws.lookup_button.text() == "Look up"


class _Paints(QObject):
    """Which of the watched widgets got a Paint event."""

    def __init__(self, widgets: dict) -> None:
        super().__init__()
        self._names = {id(w): name for name, w in widgets.items()}
        self.painted: set[str] = set()
        for widget in widgets.values():
            widget.installEventFilter(self)

    def eventFilter(self, obj, ev) -> bool:
        if ev.type() == QEvent.Type.Paint and id(obj) in self._names:
            self.painted.add(self._names[id(obj)])
        return False


def test_each_part_is_painted_in_the_pass_it_is_shown(desk, qtbot):
    """A part's new content is painted with the layout and paint Qt does next, as the
    answer is shown: no table waits for its view's own timer (a pass of the loop later,
    after the lookup looked done)."""
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("trial"))
    ws = desk.window.workspace
    paints = _Paints(
        {
            "lookup.license": ws.card.labels["licensee"],
            "lookup.products": ws.products.table.viewport(),
            "lookup.activations": ws.activations.table.viewport(),
        }
    )
    painted_when_shown: dict[str, bool] = {}

    def finished(name: str) -> None:
        if name in paints._names.values():
            paints.painted.clear()
            QApplication.sendPostedEvents()  # the layout and paint the loop does next
            painted_when_shown[name] = name in paints.painted

    desk.runner.finished.connect(finished)
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    desk.runner.finished.disconnect(finished)
    assert ws.products.model.rowCount() and ws.activations.model.rowCount()
    assert painted_when_shown == dict.fromkeys(
        ("lookup.license", "lookup.products", "lookup.activations"), True
    )


def test_fast_answers_never_flash_the_loading_page(desk, qtbot):
    ws = desk.window.workspace
    shown = []
    for part in (ws.card, ws.products, ws.activations):
        state = part.state
        state.set_busy_delay(5000)  # "sooner than the delay", even on a loaded CI machine
        state.currentChanged.connect(lambda _i, state=state: shown.append(state.shows_busy_page()))
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    assert ws.card.license is not None and shown  # the parts did change page …
    assert not any(shown)  # … but never to "Loading…" (answers came within the delay)


def test_superseded_lookup_is_cancelled(desk, qtbot):
    sandbox = desk.sandbox
    sandbox.set_latency(400)
    type_serial_and_enter(desk, qtbot, sandbox.serial("perpetual"))
    qtbot.waitUntil(lambda: desk.runner.is_running("lookup.license"), timeout=2000)
    first = desk.runner.task("lookup.license")
    sandbox.set_latency(0)
    type_serial_and_enter(desk, qtbot, sandbox.serial("trial"))
    wait_idle(desk, qtbot)
    assert first.done() and (first.cancelled() or first.result() is None)  # silently
    ws = desk.window.workspace
    assert ws.card.license.serial == sandbox.serial("trial")
    assert not ws.banner.isVisible()
    # the trial's activations, not the perpetual's
    ids = {a["id"] for a in data_activations(sandbox, "trial")}
    shown = {
        int(activations_table(desk).model().index(r, COL_ID).data())
        for r in range(activations_table(desk).model().rowCount())
    }
    assert shown == ids


def test_keyboard_ctrl_l_and_f5(desk, qtbot):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    activations_table(desk).setFocus()
    QTest.keyClick(desk.window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert serial_box(desk).hasFocus()
    before = sandbox.request_count("GET", "/v2/licenses/show-license")
    QTest.keyClick(desk.window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: sandbox.request_count("GET", "/v2/licenses/show-license") > before)
    wait_idle(desk, qtbot)
    assert desk.window.status_last.text().startswith("Last request:")
    assert desk.window.status_profile.text() == "Profile: Sandbox"
    assert sandbox.url in desk.window.status_server.text()


def test_product_secrets_masked_with_reveal_and_copy(desk, qtbot):
    from PySide6.QtGui import QGuiApplication

    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    panel = desk.window.workspace.products
    key_text = panel.model.index(0, 4).data()
    assert set(key_text) == {"\u2022"}
    panel.table.selectRow(0)
    field = panel.secret_fields[4]
    real = panel.model.products()[0].key
    assert not field.is_revealed()
    click(qtbot, field.reveal_button)
    assert field.is_revealed() and field.edit.text() == real
    click(qtbot, field.copy_button)
    assert QGuiApplication.clipboard().text() == real


def test_the_card_and_products_split_holds_through_a_lookup(desk, qtbot):
    """The same licence again: its clearing (the card's start sentence) and its answer
    leave the card / products split where it was (a moving split is a jumping window)."""
    from PySide6.QtWidgets import QApplication

    sandbox = desk.sandbox
    ws = desk.window.workspace
    desk.window.resize(1100, 720)
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    QApplication.sendPostedEvents()  # the layout of what the licence changed
    sizes = ws.top_splitter.sizes()
    sandbox.set_latency(400)
    type_serial_and_enter(desk, qtbot, sandbox.serial("perpetual"))
    qtbot.waitUntil(lambda: ws.card.license is None, timeout=300)  # cleared, still running
    QApplication.sendPostedEvents()
    assert ws.top_splitter.sizes() == sizes
    wait_idle(desk, qtbot)
    QApplication.sendPostedEvents()
    assert ws.top_splitter.sizes() == sizes


def test_the_card_and_products_split_holds_from_licence_to_licence(desk, qtbot):
    """Licences whose cards need different widths (an e-mail address, a validity period,
    neither) leave the split where it was while each card fits its share; the split moved
    with every licence when its shares were stretch factors."""
    from PySide6.QtWidgets import QApplication

    sandbox = desk.sandbox
    ws = desk.window.workspace
    desk.window.resize(1100, 720)
    widths, sizes = set(), set()
    for name in (
        "perpetual",
        "upgrade_target",
        "subscription_active",
        "upgrade_current",
        "perpetual",
    ):
        look_up(desk, qtbot, sandbox.serial(name))
        QApplication.sendPostedEvents()
        widths.add(ws.card_scroll.minimumSizeHint().width())
        sizes.add(tuple(ws.top_splitter.sizes()))
    assert len(widths) >= 3  # the cards did ask for different widths
    assert len(sizes) == 1
    card, products = sizes.pop()
    assert abs(card - products) <= 1  # half and half, as nobody moved the handle
