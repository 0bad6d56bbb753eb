"""normalize_serial and the other input checks refuse bad input before sending."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from licensedesk.api.errors import InvalidInput
from licensedesk.api.serials import (
    SERIAL_RE,
    check_activation_id,
    check_email,
    check_host_id,
    check_product_code,
    normalize_serial,
)

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
groups = st.lists(st.text(ALNUM, min_size=4, max_size=4), min_size=5, max_size=5)


@given(
    groups=groups,
    data=st.data(),
)
def test_any_valid_serial_with_noise_normalises_back(groups, data):
    canonical = "-".join(groups)
    parts = []
    for i, group in enumerate(groups):
        chars = [c.lower() if data.draw(st.booleans()) else c for c in group]
        spaced = "".join(c + data.draw(st.sampled_from(["", "", " ", "\t"])) for c in chars)
        parts.append(spaced)
        if i < 4:
            parts.append(data.draw(st.sampled_from(["-", "", "–", " - ", "—", "\u2212"])))
    typed = data.draw(st.sampled_from(["", "  ", "\n"])) + "".join(parts) + " "
    assert normalize_serial(typed) == canonical


@given(st.text(max_size=40))
def test_result_is_always_canonical_or_refused(text):
    try:
        result = normalize_serial(text)
    except InvalidInput as exc:
        assert exc.field == "serial"
        assert exc.sentence
    else:
        assert SERIAL_RE.fullmatch(result)


@pytest.mark.parametrize(
    "garbage",
    [
        "",
        "   ",
        "ABCD-1234-EFGH-5678",  # four groups
        "ABCD-1234-EFGH-5678-IJKL-MNOP",  # six groups
        "ABCD1234EFGH5678IJK",  # 19 chars
        "ABCD1234EFGH5678IJKLM",  # 21 chars
        "A-BCD1234EFGH5678IJKL",  # hyphen inside a group
        "ABCD--1234-EFGH-5678-IJKL",  # doubled hyphen
        "ABCD-1234-EFGH-5678-IJK!",
        "../x",
        "ABCD/1234/EFGH/5678/IJKL",
        "ÄBCD-1234-EFGH-5678-IJKL",
        "ＡBCD-1234-EFGH-5678-IJKL",  # full-width letter
        "ABCD-1234-EFGH-5678-IJKL?x=1",
    ],
)
def test_garbage_is_refused(garbage):
    with pytest.raises(InvalidInput) as info:
        normalize_serial(garbage)
    assert info.value.field == "serial"
    assert "serial" in str(info.value).lower()


def test_non_string_refused():
    with pytest.raises(InvalidInput):
        normalize_serial(None)  # type: ignore[arg-type]


def test_product_code_shape():
    code = "123e4567-e89b-12d3-a456-426614174000"
    assert check_product_code(f" {code} ") == code
    for bad in ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", ""]:
        with pytest.raises(InvalidInput) as info:
            check_product_code(bad)
        assert info.value.field == "product_code"


def test_host_id_is_any_printable_text_up_to_255():
    """Other integrations send names and 16-character processor ids (DESIGN.md §2)."""
    for good in ["a" * 32, "server-backend", "BFEBFBFF000906EA", "x", "h" * 255, "rack 4 node"]:
        assert check_host_id(f" {good} ") == good
    for bad, words in [
        ("h" * 256, "at most 255 characters; this one has 256"),
        ("a\tb", "\u201ca\\x09b\u201d is not a host ID"),
        ("a\nb", "\u201ca\\x0ab\u201d is not a host ID"),
        ("a\u200bb", "\u201ca\\u200bb\u201d is not a host ID"),
        ("a\u00a0b", "is not a host ID"),
        ("", "Enter the host ID"),
        ("  ", "Enter the host ID"),
    ]:
        with pytest.raises(InvalidInput) as info:
            check_host_id(bad)
        assert info.value.field == "host_id" and words in info.value.sentence


def test_email_shape():
    assert check_email(" ann@example.org ") == "ann@example.org"
    for bad in ["ann", "ann@", "@example.org", "ann@example", "a b@example.org", "a@@b.org"]:
        with pytest.raises(InvalidInput) as info:
            check_email(bad)
        assert info.value.field == "email"


def test_activation_ids_positive_ints():
    assert check_activation_id(7) == 7
    assert check_activation_id("12") == 12
    for bad in [0, -1, True, "x", "1.5", 1.0, None, "٣"]:
        with pytest.raises(InvalidInput):
            check_activation_id(bad)  # type: ignore[arg-type]


def test_find_serials_in_any_text_in_order_each_once():
    from licensedesk.api.serials import find_serials

    text = (
        'serial,name\nLEWX-6XUC-N5G5-Q8F9-Q2R5,Maria\n"754j\u2013nw32-b3wb-blxs-rjrq",x\n'
        "ticket: please check abcd1234efgh5678ijkl and LEWX-6XUC-N5G5-Q8F9-Q2R5 again\n"
        "not serials: ABCDE-1234-EFGH-5678-IJKL, ABCD-1234, this line also says word five\n"
    )
    assert find_serials(text) == [
        "LEWX-6XUC-N5G5-Q8F9-Q2R5",
        "754J-NW32-B3WB-BLXS-RJRQ",
        "ABCD-1234-EFGH-5678-IJKL",
    ]
    assert find_serials("") == [] and find_serials("nothing here") == []


def test_a_refused_paste_is_echoed_short_and_on_one_line():
    text = "LEWX-6XUC-N5G5-Q8F9-Q2R5\nL89U-P6Z8-MZ6Z-MABG-Q3RR\n" + "x" * 5000
    with pytest.raises(InvalidInput) as e:
        normalize_serial(text)
    assert len(e.value.sentence) < 160 and "\n" not in e.value.sentence
    assert e.value.sentence.startswith("\u201cLEWX-6XUC-N5G5-Q8F9-Q2R5 L8")
