"""The seats' dialogs by keyboard only: Tab goes from the list to the buttons as placed,
and every stop has a name a screen reader says."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from licensedesk.ui.activations.free_seat_choice import Candidate
from licensedesk.ui.activations.free_seat_dialog import FreeSeatDialog
from licensedesk.ui.seats.window import FullSeatsWindow

from ..helpers import placed, shown, tab_names


@dataclass(frozen=True)
class A:
    id: int
    host_id: str
    device_tag: str = "Linux__64bits"
    product_name: str = "Studio"
    updated_at: datetime | None = datetime(2026, 1, 2, 12, tzinfo=UTC)


def test_free_a_seat_goes_list_then_buttons(qtbot):
    rows = [Candidate(A(1, "a" * 32), False), Candidate(A(2, "b" * 32), True)]
    dialog = shown(qtbot, FreeSeatDialog(None, "ABCD-1234-EFGH-5678-IJKL", "Full.", rows, {1}))
    order = [*placed(dialog), "freeSeatDevices"]
    assert "freeSeatDeleteButton" in order and "freeSeatDeactivateButton" in order
    assert tab_names(dialog.table, len(order)) == order


def test_the_full_seats_view_goes_list_then_buttons(qtbot):
    view = shown(qtbot, FullSeatsWindow())
    view.show_rows([])
    order = [*placed(view), "fullSeatsTable"]
    assert "fullSeatsOpenButton" not in order  # nothing to open
    assert tab_names(view.table, len(order)) == order
