"""What the desk announces of the renewals, what it remembers having announced, and the
words it says: no Qt, no store (the stores' ``ending`` is tested in tests/contract/book)."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime, timedelta

from licensedesk.book import Sighting
from licensedesk.book.announced import FILE_NAME, Announced
from licensedesk.book.announcement import announcement
from licensedesk.book.renewals import bounds

NOW = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)


def lic(
    serial: str,
    days: float,
    *,
    name: str | None = None,
    service: str | None = "https://licences.example",
) -> Sighting:
    return Sighting(
        serial=serial,
        service=service,
        profile="Shop",
        seen_at=NOW,
        licensee=name,
        type="subscription",
        end_at=NOW + timedelta(days=days),
    )


def test_the_window_runs_from_now_to_the_end_of_the_thirtieth_day(zone):
    zone("UTC")
    after, before = bounds(30, NOW)
    assert after == NOW
    assert before == datetime(2026, 4, 10, tzinfo=UTC)  # the end of 9 April, 30 days on
    assert bounds(7, NOW)[1] == datetime(2026, 3, 18, tzinfo=UTC)


def test_a_licence_announced_is_not_fresh_again_even_after_a_restart(tmp_path):
    path = tmp_path / FILE_NAME
    first = Announced.load(path)
    a, b = lic("AAAA-AAAA-AAAA-AAAA-AAAA", 3), lic("BBBB-BBBB-BBBB-BBBB-BBBB", 20)
    assert first.fresh([a, b]) == [a, b]
    first.add([a, b], now=NOW)
    again = Announced.load(path)  # the next start
    assert again.fresh([a, b]) == []
    c = lic("CCCC-CCCC-CCCC-CCCC-CCCC", 25)
    assert again.fresh([a, c, b]) == [c]


def test_a_renewed_licence_is_another_end_and_the_same_serial_elsewhere_another_licence(tmp_path):
    announced = Announced(tmp_path / FILE_NAME)
    a = lic("AAAA-AAAA-AAAA-AAAA-AAAA", 3)
    announced.add([a], now=NOW)
    renewed = lic("AAAA-AAAA-AAAA-AAAA-AAAA", 368)
    other_service = lic("AAAA-AAAA-AAAA-AAAA-AAAA", 3, service="https://other.example")
    assert announced.fresh([a, renewed, other_service]) == [renewed, other_service]


def test_ends_that_have_passed_are_forgotten_so_the_file_stays_small(tmp_path):
    path = tmp_path / FILE_NAME
    announced = Announced(path)
    announced.add([lic("AAAA-AAAA-AAAA-AAAA-AAAA", 3)], now=NOW)
    announced.add([lic("BBBB-BBBB-BBBB-BBBB-BBBB", 20)], now=NOW + timedelta(days=5))
    rows = json.loads(path.read_text(encoding="utf-8"))["licences"]
    assert [r["serial"] for r in rows] == ["BBBB-BBBB-BBBB-BBBB-BBBB"]


def test_a_licence_without_an_end_is_never_announced(tmp_path):
    perpetual = Sighting(
        serial="PPPP-PPPP-PPPP-PPPP-PPPP", service=None, profile=None, seen_at=NOW, type="perpetual"
    )
    assert Announced(tmp_path / FILE_NAME).fresh([perpetual]) == []


def test_the_file_is_replaced_whole_and_leaves_no_temporary_file(tmp_path):
    folder = tmp_path / "data"  # made when first written
    Announced(folder / FILE_NAME).add([lic("AAAA-AAAA-AAAA-AAAA-AAAA", 3)], now=NOW)
    assert [p.name for p in folder.iterdir()] == [FILE_NAME]
    data = json.loads((folder / FILE_NAME).read_text(encoding="utf-8"))
    assert data == {
        "version": 1,
        "licences": [
            {
                "service": "https://licences.example",
                "serial": "AAAA-AAAA-AAAA-AAAA-AAAA",
                "end": "2026-03-13T09:00:00+00:00",
            }
        ],
    }


def test_a_damaged_file_is_one_line_in_the_log_and_a_fresh_start(tmp_path, caplog):
    path = tmp_path / FILE_NAME
    a = lic("AAAA-AAAA-AAAA-AAAA-AAAA", 3)
    for damage in (
        '{"version": 1, "licences": [{"serial": 3}',
        "[1, 2]",
        "\xff\xfe",
        '{"version": 99, "licences": []}',
        '{"version": 1, "licences": 7}',
    ):
        path.write_bytes(damage.encode("latin-1"))
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="licensedesk.book.announced"):
            announced = Announced.load(path)
        assert announced.fresh([a]) == [a]
        assert len(caplog.records) == 1, damage
        assert "starting afresh" in caplog.records[0].getMessage()
        announced.add([a], now=NOW)  # and it is written anew over the damaged one
        assert Announced.load(path).fresh([a]) == []


def test_the_words_count_the_licences_and_name_the_soonest(zone):
    zone("UTC")
    ending = [
        lic("AAAA-AAAA-AAAA-AAAA-AAAA", 0.5, name="Maria Jensen"),
        lic("BBBB-BBBB-BBBB-BBBB-BBBB", 1, name="Tomás Herrera"),
        lic("CCCC-CCCC-CCCC-CCCC-CCCC", 6),
        lic("DDDD-DDDD-DDDD-DDDD-DDDD", 12),
        lic("EEEE-EEEE-EEEE-EEEE-EEEE", 12),
    ]
    said = announcement(ending, NOW)
    assert said.title == "5 licences end within 12 days"
    assert said.body.splitlines() == [
        "AAAA-AAAA-AAAA-AAAA-AAAA, Maria Jensen: ends today",
        "BBBB-BBBB-BBBB-BBBB-BBBB, Tomás Herrera: ends tomorrow",
        "CCCC-CCCC-CCCC-CCCC-CCCC: ends in 6 days",
        "and 2 more licences",
    ]
    assert announcement(ending[:1], NOW).title == "1 licence ends today"
    assert announcement(ending[:2], NOW).title == "2 licences end by tomorrow"
    assert announcement(ending[2:4], NOW).body.count("\n") == 1
