"""Upgrade dialog by keyboard only (issue #15): Tab goes both serials, Compare, the
confirmation, the error banner, "Register the new licence…", the buttons; every stop has
a name a screen reader says; the comparison's cells are no tab stops but say their field,
their licence and their value."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest

from licensedesk.api.models import Activation, License
from licensedesk.ui.shared.tasks import Failure
from licensedesk.ui.upgrade.controller import Preview, Side
from licensedesk.ui.upgrade.dialog import UpgradeDialog

from ..helpers import accessible_name, placed, shown, tab_names

CURRENT = "AAAA-1111-BBBB-2222-CCCC"
UPGRADE = "DDDD-3333-EEEE-4444-FFFF"


@pytest.fixture
def dialog(qtbot):
    return shown(qtbot, UpgradeDialog())


def licence(serial: str, **extra) -> License:
    return License.from_wire(
        {
            "id": 1 if serial == CURRENT else 2,
            "serial": serial,
            "sku_name": "Studio",
            "sku_number": "SP-1",
            **extra,
        }
    )


def compared(d) -> None:
    """Both serials typed and compared, as the controller answers a Compare."""
    d.prefill(CURRENT, UPGRADE)
    act = Activation.from_wire({"id": 9, "activated": True, "host_id": "H" * 32})
    d.show_preview(
        Preview(
            Side(CURRENT, licence(CURRENT, name="ACME GmbH"), [act]),
            Side(UPGRADE, licence(UPGRADE, sku_upgrade="SP-1"), []),
        )
    )


def test_tab_reaches_the_serials_compare_and_close(dialog):
    order = ["upgradeTargetSerial", "upgradeCompareButton", *placed(dialog), "upgradeCurrentSerial"]
    assert "upgradeButton" not in order  # disabled until compared and confirmed
    assert tab_names(dialog.current_input, len(order)) == order


def test_after_compare_tab_reaches_the_confirmation_then_upgrade(dialog):
    compared(dialog)
    assert dialog.confirm_row.isVisible()
    QTest.keyClicks(dialog.confirm_input, CURRENT)
    order = [
        "upgradeTargetSerial",
        "upgradeCompareButton",
        "upgradeConfirm",
        *placed(dialog),
        "upgradeCurrentSerial",
    ]
    assert "upgradeButton" in order
    assert tab_names(dialog.current_input, len(order)) == order


def test_after_the_upgrade_tab_reaches_the_registration_offer(dialog):
    compared(dialog)
    dialog.show_failure(Failure("The licence service could not be reached.", "timeout"))
    dialog.show_upgraded("", UPGRADE, licence(UPGRADE))  # no licensee: asks the service
    dialog.next_box.set_registrable(UPGRADE, True)  # which says it can be registered
    assert dialog.register_new_button.isVisible()
    order = [
        "upgradeTargetSerial",
        "upgradeCompareButton",
        "errorBannerDetailsButton",
        "errorBannerCopyButton",
        "errorBannerCloseButton",
        "upgradeRegisterNewButton",
        *placed(dialog),
        "upgradeCurrentSerial",
    ]
    assert tab_names(dialog.current_input, len(order)) == order


def test_comparison_cells_say_field_licence_and_value(dialog):
    compared(dialog)
    assert (
        accessible_name(dialog.cells[("current", "licensee")])
        == "Licensee of the current licence: ACME GmbH"
    )
    assert (
        accessible_name(dialog.cells[("upgrade", "sku_upgrade")])
        == "Upgrades from SKU of the upgrade licence: SP-1"
    )
    assert accessible_name(dialog.confirm_input) == "Type the current serial to confirm"
    assert accessible_name(dialog.compare_button) == "Compare both licences"
