"""Entries: their JSON shape, their checks, their words."""

from __future__ import annotations

import json

import pytest

from licensedesk.history import Entry, EntryError, HistoryQuery, outcome_words
from licensedesk.history.transfer import ImportError_, export_lines, read_lines

from .checks import T0, entry


def test_json_round_trip():
    item = entry(
        activation_ids=(8, 9),
        before={"id": 8},
        counts={"serials": 2},
        display_name="Ana Lima",
        finished=T0,
    )
    assert Entry.from_dict(json.loads(item.to_json())) == item
    assert item.to_dict()["time"] == "2026-11-01T09:00:00+00:00"


@pytest.mark.parametrize(
    "change, why",
    [
        ({"action": "format_disk"}, "unknown action"),
        ({"outcome": "maybe"}, "unknown outcome"),
        ({"time": "2026-11-01T09:00:00"}, "no UTC offset"),
        ({"id": "not-a-uuid"}, "badly formed"),
        ({"activation_ids": ["x"]}, "invalid literal"),
    ],
)
def test_bad_fields_are_named(change, why):
    data = {**entry().to_dict(), **change}
    with pytest.raises(EntryError, match=why):
        Entry.from_dict(data)


def test_a_missing_field_is_named():
    data = entry().to_dict()
    del data["action"]
    with pytest.raises(EntryError, match="'action' is missing"):
        Entry.from_dict(data)


def test_import_names_the_bad_line():
    lines = [*list(export_lines([entry(), entry()])), "{not json", ""]
    with pytest.raises(ImportError_, match=r"Line 3 of x\.jsonl is not a history entry"):
        read_lines(lines, source="x.jsonl")
    assert len(read_lines([*lines[:2], "", "  "])) == 2


def test_words():
    assert outcome_words("pending") == "sent, outcome unknown"
    assert outcome_words("refused", "License does not exist!") == (
        "refused: License does not exist!"
    )
    assert outcome_words("failed") == "not sent"
    assert entry(display_name="Ana Lima").person == "Ana Lima (ana@desk-1)"
    assert entry().person == "ana@desk-1"


def test_query_checks_its_names():
    with pytest.raises(EntryError):
        HistoryQuery(action="nope")
    with pytest.raises(EntryError):
        HistoryQuery(since=T0.replace(tzinfo=None))
