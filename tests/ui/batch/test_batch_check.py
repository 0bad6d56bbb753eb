"""A batch check through the window against the sandbox: a mixed paste gives one row per
serial in input order with the right words; a product is validated without recording
a host; a read-only key gives seats without their maximum, and no error."""

from __future__ import annotations

from licensedesk.ui.batch.model import (
    COL_DAYS,
    COL_EMAIL,
    COL_FOUND,
    COL_LICENSEE,
    COL_SEATS,
    COL_SERIAL,
    COL_STATUS,
    COL_TYPE,
)

from ..helpers import data_licence
from ..support_fixtures import server_read
from .steps import KINDS, WORDS, check, check_text, column, open_batch, paste, unknown


def spaced_lower(serial: str) -> str:
    """``lewx 6xuc n5g5 q8f9 q2r5``: how a serial read out over the phone gets typed."""
    return " ".join(serial.lower().split("-"))


def test_a_mixed_paste_gives_one_row_per_serial_in_input_order(desk, qtbot):
    sandbox = desk.sandbox
    serials = [sandbox.serial(k) for k in KINDS]
    lines = [
        "Serials from ticket 4411",
        spaced_lower(serials[0]),
        *serials[1:],
        unknown(1),
        "ABCD-1234-EFGH-5678-IJK",  # a group short: not a serial
        serials[0],
        f"{serials[4]}, {serials[4].lower()}",
    ]  # three repeats
    window = open_batch(desk, qtbot)
    paste(window, qtbot, "\n".join(lines))
    qtbot.waitUntil(lambda: window.count_label.text().startswith("14"), timeout=2000)
    assert window.count_label.text() == "14 serials, 3 duplicates dropped, 1 not a serial"

    check(window, qtbot)
    assert not window.check_button.isEnabled()  # no second batch over this one
    qtbot.waitUntil(
        lambda: not desk.batch.controller.is_running() and not window.is_running(), timeout=15000
    )

    assert column(window, COL_SERIAL) == [*serials, unknown(1), "ABCD-1234-EFGH-5678-IJK"]
    expected = [WORDS.get(k, "active") for k in KINDS] + ["not found", "not a serial"]
    assert column(window, COL_STATUS) == expected
    assert window.check_button.isEnabled()
    assert not window.banner.isVisible()
    assert window.status_label.text() == (
        "Checked 14 serials: 10 active, 1 expiring soon, 1 expired, 1 not started, 1 not found."
    )
    lic = data_licence(sandbox, "perpetual")
    first = [
        window.table.model().index(0, c).data()
        for c in (COL_FOUND, COL_TYPE, COL_LICENSEE, COL_EMAIL, COL_DAYS, COL_SEATS)
    ]
    assert first == [
        "Yes",
        "perpetual",
        lic["name"],
        lic["email"],
        "",
        "Studio Pro 2/3; Studio Pro Effects Pack 0/3",
    ]
    unknown_row = [window.table.model().index(13, c).data() for c in (COL_FOUND, COL_SEATS)]
    assert unknown_row == ["No", ""]
    # the malformed one was never sent
    assert sandbox.request_count("GET", "/v2/licenses/show-license") == 14


def test_a_product_is_validated_and_no_host_is_recorded(desk, qtbot, run):
    sandbox = desk.sandbox
    kinds = ("perpetual", "trial", "subscription_expired", "host_limit")
    serials = [sandbox.serial(k) for k in kinds]
    before = {s: len(server_read(run, sandbox, "activations", s)) for s in serials}
    window = open_batch(desk, qtbot)
    window.product_input.setText(sandbox.product_code("perpetual"))
    paste(window, qtbot, "\n".join(serials))
    check(window, qtbot)
    qtbot.waitUntil(lambda: not window.is_running(), timeout=15000)

    words = column(window, COL_STATUS)
    assert words[0] == "active"
    assert words[1] == words[3] == "invalid for product: The licence does not cover this product."
    assert words[2] == "expired 35 days ago"  # expired stays expired; the reason says more
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 4
    after = {s: len(server_read(run, sandbox, "activations", s)) for s in serials}
    assert after == before


def test_a_malformed_product_code_is_refused_before_anything_is_sent(desk, qtbot):
    window = open_batch(desk, qtbot)
    window.product_input.setText("Studio Pro")
    paste(window, qtbot, desk.sandbox.serial("perpetual"))
    check(window, qtbot)
    assert window.product_hint.isVisible()
    assert "product code looks like" in window.product_hint.text()
    assert not desk.batch.controller.is_running()
    assert desk.sandbox.request_count() == 0


def test_a_read_only_key_gives_seats_without_their_maximum_and_no_error(reseller, qtbot):
    sandbox = reseller.sandbox
    window = check_text(
        reseller,
        qtbot,
        "\n".join(
            sandbox.serial(k) for k in ("perpetual", "no_activations", "subscription_expired")
        ),
    )
    assert column(window, COL_STATUS) == ["active", "active", "expired 35 days ago"]
    assert column(window, COL_SEATS) == [
        "Studio Pro 2/?; Studio Pro Effects Pack 0/?",
        "",
        "Studio Pro 1/?",
    ]
    assert not window.banner.isVisible()
    assert window.model.counts().get("error", 0) == 0
    assert sandbox.request_count("POST", "/v2/licenses/products") == 0
