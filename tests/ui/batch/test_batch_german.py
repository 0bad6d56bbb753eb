"""The batch window in German: a filter change says "2 von 4" in the catalogue's words
(a broken plural in de.po once raised at every filter change and read "s")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale

from licensedesk import i18n

from .steps import check_text, choose_filter, unknown


@pytest.fixture
def german():
    before = QLocale()
    assert i18n.use_language("de") == "de", "the German catalogue is not compiled"
    QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
    yield
    i18n.use_language("en")
    QLocale.setDefault(before)


def test_a_filter_change_counts_the_rows_shown_in_german(german, desk, qtbot):
    sandbox = desk.sandbox
    serials = [sandbox.serial("perpetual"), sandbox.serial("trial"), unknown(1), unknown(2)]
    window = check_text(desk, qtbot, "\n".join(serials))
    assert window.shown_label.text() == "4 Zeilen"

    choose_filter(window, "not_found")

    assert window.shown_label.text() == "2 von 4"
