"""Which renewals the desk has already announced on this computer, and which it has not.

The window tells the desktop once when licences of the book enter the renewals window
(:data:`~licensedesk.licence_term.ENDING_DAYS`, the card's "ending"). Once told, a
licence is not told again: :class:`Announced` remembers each one by its service, serial
and end, in ``announced-renewals.json`` in the data folder (this computer's desk, not
the team's: a teammate's desk tells its own person). A licence renewed to a new end is
another end, so it may be told again when that one comes near. No Qt.

The file is small (a licence leaves it once its end has passed) and written all or
nothing; a damaged one is said once in the log and the desk starts afresh: the worst
that follows is one notification told twice.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from licensedesk import clock
from licensedesk.paths import replace_file

from .sighting import Sighting, utc_text

__all__ = ["FILE_NAME", "Announced"]

log = logging.getLogger(__name__)

FILE_NAME = "announced-renewals.json"
FILE_VERSION = 1

Key = tuple[str, str, str]  # service ("" when not known), serial, end (UTC, ISO)


def key_of(s: Sighting) -> Key | None:
    if s.end_at is None:
        return None
    return (s.service or "", s.serial, utc_text(s.end_at))


@dataclass
class Announced:
    """The licences announced before, as read from ``path`` (None: kept in memory only)."""

    path: Path | None = None
    keys: set[Key] = field(default_factory=set)

    @classmethod
    def load(cls, path: Path) -> Announced:
        """What ``path`` holds; nothing when it is missing, and nothing (said once in the
        log) when it cannot be read or is not what this desk writes."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(path)
        except (OSError, UnicodeDecodeError) as exc:
            log.warning(
                "The announced renewals (%s) cannot be read, starting afresh: %s", path, exc
            )
            return cls(path)
        try:
            data = json.loads(text)
            rows = data["licences"] if data.get("version") == FILE_VERSION else None
            keys = {(str(r["service"]), str(r["serial"]), str(r["end"])) for r in rows}
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            log.warning(
                "The announced renewals (%s) are damaged, starting afresh: %s",
                path,
                type(exc).__name__,
            )
            return cls(path)
        return cls(path, keys)

    def fresh(self, sightings: Iterable[Sighting]) -> list[Sighting]:
        """The sightings (with an end) not announced before, in their order."""
        return [s for s in sightings if (k := key_of(s)) is not None and k not in self.keys]

    def add(self, sightings: Iterable[Sighting], *, now: datetime | None = None) -> None:
        """Remember ``sightings`` as announced and forget the ends already past; written
        to the file at once. Raises OSError (the caller says it)."""
        self.keys |= {k for s in sightings if (k := key_of(s)) is not None}
        cutoff = (now or clock.now()).astimezone(UTC)
        self.keys = {k for k in self.keys if _instant(k[2]) is None or _instant(k[2]) >= cutoff}
        self.save()

    def save(self) -> None:
        if self.path is None:
            return
        rows = [{"service": s, "serial": n, "end": e} for s, n, e in sorted(self.keys)]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(
            self.path, json.dumps({"version": FILE_VERSION, "licences": rows}, indent=1) + "\n"
        )


def _instant(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
