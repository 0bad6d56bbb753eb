"""Registration dialog: suitability check first; the offline licence is registered (card
refreshes, registered server-side, the dialog shows the licence as it now is and Register
waits for an edit); replacing a licensee is confirmed first; other licences are refused with
the form closed; a 401 on the registration itself names write permission, with redacted
details."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from licensedesk.ui.shared.confirm import ConfirmDialog

from ..helpers import click, look_up
from ..support_fixtures import (
    dialog_texts,
    double_click,
    revoke,
    server_read,
    use_pair_for_both,
    wait_done,
)

REGISTER_PATH = "/v2/register-products/"


def checked(desk, qtbot, serial):
    d = desk.registration.open(serial)  # the check starts at once
    assert d.objectName() == "registrationDialog" and d.isVisible()
    wait_done(desk, qtbot)
    return d


def fill(widget, text):
    widget.clear()
    QTest.keyClicks(widget, text)


def test_offline_licence_is_registered_and_the_card_refreshes(desk, qtbot, run):
    sb = desk.sandbox
    serial = sb.serial("offline")
    look_up(desk, qtbot, serial)
    card = desk.window.workspace.card
    assert card.labels["registered"].text() == "No"
    d = checked(desk, qtbot, serial)
    assert d.is_form_open(), d.error_text()
    assert "Suitable" in d.verdict.text()
    assert d.info["registered"].text() == "No"
    assert d.sku_input.text() == "SP-2024-EDU"  # prefilled from the licence
    fill(d.name_input, "Ada Lovelace")
    fill(d.email_input, "ada@example.org")
    click(qtbot, d.register_button)
    wait_done(desk, qtbot)
    assert d.outcome.text() == "Serial successfully registered.", d.error_text()
    qtbot.waitUntil(lambda: card.labels["registered"].text() == "Yes", timeout=5000)
    assert "Ada Lovelace" in card.labels["licensee"].text()
    assert "ada@example.org" in card.labels["licensee"].text()
    lic = server_read(run, sb, "show_license", serial)
    assert (lic.registered, lic.name, lic.email) == (True, "Ada Lovelace", "ada@example.org")


@pytest.mark.parametrize("kind", ["perpetual", "subscription_active", "trial"])
def test_other_licences_are_refused_and_the_form_stays_closed(desk, qtbot, kind):
    d = checked(desk, qtbot, desk.sandbox.serial(kind))
    assert not d.is_form_open()
    assert "Not suitable" in d.verdict.text()
    assert "offline distribution" in d.verdict.text()
    assert not d.register_button.isEnabled()
    assert d.submit() is False
    assert desk.sandbox.request_count("PUT", REGISTER_PATH) == 0


def test_email_is_checked_and_double_click_sends_once(desk, qtbot, run):
    sb = desk.sandbox
    d = checked(desk, qtbot, sb.serial("offline"))
    fill(d.name_input, "Ada")
    fill(d.email_input, "not-an-address")
    click(qtbot, d.register_button)
    assert d.email_hint.isVisible() and "e-mail" in d.email_hint.text()
    assert not d.name_hint.isVisible()
    assert sb.request_count("PUT", REGISTER_PATH) == 0
    fill(d.email_input, "ada@example.org")
    sb.set_latency(150)
    double_click(d.register_button)
    wait_done(desk, qtbot)
    assert sb.request_count("PUT", REGISTER_PATH) == 1
    assert "registered" in d.outcome.text()


def test_service_refusal_is_shown_and_the_dialog_stays_usable(desk, qtbot):
    sb = desk.sandbox
    d = checked(desk, qtbot, sb.serial("offline"))
    fill(d.name_input, "Ada")
    fill(d.email_input, "ada@example.org")
    fill(d.sku_input, "SP-2024-PERP")  # not this licence's SKU
    click(qtbot, d.register_button)
    wait_done(desk, qtbot)
    assert "refused the request" in d.error_text() and "sku_number" in d.error_text()
    assert d.register_button.isEnabled()


def test_opened_by_shortcut_with_the_workspace_serial(desk, qtbot):
    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("offline"))
    desk.window.activateWindow()
    QTest.keyClick(
        desk.window,
        Qt.Key.Key_R,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    qtbot.waitUntil(
        lambda: desk.registration.dialog is not None and desk.registration.dialog.isVisible(),
        timeout=2000,
    )
    d = desk.registration.dialog
    wait_done(desk, qtbot)
    assert d.serial_input.text() == sb.serial("offline") and d.is_form_open()


def test_refused_credentials_on_register_name_write_permission(desk, qtbot, run, store, secrets):
    sb = desk.sandbox
    serial = sb.serial("offline")
    # a profile whose pairs (write pair included) hold a read-only key: enough for the
    # check, which is a read; the registration then gets the spec's 401
    key = use_pair_for_both(desk, store, secrets, "read")
    d = checked(desk, qtbot, serial)
    assert d.is_form_open(), d.error_text()
    fill(d.name_input, "Ada")
    fill(d.email_input, "ada@example.org")
    revoke(sb, sb.creds("read")[0])  # the sandbox allows a read key to register: take it away
    click(qtbot, d.register_button)
    wait_done(desk, qtbot)
    assert sb.request_count("PUT", REGISTER_PATH) == 1
    assert "may lack write permission" in d.error_text()
    assert "read pair" in d.error_text()  # the pair this call uses (spec §5)
    assert not d.outcome.isVisible()
    # Details: the status and the service's own message, never the key
    click(qtbot, d.banner.details_button)
    details = d.banner.details.toPlainText()
    assert d.banner.details.isVisible()
    assert "401" in details and "You are not authorized" in details
    assert key not in dialog_texts(d)
    assert key not in details
    # still usable: the form is open and Register can be pressed again
    assert d.is_form_open() and d.register_button.isEnabled()
    assert d.check_button.isEnabled()
    lic = server_read(run, sb, "show_license", serial)
    assert lic.registered is False and lic.name != "Ada"


def register_in(desk, qtbot, d, name, email):
    fill(d.name_input, name)
    fill(d.email_input, email)
    click(qtbot, d.register_button)
    wait_done(desk, qtbot)


def test_after_registering_the_dialog_shows_the_new_state_and_register_waits(desk, qtbot):
    sb = desk.sandbox
    d = checked(desk, qtbot, sb.serial("offline"))
    assert (d.info["licensee"].text(), d.info["registered"].text()) == ("\u2014", "No")
    register_in(desk, qtbot, d, "Ada Lovelace", "ada@example.org")
    assert d.outcome.text() == "Serial successfully registered.", d.error_text()
    # the licence as the service now holds it (read again), not as it was before
    assert d.info["licensee"].text() == "Ada Lovelace <ada@example.org>"
    assert d.info["registered"].text() == "Yes"
    assert not d.register_button.isEnabled()  # a second click cannot overwrite silently
    assert d.registered_note.isVisible()
    assert "Registered to Ada Lovelace <ada@example.org>" in d.registered_note.text()
    fill(d.name_input, "Ada King")  # an edit makes another registration possible again
    assert d.register_button.isEnabled()
    fill(d.name_input, "Ada Lovelace")  # ... and undoing it takes that back
    assert not d.register_button.isEnabled()
    assert sb.request_count("PUT", REGISTER_PATH) == 1


def confirm_dialog(d, qtbot) -> ConfirmDialog:
    qtbot.waitUntil(
        lambda: d.findChild(ConfirmDialog) is not None and d.findChild(ConfirmDialog).isVisible(),
        timeout=2000,
    )
    return d.findChild(ConfirmDialog)


def test_replacing_a_licensee_is_confirmed_first(desk, qtbot, run):
    sb = desk.sandbox
    serial = sb.serial("offline")
    server_read(run, sb, "register", serial, "Ada Lovelace", "ada@example.org")
    d = checked(desk, qtbot, serial)
    assert d.info["registered"].text() == "Yes"
    assert d.name_input.text() == "Ada Lovelace"
    assert not d.register_button.isEnabled()  # the form holds the licensee: nothing to send
    fill(d.name_input, "Grace Hopper")
    fill(d.email_input, "grace@example.org")
    click(qtbot, d.register_button)
    ask = confirm_dialog(d, qtbot)
    text = " ".join(label.text() for label in ask.findChildren(QLabel))
    assert "registered to Ada Lovelace <ada@example.org>" in text
    assert "replaces that licensee with Grace Hopper <grace@example.org>" in text
    click(qtbot, ask.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel))
    wait_done(desk, qtbot)
    assert sb.request_count("PUT", REGISTER_PATH) == 1  # only the one made above
    assert server_read(run, sb, "show_license", serial).name == "Ada Lovelace"
    click(qtbot, d.register_button)  # now on purpose
    ask = confirm_dialog(d, qtbot)
    click(qtbot, ask.accept_button)
    wait_done(desk, qtbot)
    assert sb.request_count("PUT", REGISTER_PATH) == 2
    assert d.info["licensee"].text() == "Grace Hopper <grace@example.org>"
    assert not d.register_button.isEnabled()
    assert server_read(run, sb, "show_license", serial).name == "Grace Hopper"


def test_a_failed_read_after_registering_shows_what_was_sent(desk, qtbot):
    sb = desk.sandbox
    d = checked(desk, qtbot, sb.serial("offline"))
    sb.faults.add("not_json", path=REGISTER_PATH, method="GET")  # the read again fails
    register_in(desk, qtbot, d, "Ada Lovelace", "ada@example.org")
    assert sb.request_count("PUT", REGISTER_PATH) == 1  # sent once, not again
    assert "Serial successfully registered." in d.outcome.text()
    assert "could not be read again" in d.outcome.text()
    assert d.info["licensee"].text() == "Ada Lovelace <ada@example.org>"
    assert d.info["registered"].text() == "Yes"
    assert not d.register_button.isEnabled()
    assert d.error_text() == ""


def test_the_e_mail_message_sits_under_the_e_mail_field(desk, qtbot):
    """Between the e-mail field and the SKU number, whole, not under "SKU number"."""
    d = checked(desk, qtbot, desk.sandbox.serial("offline"))
    fill(d.name_input, "Ada")
    fill(d.email_input, "not-an-address")
    click(qtbot, d.register_button)
    qtbot.waitUntil(d.email_hint.isVisible, timeout=2000)
    hint, email, sku = (w.geometry() for w in (d.email_hint, d.email_input, d.sku_input))
    assert email.bottom() <= hint.top() and hint.bottom() <= sku.top()
    assert hint.left() == email.left()  # in the field's column
    assert d.email_hint.heightForWidth(d.email_hint.width()) <= d.email_hint.height()
