"""A licence's timeline: every change the book saw on it and every change the desk made
to it, newest first, each seen change matched against the history. No Qt.

(Interface only: the matching and the words are being built.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from licensedesk.history.model import Entry

from .changes import Change

__all__ = ["Item", "build", "summary"]


@dataclass(frozen=True, slots=True)
class Item:
    """One line of the timeline: a change seen (``change``), with the history entry that
    made it when one did (``entry``), or a change made from the desk that no sighting
    has shown (``change`` None). ``ours``: True, made from License Desk (``entry`` says
    who, when, from which desk); False, not made from License Desk (the history covers
    the time and holds nothing that made it); None, the history cannot say."""

    at: datetime
    change: Change | None
    entry: Entry | None
    ours: bool | None

    def what(self) -> str:
        """What changed, in the language in use."""
        raise NotImplementedError

    def who(self) -> str:
        """Who made it, in the language in use."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """English keys and values, times ISO 8601 in UTC (JSON and CSV)."""
        raise NotImplementedError


def build(
    changes: Sequence[Change],
    entries: Sequence[Entry],
    *,
    history_from: datetime | None = None,
    history_problem: str | None = None,
) -> list[Item]:
    """The timeline of one licence, newest first."""
    raise NotImplementedError


def summary(items: Sequence[Item]) -> str:
    """The licence card's line: "Since 12 Nov: …"."""
    raise NotImplementedError
