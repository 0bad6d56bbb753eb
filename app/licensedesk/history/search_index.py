"""The history's search index: what it holds, how far it is built, what a search asks it.

What a search looks in: the serial (and an upgrade's other serial), who (user, display
name, machine), the profile, the product, the action, the detail, the activation ids
and the values of ``before`` (the device's tag and host id, the licensee's name and
e-mail): one text per entry, the fields on lines of their own, so a search never
matches across two fields. A search is a case-insensitive substring of that text.

Both stores keep the index *beside* the history, not in a numbered schema step: an
older desk refuses a history whose ``schema_version`` is newer than it knows, and a
team upgrades its desks one by one. So the index is an additive structure made
idempotently, with its own marker (``history_index_version``), kept in step by the
database itself (SQLite: triggers; PostgreSQL: an expression index), so that an older
desk's writes are indexed too. An index made for a history that already holds entries
is built in the background (:mod:`.index_build`); until then searches read every entry.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FIELDS", "INDEX_VERSION", "MIN_TEXT", "IndexProgress"]

#: the index's own version: a new one is a new structure beside the history (never an
#: ALTER of it), made and built in the background like the first
INDEX_VERSION = 1
#: the text columns searched, in this order, then the activation ids and ``before``'s values
FIELDS = (
    "serial",
    "other_serial",
    "user_name",
    "display_name",
    "machine",
    "profile",
    "product",
    "action",
    "detail",
)
#: the shortest text the trigram index can look up; shorter ones read every entry
MIN_TEXT = 3


@dataclass(frozen=True)
class IndexProgress:
    """How far the search index is: ``built``; ``done`` of ``total`` entries (or, on
    PostgreSQL, of the table's blocks) while it is being built."""

    built: bool
    done: int = 0
    total: int = 0

    @property
    def fraction(self) -> float:
        return 1.0 if self.built or self.total <= 0 else min(self.done / self.total, 1.0)
