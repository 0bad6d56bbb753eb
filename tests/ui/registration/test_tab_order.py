"""Registration dialog by keyboard only (issue #15): Tab goes serial, Check, the form, the
error banner, the buttons; every stop has a name a screen reader says; data labels are no
tab stops but say their field with their value."""

from __future__ import annotations

import pytest

from licensedesk.api.models import License
from licensedesk.ui.registration.dialog import RegistrationDialog
from licensedesk.ui.shared.tasks import Failure

from ..helpers import accessible_name, placed, shown, tab_names

SERIAL = "ABCD-1234-EFGH-5678-IJKL"


@pytest.fixture
def dialog(qtbot):
    return shown(qtbot, RegistrationDialog())


def offline_licence(**extra) -> License:
    return License.from_wire(
        {
            "id": 4,
            "serial": SERIAL,
            "type": "perpetual",
            "sku_name": "Studio",
            "sku_number": "SP-1",
            **extra,
        }
    )


def test_tab_reaches_serial_check_and_buttons_first(dialog):
    order = ["registrationCheckButton", *placed(dialog), "registrationSerial"]
    assert "registerButton" not in order  # disabled until a suitable licence is shown
    assert tab_names(dialog.serial_input, len(order)) == order


def test_tab_goes_through_the_form_once_the_licence_is_suitable(dialog):
    dialog.prefill(SERIAL)
    dialog.show_check(SERIAL, offline_licence())
    assert dialog.is_form_open()
    order = [
        "registrationCheckButton",
        "registrationName",
        "registrationEmail",
        "registrationSku",
        *placed(dialog),
        "registrationSerial",
    ]
    assert "registerButton" in order
    assert tab_names(dialog.serial_input, len(order)) == order


def test_an_error_banner_is_reached_before_the_buttons(dialog):
    dialog.prefill(SERIAL)
    dialog.show_failure(Failure("The service refused the request.", "HTTP 422"))
    order = [
        "registrationCheckButton",
        "errorBannerDetailsButton",
        "errorBannerCopyButton",
        "errorBannerCloseButton",
        *placed(dialog),
        "registrationSerial",
    ]
    assert tab_names(dialog.serial_input, len(order)) == order


def test_licence_labels_say_their_field_and_value(dialog):
    dialog.prefill(SERIAL)
    dialog.show_check(
        SERIAL, offline_licence(name="Ada Lovelace", email="ada@example.org", registered=True)
    )
    licensee = dialog.info["licensee"]
    assert accessible_name(licensee) == "Licensee: Ada Lovelace <ada@example.org>"
    assert accessible_name(dialog.info["registered"]) == "Registered: Yes"
    assert accessible_name(dialog.name_input) == "Licensee's name"
    assert accessible_name(dialog.serial_input) == "Serial"
