"""The upgrade preview's reading of sku_upgrade: one plain SKU matches or not; a list of
several, or a form it cannot read, is left to the service (which decides in every case)."""

from __future__ import annotations

import pytest

from licensedesk.ui.upgrade.fit import DECIDES, DIFFERS, MATCHES, fit_sentence, upgrade_fit


@pytest.mark.parametrize(
    ("wanted", "have", "fit"),
    [
        ("SE-2023-PERP", "SE-2023-PERP", MATCHES),
        (" se-2023-perp ", "SE-2023-PERP", MATCHES),
        ("SC-2019-PERP", "SE-2023-PERP", DIFFERS),
        ("SE-2023-PERP,SC-2019-PERP", "SE-2023-PERP", DECIDES),
        ("SE-2023-PERP; SC-2019-PERP", "XX", DECIDES),
        ('["SE-2023-PERP", "SC-2019-PERP"]', "SE-2023-PERP", DECIDES),
        ("{any: thing}", "SE-2023-PERP", DECIDES),
        ("", "SE-2023-PERP", DECIDES),
        (None, "SE-2023-PERP", DECIDES),
    ],
)
def test_upgrade_fit(wanted, have, fit):
    assert upgrade_fit(wanted, have) == fit


def test_no_reading_says_the_service_refuses():
    for fit in (MATCHES, DIFFERS, DECIDES):
        text, _tone = fit_sentence(fit, "A,B", "C")
        assert "refuse this" not in text and "most likely" not in text
    assert "will decide" in fit_sentence(DECIDES, "A,B", "C")[0]
    assert fit_sentence(DIFFERS, "A", "C")[1] == "bad"
