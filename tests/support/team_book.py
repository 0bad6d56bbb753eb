"""A team's licence book with one licence of this desk and one of a team mate's, both
ending soon (the renewals' tests of the command line and of the window)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

MINE, THEIRS = "AAAA-BBBB-CCCC-DDDD-EEEE", "QQQQ-WWWW-EEEE-RRRR-TTTT"
NOTE = "Renews through the school's office"


def two_desks_licences(url: str, password: str, my_profile: str) -> None:
    """Keep ``MINE`` (``my_profile``'s, Ana's, 10 days left) and ``THEIRS`` (Bea's,
    Ingrid's trial, 4 days left, with Bea's note) in the team book at ``url``."""
    from licensedesk.book.postgres_book import PostgresBook
    from licensedesk.book.sighting import Sighting

    now = datetime.now(UTC)
    book = PostgresBook(url, password=password)
    book.migrate()
    try:
        book.keep(
            [
                Sighting(
                    serial=MINE,
                    service="https://a.example",
                    profile=my_profile,
                    seen_at=now,
                    type="subscription",
                    end_at=now + timedelta(days=10),
                    licensee="Ana",
                ),
                Sighting(
                    serial=THEIRS,
                    service="https://a.example",
                    profile="Bea's",
                    seen_at=now,
                    type="trial",
                    end_at=now + timedelta(days=4),
                    licensee="Ingrid",
                ),
            ]
        )
        book.set_note(THEIRS, NOTE, "bea", now)
    finally:
        book.close()
