"""The batch window in German: a filter change says "2 von 4" in the catalogue's words
(a broken plural in de.po once raised at every filter change and read "s")."""

from __future__ import annotations

from .steps import check_text, choose_filter, unknown


def test_a_filter_change_counts_the_rows_shown_in_german(german, desk, qtbot):
    sandbox = desk.sandbox
    serials = [sandbox.serial("perpetual"), sandbox.serial("trial"), unknown(1), unknown(2)]
    window = check_text(desk, qtbot, "\n".join(serials))
    assert window.shown_label.text() == "4 Zeilen"

    choose_filter(window, "not_found")

    assert window.shown_label.text() == "2 von 4"
