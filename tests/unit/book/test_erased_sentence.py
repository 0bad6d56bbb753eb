"""What an erasure says, each count with its own plural in both languages ("1 licence
records" and "1 Lizenzeinträge" were said before)."""

from __future__ import annotations

import pytest

from licensedesk.book.erase import Forgotten, said


@pytest.mark.parametrize(
    ("counts", "counted"),
    [
        ((1, 0, 2), "Erased: 1 licence record, 0 notes, 2 history entries, 0 changes seen."),
        ((2, 1, 1), "Erased: 2 licence records, 1 note, 1 history entry, 0 changes seen."),
        ((0, 0, 0, (), 1), "Erased: 0 licence records, 0 notes, 0 history entries, 1 change seen."),
    ],
)
def test_each_count_has_its_plural(counts, counted):
    assert said(Forgotten(*counts), team=False).startswith(counted + " ")


@pytest.mark.usefixtures("german")
@pytest.mark.parametrize(
    ("counts", "counted"),
    [
        (
            (1, 0, 2),
            "Gelöscht: 1 Lizenzeintrag, 0 Notizen, 2 Verlaufseinträge, 0 gesehene Änderungen.",
        ),
        (
            (2, 1, 1),
            "Gelöscht: 2 Lizenzeinträge, 1 Notiz, 1 Verlaufseintrag, 0 gesehene Änderungen.",
        ),
    ],
)
def test_each_count_has_its_plural_in_german(counts, counted):
    assert said(Forgotten(*counts), team=False).startswith(counted + " ")
