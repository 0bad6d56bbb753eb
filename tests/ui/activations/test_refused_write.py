"""A change the service refuses, as the window says it: the client's sentence of what was
refused and, for a key, where the window fixes it (its menu, never the command line's
command); a 403 in the service's own words is a refusal of the request, not of the key."""

from __future__ import annotations

from PySide6.QtCore import Qt

from licensedesk.ui.activations.model import COL_ACTIVATED

from ..helpers import activations_table, look_up, wait_idle
from ..support_fixtures import use_pair_for_both

NO_FREE_LICENSES = (
    "You do not have any free licenses for this sku. Please generate new licenses for this sku!"
)


def toggle_first(desk, qtbot) -> Qt.CheckState:
    """Switch the first device on or off as a person would; returns its state before."""
    table = activations_table(desk)
    index = table.model().index(0, COL_ACTIVATED)
    before = index.data(Qt.ItemDataRole.CheckStateRole)
    wanted = Qt.CheckState.Unchecked if before == Qt.CheckState.Checked else Qt.CheckState.Checked
    table.model().setData(index, wanted.value, Qt.ItemDataRole.CheckStateRole)
    wait_idle(desk, qtbot)
    return before


def test_a_refused_write_with_a_read_only_key_names_the_window_menu(desk, qtbot, store, secrets):
    use_pair_for_both(desk, store, secrets, "read")  # both pairs hold a read-only key
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    toggle_first(desk, qtbot)
    banner = desk.window.workspace.banner
    assert banner.isVisible()
    assert banner.text().endswith(
        "The service refused the credentials for this change: the API key may lack write "
        "permission, or the app ID or key is wrong. Check the write pair's app ID and API "
        "key under File \u2192 Connection profiles."
    ), banner.text()
    assert "licensedesk-cli" not in banner.text()


def test_the_documented_403_is_shown_in_the_services_words(desk, qtbot):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    sandbox.faults.add("no_free_licenses", path="/v2/activations/", method="PUT")
    before = toggle_first(desk, qtbot)
    banner = desk.window.workspace.banner
    assert banner.isVisible()
    assert banner.text().endswith(f"The licence service refused the request: {NO_FREE_LICENSES}"), (
        banner.text()
    )
    assert "app ID" not in banner.text() and "Connection profiles" not in banner.text()
    index = activations_table(desk).model().index(0, COL_ACTIVATED)
    assert index.data(Qt.ItemDataRole.CheckStateRole) == before
    # not taken for a refusal of the key: changes are still offered
    assert desk.connections.can_write(desk.connections.current)


def test_toggle_failure_is_reported(desk, qtbot):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    sandbox.faults.add("http500_html", path="/v2/activations/", method="PUT")
    before = toggle_first(desk, qtbot)
    assert desk.window.workspace.banner.isVisible()
    assert "0 of 1" in desk.window.workspace.banner.text()
    index = activations_table(desk).model().index(0, COL_ACTIVATED)
    assert index.data(Qt.ItemDataRole.CheckStateRole) == before
