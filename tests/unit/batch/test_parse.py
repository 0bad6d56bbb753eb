"""parse_serials: serials in any text, normalised, each once; attempts listed, never sent."""

from __future__ import annotations

import pytest

from licensedesk.batch.parse import ParsedInput, looks_like_serial, parse_serials

A = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
B = "754J-NW32-B3WB-BLXS-RJRQ"
C = "M4GW-28XU-JXW7-GKU8-DG84"


def test_one_per_line_with_blank_lines_and_spaces():
    parsed = parse_serials(f"\n  {A}  \n\n{B}\r\n\t{C}\n")
    assert parsed == ParsedInput((A, B, C), 0, ())


def test_commas_semicolons_tabs_and_pipes():
    assert parse_serials(f"{A},{B};{C}").serials == (A, B, C)
    assert parse_serials(f"{A}\t{B} | {C}").serials == (A, B, C)


def test_csv_column_with_header_and_quotes():
    text = (
        "customer,serial,seats,sku,product code\n"
        f'"Jensen, Maria","{A}",3,SP-2024-PERP,b88560fe-6270-42fe-a230-3171fded5a0b\n'
        f"Chen Wei,{B.lower()},1,SP-2024-EDU,cc9afeec-d424-4363-af33-8b03fedf5171\n"
    )
    parsed = parse_serials(text)
    assert parsed.serials == (A, B)
    assert parsed.not_serials == ()  # header words, names, SKUs, product codes: silent


def test_mixed_with_other_words():
    text = f"Hi, please check Serial: {A} (Maria) and serial:{B}. Thanks! Order ORD-2024-000123"
    parsed = parse_serials(text)
    assert parsed.serials == (A, B)
    assert parsed.not_serials == ()


@pytest.mark.parametrize(
    "typed",
    [
        A.lower(),
        A.replace("-", ""),
        A.lower().replace("-", ""),
        A.replace("-", " "),  # whole cell: groups with spaces, as the serial box reads it
        A.lower().replace("-", " "),
        A.replace("-", "\u2013"),  # en dash from a document
        A.replace("-", "_"),
        f"  {A[:12]} {A[12:]}  ",
    ],
)
def test_lower_case_spaces_and_dash_look_alikes_normalise(typed):
    assert parse_serials(typed).serials == (A,)


def test_duplicates_are_dropped_and_counted_in_first_seen_order():
    text = f"{B}\n{A}\n{B.lower()}\n{A.replace('-', '')}, {B}\n{C}"
    parsed = parse_serials(text)
    assert parsed.serials == (B, A, C)
    assert parsed.duplicates == 3


@pytest.mark.parametrize(
    "typed",
    [
        "ABCD-1234-EFGH-5678-IJK",  # a group short
        "ABCD-1234-EFGH-5678-IJKLM",  # a character too many
        "ABCD-1234-EFGH-5678-IJKL-MNOP",  # a group too many: not cut down to five
        "ABCD-1234-EFGH",  # three groups: a truncated paste
        "\u00c4BCD-1234-EFGH-5678-IJKL",  # not ASCII
        "ABCD1234EFGH5678IJK",  # 19 without dashes
        "ABC-D1234-EFGH-5678-IJKL",  # hyphen in the wrong place
    ],
)
def test_malformed_serials_are_listed_not_sent(typed):
    parsed = parse_serials(f"{A}\n{typed}\n")
    assert parsed.serials == (A,)
    assert parsed.not_serials == (typed,)


def test_malformed_inside_other_text_is_listed():
    parsed = parse_serials("serial:ABCD-1234-EFGH-5678 please")
    assert parsed.serials == ()
    assert parsed.not_serials == ("ABCD-1234-EFGH-5678",)


def test_spaced_attempt_with_a_group_missing_is_listed():
    parsed = parse_serials("lewx 6xuc n5g5 q8f9\n")
    assert parsed.not_serials == ("lewx 6xuc n5g5 q8f9",)


def test_not_serials_are_listed_once_each():
    parsed = parse_serials("ABCD-1234-EFGH\nABCD-1234-EFGH, ABCD-1234-EFGH")
    assert parsed.not_serials == ("ABCD-1234-EFGH",)
    assert parsed.duplicates == 0  # repeats of serials only


@pytest.mark.parametrize(
    "word",
    [
        "customer",
        "serial",
        "Maria",
        "SP-2024-PERP",
        "SP-2024-UPG-SE",
        "2026-11-24",
        "ORD-2024-000123",
        "b88560fe-6270-42fe-a230-3171fded5a0b",  # a product code
        "294b106a4a099802248d0bcfc974791c",  # a host id
        "maria.jensen@example.com",
        "+49-30-1234567",
        "1234567890123456789",
        "Windows 11__64bits",
        "with love from your team hello",
    ],
)
def test_words_that_are_no_serial_attempt_are_skipped_silently(word):
    assert not looks_like_serial(word)
    assert parse_serials(word) == ParsedInput((), 0, ())


def test_empty_input():
    assert parse_serials("") == ParsedInput((), 0, ())
    assert parse_serials("customer,serial\n") == ParsedInput((), 0, ())


def test_each_serial_and_each_not_serial_knows_the_line_it_came_from():
    parsed = parse_serials(
        "Serial;Name\nlewx-6xuc-n5g5-q8f9-q2r5;Jensen\n\n"
        "LEWX-6XUC-N5G5-Q8F9-Q2R5-9999;Berg\nLEWX-6XUC-N5G5-Q8F9-Q2R5\n"
    )
    assert parsed.sources == {
        "LEWX-6XUC-N5G5-Q8F9-Q2R5": (2, "lewx-6xuc-n5g5-q8f9-q2r5;Jensen"),  # first seen
        "LEWX-6XUC-N5G5-Q8F9-Q2R5-9999": (4, "LEWX-6XUC-N5G5-Q8F9-Q2R5-9999;Berg"),
    }
