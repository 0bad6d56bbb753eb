"""A hostile service in the window (issue #13): control and bidi characters in service
text never reach a label or a table cell raw (a right-to-left override would reorder
what a label shows), rich text is never rendered from it, and a call that trickles its
answer ends at the profile's deadline as a time-out, in every part."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment

from licensedesk.batch.model import CheckResult, Status
from licensedesk.ui.activations.model import COL_DEVICE, COL_PRODUCT
from licensedesk.ui.batch.model import COL_LICENSEE, COL_STATUS, BatchModel
from licensedesk.ui.lookup.products_model import COL_NAME
from tests.contract.client.hostile_server import HostileServer

from ..helpers import click, look_up, open_profiles_dialog
from ..support_fixtures import wait_done

ESC = "\x1b"
NAME = f"<b>Ada</b>{ESC}[31m\u202eexe.txt{ESC}]0;t\x07\r"
NAME_SHOWN = "<b>Ada</b>\\x1b[31m\\u202eexe.txt\\x1b]0;t\\x07\\x0d"
TAG = f"Linux\u2067__64bits{ESC}[8m\u2069"
PRODUCT = "Studio\u202d Pro\x85"
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def raw_controls(text: str) -> list[str]:
    """What would reorder or hide text in a label (newlines are a label's own)."""
    return [
        c
        for c in text
        if (ord(c) < 0x20 and c != "\n")
        or 0x7F <= ord(c) <= 0x9F
        or c in BIDI
        or c in "\u2028\u2029"
    ]


def rendered(label) -> str:
    if label.textFormat() == Qt.TextFormat.RichText:
        return QTextDocumentFragment.fromHtml(label.text()).toPlainText()
    return label.text()


def sql(sandbox, statement: str, *args) -> None:
    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute(statement, args)


def hostile_licence(sandbox, kind: str = "perpetual") -> str:
    serial = sandbox.serial(kind)
    of_licence = "(SELECT {} FROM licenses WHERE serial = ?)"
    sql(
        sandbox,
        "UPDATE licenses SET name = ?, email = ? WHERE serial = ?",
        NAME,
        f"ada{ESC}[5m@example.com",
        serial,
    )
    sql(
        sandbox,
        "UPDATE dealers SET name = ? WHERE id = " + of_licence.format("dealer_id"),
        "Deal\u202eer",
        serial,
    )
    sql(
        sandbox,
        "UPDATE activations SET device_tag = ? WHERE license_id = " + of_licence.format("id"),
        TAG,
        serial,
    )
    sql(
        sandbox,
        "UPDATE products SET name = ? WHERE id IN (SELECT product_id FROM "
        "sku_products WHERE sku_id = " + of_licence.format("sku_id") + ")",
        PRODUCT,
        serial,
    )
    return serial


def test_lookup_shows_no_bidi_override_or_control_in_labels_and_cells(desk, qtbot):
    serial = hostile_licence(desk.sandbox)
    look_up(desk, qtbot, serial)
    ws = desk.window.workspace
    card = ws.card
    assert card.license is not None and card.license.name == NAME  # the data, unchanged
    for key, label in card.labels.items():
        assert raw_controls(label.text()) == [], (key, label.text())
        assert raw_controls(rendered(label)) == [], key
    licensee = card.labels["licensee"]
    assert rendered(licensee) == f"{NAME_SHOWN} <ada\\x1b[5m@example.com>"  # no <b> rendered
    assert rendered(card.labels["dealer"]) == "Deal\\u202eer"
    assert card.labels["dealer"].textFormat() == Qt.TextFormat.PlainText

    acts = ws.activations.model
    assert acts.rowCount() == 3
    for row in range(acts.rowCount()):
        for col in range(acts.columnCount()):
            text = str(acts.index(row, col).data() or "")
            assert raw_controls(text) == [], (row, col, text)
        assert acts.index(row, COL_DEVICE).data() == "Linux\\u2067__64bits\\x1b[8m\\u2069"
        assert acts.index(row, COL_PRODUCT).data() == "Studio\\u202d Pro\\x85"
    products = ws.products.model
    assert products.rowCount() > 0
    assert products.index(0, COL_NAME).data() == "Studio\\u202d Pro\\x85"


def test_validate_dialog_shows_the_licensee_and_products_escaped(desk, qtbot):
    sb = desk.sandbox
    serial = hostile_licence(sb)
    d = desk.validate.open(serial, sb.product_code("perpetual"), host_id="", device_tag="")
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    assert d.result_box.isVisible(), d.error_text()
    assert rendered(d.values["licensee_name"]) == NAME_SHOWN
    qtbot.waitUntil(lambda: d.product_input.count() > 0)
    items = [d.product_input.itemText(i) for i in range(d.product_input.count())]
    assert all(raw_controls(text) == [] for text in items), items


def test_batch_rows_show_service_text_escaped(qtbot):
    model = BatchModel()
    serial = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
    model.set_input([serial])
    model.apply(
        [
            CheckResult(
                0,
                serial,
                Status.INVALID,
                f"invalid for product: x{ESC}[2J",
                found=True,
                licensee=NAME,
                reason="why\u202e",
            )
        ]
    )
    assert model.index(0, COL_LICENSEE).data() == NAME_SHOWN
    assert model.index(0, COL_STATUS).data() == "invalid for product: x\\x1b[2J"
    assert model.index(0, COL_STATUS).data(Qt.ItemDataRole.ToolTipRole) == "why\\u202e"


# -- the service's own words, and its pace: a hostile server ------------------------------


@pytest.fixture
def hostile_desk(make_desk, store, secrets):
    from licensedesk.profiles import Profile

    with HostileServer() as server:
        server.trickle_for = 10.0  # a client without a deadline fails, it does not hang
        store.save(
            Profile(
                name="Hostile",
                base_url=server.url,
                read_app_id="a",
                write_app_id="a",
                connect_timeout=2.0,
                read_timeout=5.0,
                deadline=0.5,
            )
        )
        secrets.set("Hostile", "read", "sk_hostile_ui_key")
        secrets.set("Hostile", "write", "sk_hostile_ui_key")
        yield make_desk(profile="Hostile"), server


def test_a_service_message_with_controls_is_escaped_in_banner_part_and_details(hostile_desk, qtbot):
    desk, server = hostile_desk
    message = f"Denied{ESC}[2K\r\u202etxt.exe"
    server.bodies["/v2/"] = {"error": {"message": message, "status_code": 422}}
    look_up(desk, qtbot, "LEWX-6XUC-N5G5-Q8F9-Q2R5")
    ws = desk.window.workspace
    expected = "The licence service refused the request: Denied\\x1b[2K\\x0d\\u202etxt.exe"
    assert ws.banner.text().startswith(expected), ws.banner.text()
    assert ws.card.state.message_text() == expected
    assert raw_controls(ws.banner.details.toPlainText()) == []
    assert "Service message: Denied\\x1b[2K" in ws.banner.details.toPlainText()


def test_a_trickling_service_ends_at_the_deadline_as_a_time_out_in_every_part(hostile_desk, qtbot):
    desk, server = hostile_desk
    server.default = "trickle"
    look_up(desk, qtbot, "LEWX-6XUC-N5G5-Q8F9-Q2R5")
    ws = desk.window.workspace
    sentence = "The licence service did not answer in time: no complete answer within 0.5 s."
    assert ws.card.state.message_text() == sentence
    assert ws.activations.state.message_text() == sentence
    assert ws.products.state.message_text().startswith(
        "The licence service did not answer in time"
    )  # a POST: "may or may not"
    assert ws.banner.text().startswith("The licence service did not answer in time")


def test_the_profiles_dialog_edits_the_deadline(desk, qtbot):
    dialog = open_profiles_dialog(desk, qtbot)
    assert dialog.deadline.value() == 60.0
    dialog.deadline.setValue(12.5)
    click(qtbot, dialog.save_button)
    assert desk.connections.profile("Sandbox").deadline == 12.5
    assert desk.connections.client("Sandbox").config.deadline == 12.5
    dialog.close()
