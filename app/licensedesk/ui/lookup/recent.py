"""Recent serials, per connection profile, found ones only.

Kept per profile because a serial of one service means nothing on another
(the sandbox and production share no serials), and found only because the
completer should offer what a person can open again, not their typing
mistakes. Stored as one JSON object in QSettings (profile name -> serials,
newest first): profile names may hold "/" which QSettings reads as groups.
"""

from __future__ import annotations

import json

MAX_RECENT = 20


class RecentSerials:
    def __init__(self) -> None:
        self._by_profile: dict[str, list[str]] = {}

    def remember(self, profile: str, serial: str) -> list[str]:
        """Put ``serial`` first in ``profile``'s list; returns that list."""
        items = [serial] + [s for s in self._by_profile.get(profile, []) if s != serial]
        self._by_profile[profile] = items[:MAX_RECENT]
        return list(self._by_profile[profile])

    def of(self, profile: str | None) -> list[str]:
        return list(self._by_profile.get(profile or "", []))

    def dump(self) -> str:
        return json.dumps(self._by_profile, ensure_ascii=False, sort_keys=True)

    def load(self, text: object) -> None:
        """Read what :meth:`dump` wrote; anything else (an older plain list shared by all
        profiles, garbage) is dropped rather than guessed at."""
        self._by_profile = {}
        if not isinstance(text, str):
            return
        try:
            data = json.loads(text)
        except ValueError:
            return
        if isinstance(data, dict):
            for profile, serials in data.items():
                if isinstance(profile, str) and isinstance(serials, list):
                    kept = [s for s in serials if isinstance(s, str)][:MAX_RECENT]
                    if kept:
                        self._by_profile[profile] = kept
