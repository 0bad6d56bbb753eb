"""What both book stores do (:func:`~.opening.open_book` opens the one the history uses).

The book lives where the history lives (the History settings choose): this
computer's SQLite file (``history.sqlite3``, tables of its own beside the history's)
or the team's PostgreSQL database, so that a teammate's lookups are found too. Its
tables carry their own schema versions (``book_schema_version``), so a desk without
the book still opens a history the book has been added to.

Stores are synchronous and used from one thread at a time: the desk's
:class:`~.keeper.BookKeeper` runs them on a worker thread, the CLI directly.
Failures raise :class:`~licensedesk.storage.errors.StoreError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .sighting import Sighting

if TYPE_CHECKING:
    from .changes import Change
    from .erase import Forgotten

__all__ = ["FIND_LIMIT", "BookStore", "Note", "RenewalsQuery"]

#: the most licences one find returns (a person narrows the words rather than scrolls)
FIND_LIMIT = 50


class Note(NamedTuple):
    """The team's note on a serial: its text, who wrote it last and when (UTC)."""

    text: str
    who: str
    at: datetime


class RenewalsQuery(NamedTuple):
    """What the renewals (:meth:`BookStore.ending`) ask for: the subscriptions and trials
    whose end falls in [``after``, ``before``); ``dealer`` (a fragment, case ignored) and
    ``profile`` narrow them. One value, passed through every layer that runs the query."""

    after: datetime
    before: datetime
    dealer: str | None = None
    profile: str | None = None


class BookStore(Protocol):
    """The methods both stores have. Every write is one transaction."""

    label: str

    def migrate(self) -> int: ...

    def keep(self, sightings: Iterable[Sighting]) -> list[Sighting]:
        """Store each sighting over what is known of its licence (the parts it did not
        read are kept, :meth:`Sighting.merged`). Returns the partial sightings of licences
        the book does not have, not stored (:attr:`Sighting.partial`)."""

    def find(self, text: str, limit: int = FIND_LIMIT) -> list[Sighting]:
        """Licences whose serial, licensee, e-mail, SKU, dealer, host IDs or note hold
        every word of ``text`` (folded): exact serial first, then e-mail, then name
        matches, the most recently seen first within each."""

    def copy(self, serial: str, service: str | None = None) -> Sighting | None:
        """The stored licence (of ``service`` when it has one there; else the latest)."""

    def changes(self, serial: str, *, since: datetime | None = None) -> list[Change]:
        """What the book saw change on ``serial`` (of any service), newest first; only
        the changes seen after ``since`` when given (:mod:`.changes`)."""

    def note(self, serial: str) -> Note | None: ...

    def set_note(self, serial: str, text: str, who: str, at: datetime) -> None:
        """Set (or, with an empty ``text``, remove) the note on ``serial``."""

    def forget(self, who: str, *, dry_run: bool = False) -> Forgotten:
        """Erase the licensee's name and e-mail (``who``: an e-mail, a name or a serial,
        matched whole, case and accents ignored) wherever the store keeps them, in one
        transaction (:mod:`.erase`); the records stay, without them."""

    def drop_unseen(self, before: datetime) -> int:
        """Remove the licences not seen since ``before``; returns how many."""

    def ending(self, query: RenewalsQuery) -> list[Sighting]:
        """The licences ``query`` asks for, soonest end first."""

    def at_limit(self) -> list[Sighting]:
        """Licences with a product at its host limit (seats used = max), last seen first."""

    def count(self) -> int: ...

    def close(self) -> None: ...

    @property
    def broken(self) -> bool: ...
