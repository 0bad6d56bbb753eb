"""Labels show data from the service or the user as text, never as HTML: "&" stays "&",
"<b>…</b>" and "<img src=x>" are shown as typed. Rich labels (links) keep their links."""

from __future__ import annotations

import json
import socket
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from PySide6.QtGui import Qt, QTextDocument, QTextDocumentFragment  # QtGui's Qt: mightBeRichText
from PySide6.QtWidgets import QLabel

from licensedesk.ui.lookup.license_card import IMAGE_FAILED
from licensedesk.ui.shared.labels import DASH

from ..helpers import click, data_licence, fill_profile, look_up, open_profiles_dialog, wait_idle
from ..support_fixtures import wait_done

NAME = "Smith & Sons <b>Acme</b>"
DEALER = "Jones & Co <img src=x> <b>Bold</b>"
SKU_NAME = "Pro & More <b>Max</b>"
EMAIL = "sales&co@example.com"
SKU_URL = "https://shop.example.com/sku?id=1&x=<b>"
MARKUP = "<b>Acme</b> & <img src=x>"


def is_rich(label: QLabel) -> bool:
    """Whether Qt renders ``label``'s text as HTML (AutoText: when it looks like HTML)."""
    fmt = label.textFormat()
    if fmt == Qt.TextFormat.AutoText:
        return Qt.mightBeRichText(label.text())
    return fmt == Qt.TextFormat.RichText


def shown(label: QLabel) -> str:
    """What a person sees in ``label``: its text as Qt renders it."""
    if is_rich(label):
        return QTextDocumentFragment.fromHtml(label.text()).toPlainText()
    return label.text()


def links(label: QLabel) -> list[str]:
    """The targets of the links Qt renders in ``label`` (none for plain text)."""
    if not is_rich(label):
        return []
    doc = QTextDocument()
    doc.setHtml(label.text())
    found = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            href = it.fragment().charFormat().anchorHref()
            if href and href not in found:
                found.append(href)
            it += 1
        block = block.next()
    return found


def sql(sandbox, statement: str, *args) -> None:
    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute(statement, args)


def set_licence(
    sandbox,
    kind: str,
    *,
    name=None,
    email=None,
    dealer=None,
    sku_name=None,
    sku_url=None,
    sku_upgrade=None,
    definer=None,
) -> None:
    """Change what the server holds for ``kind``'s licence (its row, its SKU, its dealer)."""
    serial = sandbox.serial(kind)
    sql(sandbox, "UPDATE licenses SET name = ?, email = ? WHERE serial = ?", name, email, serial)
    of_licence = "WHERE id = (SELECT {} FROM licenses WHERE serial = ?)"
    if dealer is not None:
        sql(
            sandbox, "UPDATE dealers SET name = ? " + of_licence.format("dealer_id"), dealer, serial
        )
    if sku_name is not None:
        sql(
            sandbox,
            "UPDATE skus SET name = ?, url = ?, sku_upgrade = ?, definer = ? "
            + of_licence.format("sku_id"),
            sku_name,
            sku_url,
            sku_upgrade or "",
            definer or "",
            serial,
        )


# -- the licence card -------------------------------------------------------------------


def test_card_shows_names_as_typed_with_mailto_and_sku_links(desk, qtbot):
    sb = desk.sandbox
    set_licence(
        sb,
        "perpetual",
        name=NAME,
        email=EMAIL,
        dealer=DEALER,
        sku_name=SKU_NAME,
        sku_url=SKU_URL,
        sku_upgrade="<b>SE-1</b> & up",
        definer="<i>Definer</i> &",
    )
    look_up(desk, qtbot, sb.serial("perpetual"))
    labels = desk.window.workspace.card.labels
    assert desk.window.workspace.card.license is not None

    dealer = labels["dealer"]
    assert shown(dealer) == DEALER
    assert dealer.textFormat() == Qt.TextFormat.PlainText and dealer.text() == DEALER

    licensee = labels["licensee"]
    assert licensee.textFormat() == Qt.TextFormat.RichText
    assert shown(licensee) == f"{NAME} <{EMAIL}>"
    assert links(licensee) == [f"mailto:{EMAIL}"]

    sku = labels["sku"]
    assert sku.textFormat() == Qt.TextFormat.RichText
    lic = data_licence(sb, "perpetual")
    number = next(s["number"] for s in sb.data["skus"] if s["id"] == lic["sku_id"])
    assert shown(sku) == f"{SKU_NAME} ({number})"
    assert links(sku) == [SKU_URL]

    for key, value in (("skuUpgrade", "<b>SE-1</b> & up"), ("definer", "<i>Definer</i> &")):
        assert labels[key].textFormat() == Qt.TextFormat.PlainText
        assert shown(labels[key]) == value
    # selectable and with working links by mouse; not tab stops (tests/ui/lookup/test_card_focus)
    f = Qt.TextInteractionFlag
    keyboard = f.TextSelectableByKeyboard | f.LinksAccessibleByKeyboard
    assert all(lab.textInteractionFlags() & f.TextSelectableByMouse for lab in labels.values())
    assert not any(lab.textInteractionFlags() & keyboard for lab in labels.values())
    assert licensee.textInteractionFlags() & f.LinksAccessibleByMouse
    assert sku.textInteractionFlags() & f.LinksAccessibleByMouse
    assert licensee.openExternalLinks() and sku.openExternalLinks()


def test_card_without_email_and_without_sku_url(desk, qtbot):
    sb = desk.sandbox
    set_licence(
        sb,
        "perpetual",
        name=NAME,
        email=None,
        dealer="Smith & Sons",
        sku_name=SKU_NAME,
        sku_url=None,
    )
    look_up(desk, qtbot, sb.serial("perpetual"))
    labels = desk.window.workspace.card.labels
    assert shown(labels["dealer"]) == "Smith & Sons"  # not "Smith &amp; Sons"
    assert shown(labels["licensee"]) == NAME and links(labels["licensee"]) == []
    assert shown(labels["sku"]).startswith(f"{SKU_NAME} (") and links(labels["sku"]) == []
    # empty values keep their dash
    assert shown(labels["skuUpgrade"]) == DASH and shown(labels["definer"]) == DASH


def test_card_without_a_licensee(desk, qtbot):
    sb = desk.sandbox
    set_licence(sb, "offline", name=None, email=None)
    look_up(desk, qtbot, sb.serial("offline"))
    assert shown(desk.window.workspace.card.labels["licensee"]) == DASH


def test_sku_url_that_is_not_http_is_no_link(desk, qtbot):
    sb = desk.sandbox
    set_licence(sb, "perpetual", name="A", sku_name=SKU_NAME, sku_url="javascript:alert(1)")
    look_up(desk, qtbot, sb.serial("perpetual"))
    sku = desk.window.workspace.card.labels["sku"]
    assert links(sku) == [] and shown(sku).startswith(SKU_NAME)


def test_image_link_stays_a_link(desk, qtbot):
    sb = desk.sandbox
    with socket.socket() as s:  # a loopback port that nobody listens on: the fetch fails
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}/a.png?x=1&y=<b>"
    sql(
        sb,
        "UPDATE skus SET image_url = ? WHERE id = (SELECT sku_id FROM licenses WHERE serial = ?)",
        url,
        sb.serial("perpetual"),
    )
    look_up(desk, qtbot, sb.serial("perpetual"))
    card = desk.window.workspace.card
    qtbot.waitUntil(lambda: card.image_state == "failed")
    assert card.image.textFormat() == Qt.TextFormat.RichText
    assert links(card.image) == [url]
    assert shown(card.image) == f"Image\n{IMAGE_FAILED}"


# -- errors: the banner and the part's own message --------------------------------------

SERVER_MESSAGE = "Maintenance <b>until 5</b> & <img src=x>"


@pytest.fixture
def marked_up_service():
    """A service that answers every call with an error whose message carries markup. The
    sandbox cannot: its messages are fixed and it refuses odd characters in paths."""
    body = json.dumps({"error": {"status_code": 500, "message": SERVER_MESSAGE}}).encode()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # quiet
            pass

        def do_GET(self) -> None:
            self.send_response(500)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_POST = do_PUT = do_GET

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_server_message_with_markup_is_shown_as_text(
    make_desk, qtbot, store, secrets, marked_up_service
):
    from licensedesk.profiles import Profile

    store.save(
        Profile(
            name="Marked",
            base_url=marked_up_service,
            read_app_id="a",
            write_app_id="a",
            read_timeout=5.0,
            connect_timeout=2.0,
        )
    )
    secrets.set("Marked", "read", "sk_test_key")
    secrets.set("Marked", "write", "sk_test_key")
    desk = make_desk(profile="Marked")
    look_up(desk, qtbot, "ABCD-ABCD-ABCD-ABCD-ABCD")
    ws = desk.window.workspace
    banner = ws.banner
    assert banner.isVisible()
    assert SERVER_MESSAGE in banner.text(), banner.text()
    assert banner.message.textFormat() == Qt.TextFormat.PlainText
    assert shown(banner.message) == banner.text()
    message = ws.card.state.message
    assert ws.card.state.message_text() == banner.text()
    assert message.textFormat() == Qt.TextFormat.PlainText
    assert shown(message) == banner.text()
    selectable = Qt.TextInteractionFlag.TextSelectableByMouse
    assert message.textInteractionFlags() == selectable
    assert banner.message.textInteractionFlags() == selectable


def test_error_dialog_confirm_and_key_prompt_show_text_as_given(qtbot):
    from licensedesk.ui.profiles.key_prompt import KeyPromptDialog
    from licensedesk.ui.shared.confirm import ConfirmDialog
    from licensedesk.ui.shared.error_dialog import ErrorDialog

    dialog = ErrorDialog()
    qtbot.addWidget(dialog)
    dialog.show_error(f"Failed: {MARKUP}", "details", "/tmp/<b>logs</b>&/x.log")
    assert shown(dialog.sentence) == f"Failed: {MARKUP}"
    assert shown(dialog.log_label) == "The full log is in /tmp/<b>logs</b>&/x.log"
    dialog.close()

    confirm = ConfirmDialog(None, "Delete", f"Delete {MARKUP}?\n\n#1 a: b")
    qtbot.addWidget(confirm)
    head = next(lab for lab in confirm.findChildren(QLabel) if lab.text().startswith("Delete"))
    assert shown(head) == f"Delete {MARKUP}?"

    note = f"Keys are in memory.\n\nEnter the API key of \u201c{MARKUP}\u201d to use it now."
    prompt = KeyPromptDialog(None, MARKUP, {"read": "app-1"}, note)
    qtbot.addWidget(prompt)
    intro = prompt.findChild(QLabel, "keyPromptNote")
    assert shown(intro) == note


# -- support dialogs ------------------------------------------------------------------------


def test_validate_dialog_shows_the_licensee_as_typed(desk, qtbot):
    sb = desk.sandbox
    set_licence(sb, "perpetual", name=NAME, email=EMAIL)
    d = desk.validate.open(
        sb.serial("perpetual"), sb.product_code("perpetual"), host_id="", device_tag=""
    )
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    assert d.result_box.isVisible(), d.error_text()
    assert d.verdict_text() == "Valid"
    assert shown(d.verdict) == "Valid"  # our own markup still renders
    name, email = d.values["licensee_name"], d.values["licensee_email"]
    assert name.textFormat() == Qt.TextFormat.PlainText and shown(name) == NAME
    assert shown(email) == EMAIL
    assert name.textInteractionFlags() == Qt.TextInteractionFlag.TextSelectableByMouse


def test_registration_dialog_shows_licence_data_as_typed(desk, qtbot):
    sb = desk.sandbox
    set_licence(sb, "offline", name=NAME, email=EMAIL, sku_name=SKU_NAME)
    d = desk.registration.open(sb.serial("offline"))
    wait_done(desk, qtbot)
    assert d.is_form_open(), d.error_text()
    assert shown(d.info["licensee"]) == f"{NAME} <{EMAIL}>"
    assert shown(d.info["sku"]).startswith(f"{SKU_NAME} (")
    assert d.info["sku"].textFormat() == Qt.TextFormat.PlainText


@pytest.mark.parametrize("side", ["current", "upgrade"])
def test_upgrade_dialog_shows_both_licences_as_typed(desk, qtbot, side):
    sb = desk.sandbox
    kind = {"current": "upgrade_current", "upgrade": "upgrade_target"}[side]
    set_licence(sb, kind, name=NAME, email=EMAIL, sku_name=SKU_NAME, sku_upgrade="<b>SE</b>&1")
    d = desk.upgrade.open(sb.serial("upgrade_current"), sb.serial("upgrade_target"))
    click(qtbot, d.compare_button)
    wait_done(desk, qtbot)
    assert d.preview is not None, d.error_text()
    assert shown(d.cells[(side, "licensee")]) == f"{NAME} <{EMAIL}>"
    assert shown(d.cells[(side, "sku")]).startswith(f"{SKU_NAME} (")
    assert shown(d.cells[(side, "sku_upgrade")]) == "<b>SE</b>&1"
    assert "<b>SE</b>&1" in shown(d.match_label) or side == "current"


# -- the profiles dialog ----------------------------------------------------------------------

PROFILE = "Smith & Sons <b>x</b>"


def test_profiles_dialog_shows_names_and_addresses_as_typed(make_desk, qtbot, monkeypatch):
    from licensedesk.ui.shared.confirm import ConfirmDialog

    desk = make_desk()
    dialog = open_profiles_dialog(desk, qtbot)
    click(qtbot, dialog.add_button)
    fill_profile(dialog, qtbot, PROFILE, "https://licences.example.com", ("app", "sk_abcdefgh"))
    click(qtbot, dialog.save_button)
    assert PROFILE in desk.connections.names(), shown(dialog.message)
    assert [dialog.list.item(i).text() for i in range(dialog.list.count())] == [PROFILE]
    assert dialog.list.currentItem().text() == PROFILE

    # the same name again: the sentence names it as typed
    click(qtbot, dialog.add_button)
    fill_profile(dialog, qtbot, PROFILE, "https://licences.example.com", ("app", "sk_abcdefgh"))
    click(qtbot, dialog.save_button)
    expected = f"A profile named \u201c{PROFILE}\u201d exists already."
    assert shown(dialog.message) == expected
    assert dialog.message.textFormat() == Qt.TextFormat.PlainText

    # an address the profile refuses: the sentence quotes it as typed
    url = "ftp://licences.example.com/<b>v2</b>&x"
    fill_profile(dialog, qtbot, "Other", url, ("app", "sk_abcdefgh"))
    click(qtbot, dialog.save_button)
    assert url in shown(dialog.message), shown(dialog.message)

    # the plain-http warning names the host as typed
    fill_profile(dialog, qtbot, "Other", "http://<b>x</b>.example", ("app", "sk_abcdefgh"))
    assert dialog.http_warning.isVisible()
    assert shown(dialog.http_warning).startswith("\u26a0 http:// to <b>x< is not encrypted")
    assert dialog.http_warning.textFormat() == Qt.TextFormat.PlainText
    assert dialog.keys_note.textFormat() == Qt.TextFormat.PlainText

    # removed: the sentence names it as typed
    dialog.list.setCurrentItem(dialog.list.findItems(PROFILE, Qt.MatchFlag.MatchExactly)[0])

    async def yes(*_a, **_k):
        return True

    monkeypatch.setattr(ConfirmDialog, "ask", yes)
    click(qtbot, dialog.remove_button)
    qtbot.waitUntil(lambda: PROFILE not in desk.connections.names())
    assert shown(dialog.message) == f"Removed \u201c{PROFILE}\u201d."
    dialog.close()


@pytest.mark.parametrize("pair", ["read", "write"])
def test_connection_test_shows_the_service_message_as_text(
    make_desk, qtbot, store, secrets, marked_up_service, pair
):
    from licensedesk.profiles import Profile

    store.save(
        Profile(
            name=PROFILE,
            base_url=marked_up_service,
            read_app_id="a",
            write_app_id="a",
            read_timeout=5.0,
            connect_timeout=2.0,
        )
    )
    secrets.set(PROFILE, "read", "sk_test_key")
    secrets.set(PROFILE, "write", "sk_test_key")
    desk = make_desk(profile=PROFILE)
    dialog = open_profiles_dialog(desk, qtbot)
    assert dialog.name.text() == PROFILE
    box = dialog.read_box if pair == "read" else dialog.write_box
    click(qtbot, box.test_button)
    qtbot.waitUntil(lambda: box.result.text() not in ("", "Testing\u2026"))
    wait_idle(desk, qtbot)
    assert SERVER_MESSAGE in box.result.text(), box.result.text()
    assert shown(box.result) == box.result.text()
    assert box.result.textFormat() == Qt.TextFormat.PlainText
    dialog.close()
