"""``licensedesk [SERIAL | licensedesk://lookup/SERIAL]``: the argument the desktop file's
``Exec=licensedesk %U`` hands over (refused with exit 2 before issue #15)."""

from __future__ import annotations

import pytest

from licensedesk.__main__ import parse_args, serial_in_link

SERIAL = "L89U-P6Z8-MZ6Z-MABG-Q3RR"


@pytest.mark.parametrize(
    ("given", "serial"),
    [
        (f"licensedesk://lookup/{SERIAL}", SERIAL),
        (f"LicenseDesk://Lookup/{SERIAL}/", SERIAL),  # a desktop may change the case, add a /
        (f"licensedesk://lookup/{SERIAL}?from=ticket#top", SERIAL),
        ("licensedesk://lookup/L89U%2DP6Z8%2DMZ6Z%2DMABG%2DQ3RR", SERIAL),
        ("licensedesk://lookup/l89u p6z8", "l89u p6z8"),  # the serial box normalises or hints
        (SERIAL, SERIAL),
        ("licensedesk://other/thing", "licensedesk://other/thing"),  # as pasted: the box says
    ],
)
def test_the_serial_of_a_link_or_the_text_itself(given, serial):
    assert serial_in_link(given) == serial
    assert parse_args([given]).target == serial


def test_no_target_and_options_around_it():
    assert parse_args([]).target is None
    args = parse_args(["--demo", f"licensedesk://lookup/{SERIAL}", "--profile", "work"])
    assert (args.demo, args.profile, args.target) == (True, "work", SERIAL)


def test_one_target_only(capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args([SERIAL, SERIAL])
    assert stop.value.code == 2
    assert "unrecognized arguments" in capsys.readouterr().err
