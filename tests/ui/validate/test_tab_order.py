"""Validate dialog by keyboard only (issue #15): Tab goes serial, product, what to record,
host ID and device tag (when a host is recorded), the error banner, the buttons; every
stop has a name a screen reader says; the result's values say their field."""

from __future__ import annotations

import pytest

from licensedesk.api.models import ValidationResult
from licensedesk.ui.shared.tasks import Failure
from licensedesk.ui.validate.dialog import ValidateDialog
from licensedesk.ui.validate.host_choice import TYPED

from ..helpers import accessible_name, placed, shown, tab_names

SERIAL = "ABCD-1234-EFGH-5678-IJKL"
CODE = "cc9afeec-d424-4363-af33-8b03fedf5171"


@pytest.fixture
def dialog(qtbot):
    d = ValidateDialog()
    d.prefill(SERIAL, CODE)
    return shown(qtbot, d)


def test_checking_only_skips_the_host_fields(dialog):
    assert not dialog.host_input.isEnabled()
    order = ["validateProduct", "validateRecord", *placed(dialog), "validateSerial"]
    assert "validateButton" in order
    assert tab_names(dialog.serial_input, len(order)) == order


def test_recording_a_typed_host_reaches_its_fields(dialog):
    dialog.host_choice.setCurrentIndex(dialog.host_choice.count() - 1)  # as a person picks it
    assert dialog.host_choice.kind() == TYPED
    order = [
        "validateProduct",
        "validateRecord",
        "validateHostId",
        "validateDeviceTag",
        *placed(dialog),
        "validateSerial",
    ]
    assert tab_names(dialog.serial_input, len(order)) == order


def test_an_error_banner_is_reached_before_the_buttons(dialog):
    dialog.show_failure(Failure("The serial was not found.", "HTTP 404"))
    order = [
        "validateProduct",
        "validateRecord",
        "errorBannerDetailsButton",
        "errorBannerCopyButton",
        "errorBannerCloseButton",
        *placed(dialog),
        "validateSerial",
    ]
    assert tab_names(dialog.serial_input, len(order)) == order


def test_result_values_say_their_field_and_are_no_tab_stops(dialog):
    result = ValidationResult.from_wire(
        {"message": "valid", "licensee_name": "ACME GmbH", "product_code": CODE}
    )
    dialog.show_result(result, "The licence is valid.")
    assert accessible_name(dialog.values["licensee_name"]) == "Licensee: ACME GmbH"
    assert accessible_name(dialog.verdict) == "Valid"  # the word, not its markup
    order = ["validateProduct", "validateRecord", *placed(dialog), "validateSerial"]
    assert tab_names(dialog.serial_input, len(order)) == order
    # Qt on Linux gives a combo box its current text as the name (the row's label names it
    # through a relation), so the name set is read from the widget
    assert dialog.product_input.accessibleName() == "Product code"
    assert dialog.host_choice.accessibleName() == "Record on the licence"
