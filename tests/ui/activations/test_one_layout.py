"""A new list of devices is laid out at once, not by the view's own timer after the first
paint: with 5,000 rows that later layout painted the whole table a second time (issue
#14's stall)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject

from licensedesk.api.models import Activation
from licensedesk.ui.activations.panel import ActivationsPanel


class PaintCount(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, obj, ev) -> bool:
        if ev.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def test_a_new_list_is_painted_once(qtbot):
    panel = ActivationsPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 400)
    count = PaintCount()
    panel.table.viewport().installEventFilter(count)
    panel.show()
    panel.show_activations([Activation(id=1, host_id="a" * 32)])
    qtbot.waitUntil(lambda: count.paints >= 1)
    count.paints = 0
    panel.show_activations([Activation(id=n + 1, host_id=f"{n:032x}") for n in range(5000)])
    qtbot.waitUntil(lambda: count.paints >= 1)
    qtbot.wait(100)  # not a synchronisation: a window in which a second paint would show
    assert count.paints == 1


def test_the_filter_box_keeps_its_place_through_a_lookup(qtbot):
    """The count beside it reads "" while a lookup runs and "3 devices" after: its new
    width moved and repainted the filter box twice a lookup."""
    panel = ActivationsPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 400)
    panel.show()
    qtbot.waitExposed(panel)
    panel.show_activations([Activation(id=n + 1, host_id=f"{n:032x}") for n in range(3)])
    qtbot.waitUntil(lambda: panel.count_label.text() != "")
    place = panel.filter.geometry()
    for step in (panel.empty, lambda: panel.show_activations(
            [Activation(id=n + 1, host_id=f"{n:032x}") for n in range(12345)])):
        step()
        panel.layout().activate()
        panel.state.content.layout().activate()
        assert panel.filter.geometry() == place
