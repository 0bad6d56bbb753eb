"""The row above the device list keeps its place through a lookup, and its counts are
written as the locale writes numbers ("12,345 devices")."""

from __future__ import annotations

import pytest

from licensedesk.api.models import Activation
from licensedesk.ui.activations.panel import ActivationsPanel


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
    for step in (
        panel.empty,
        lambda: panel.show_activations(
            [Activation(id=n + 1, host_id=f"{n:032x}") for n in range(12345)]
        ),
    ):
        step()
        panel.layout().activate()
        panel.state.content.layout().activate()
        assert panel.filter.geometry() == place


@pytest.mark.parametrize(
    ("locale", "count"), [("en_US", "12,345 devices"), ("de_DE", "12.345 devices")]
)
def test_the_count_is_written_as_the_locale_writes_numbers(qtbot, locale_named, locale, count):
    locale_named(locale)
    panel = ActivationsPanel()
    qtbot.addWidget(panel)
    panel.show_activations([Activation(id=n + 1, host_id=f"{n:032x}") for n in range(12345)])
    assert panel.count_label.text() == count
    panel.filter.setText("0" * 31)  # the first 16 hosts
    assert panel.count_label.text() == "16 of " + count.removesuffix(" devices")


def test_a_bulk_summary_writes_its_counts_as_the_locale_does(locale_named):
    from licensedesk.ui.activations.controller import BulkResult

    locale_named("en_US")
    result = BulkResult(
        "deactivate",
        total=5000,
        succeeded=list(range(1200)),
        failed=[],
        cancelled=True,
        skipped=list(range(1500)),
    )
    assert result.summary() == (
        "1,200 of 5,000 deactivated; 1,500 were already off; cancelled, 3,800 not attempted."
    )
