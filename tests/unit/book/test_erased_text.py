"""A licensee's name and e-mail are found in any text as the book finds them (case and
accents ignored) but only whole, and what is erased is the text as it was written."""

from __future__ import annotations

import json

import pytest

from licensedesk.book.erased_text import erased_json, erased_text, erased_value, holds, words_of

INGRID = words_of(["Ingrid Ødegård", "ingrid@fjord.example"])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bills go to Ingrid Ødegård.", "Bills go to [erased]."),
        ("bills go to INGRID ODEGARD", "bills go to [erased]"),
        ("Ingrid  Ødegård\n(ingrid@FJORD.example)", "[erased]\n([erased])"),
        # an accent written apart (NFD) goes with its letter
        ("Ingrid O\u0308degård, again", "[erased], again"),
        ("Ingrid Ødegårdsen is someone else", "Ingrid Ødegårdsen is someone else"),
        ("xingrid@fjord.example", "xingrid@fjord.example"),
        ("mailto:ingrid@fjord.example?subject=x", "mailto:[erased]?subject=x"),
    ],
)
def test_erased_whole_with_case_and_accents_ignored(text, expected):
    assert erased_text(text, INGRID) == expected
    assert holds(text, INGRID) is (expected != text)


def test_a_short_name_leaves_longer_words_alone():
    assert erased_text("Ana is Anastasia's and Ana's friend", words_of(["Ana"])) == (
        "[erased] is Anastasia's and [erased]'s friend"
    )


def test_json_is_erased_in_its_strings_however_an_accent_is_written():
    row = {"licensee": "Ingrid Ødegård", "email": "ingrid@fjord.example", "registered": True}
    expected = {"licensee": "[erased]", "email": "[erased]", "registered": True}
    for text in (json.dumps(row), json.dumps(row, ensure_ascii=False)):
        assert json.loads(erased_json(text, INGRID)) == expected
    untouched = json.dumps({"licensee": "Jens"})
    assert erased_json(untouched, INGRID) is untouched  # the same text: nothing to change
    assert erased_value({"devices": [{"tag": "Ingrid Ødegård's laptop"}]}, INGRID) == {
        "devices": [{"tag": "[erased]'s laptop"}]
    }
