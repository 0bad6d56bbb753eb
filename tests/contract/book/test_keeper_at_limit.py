"""``BookKeeper.at_limit()``: the store's licences at their host limit, read on the book's
worker thread (the window's *Full seats* view awaits it)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from licensedesk.book import BookKeeper
from licensedesk.book.sighting import ProductSeats, Sighting
from licensedesk.history import HistorySettings

NOW = datetime(2026, 6, 15, 12, tzinfo=UTC)


def seen(serial: str, used: int, maximum: int, hours: int) -> Sighting:
    return Sighting(
        serial,
        "https://licences.example.com",
        "Work",
        NOW - timedelta(hours=hours),
        products=(ProductSeats("Studio", used=used, maximum=maximum),),
    )


def test_the_keeper_lists_full_licences_last_seen_first(tmp_path):
    keeper = BookKeeper.from_settings(HistorySettings(), data_dir=tmp_path)
    try:
        keeper.keep(
            [
                seen("AAAA-AAAA-AAAA-AAAA-AAAA", 2, 2, hours=5),
                seen("BBBB-BBBB-BBBB-BBBB-BBBB", 1, 2, hours=1),
                seen("CCCC-CCCC-CCCC-CCCC-CCCC", 3, 3, hours=2),
            ]
        ).result()
        found = asyncio.run(keeper.at_limit())
    finally:
        keeper.close()
    assert [s.serial for s in found] == ["CCCC-CCCC-CCCC-CCCC-CCCC", "AAAA-AAAA-AAAA-AAAA-AAAA"]
