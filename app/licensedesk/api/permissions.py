"""Which pair may do what, as learnt in this session (DESIGN §3: with one pair, that one).

No call can ask the service what a key may do. A profile with a single pair therefore
tries a write call with it once; a refusal is remembered for the client's life (one
client per profile and session) so the window stops offering what cannot work. A read
refused to a profile that holds only a write pair says what is missing: a read pair.
"""

from __future__ import annotations

from collections.abc import Callable

from licensedesk.i18n import N_

from .config import ClientConfig
from .errors import NotAuthorized
from .sentence import say

#: A read (lookup, validation) refused to the write pair of a profile without a read pair.
NO_READ_PAIR = N_(
    "Lookups need a read pair: this profile has a write pair only, and the service "
    "refused its key for reading. Add a read pair under File \u2192 Connection profiles."
)
#: A change refused to the only pair of a profile (a key that turned out to be read-only).
NO_WRITE_PERMISSION = N_(
    "The service refused this profile's key for a change: the key lacks write permission. "
    "Changes are not offered for the rest of this session; add a write pair under "
    "File \u2192 Connection profiles."
)
#: Listing products (a write call, spec §5) refused to the only pair of a profile.
NO_WRITE_PERMISSION_PRODUCTS = N_(
    "Listing products needs a key with write permission, and this profile's key lacks it "
    "(the service refused it)."
)


class Permissions:
    """What the profile's pairs may do: known from the profile, or learnt by trying."""

    def __init__(self, config: ClientConfig) -> None:
        self._config = config
        self.write_refused = False  # the single pair was refused for a write call
        self.write_worked = False  # the single pair was accepted for a write call
        #: called (on the loop's thread) when that refusal is first learnt
        self.on_refused: Callable[[], None] | None = None

    @property
    def single_pair(self) -> bool:
        """One pair serves every call (either slot empty)."""
        return (self._config.read is None) != (self._config.write is None)

    @property
    def may_write(self) -> bool | None:
        """True: a write pair (or the one pair was accepted for a write); None: one pair,
        not yet tried for a write; False: refused, or no pair at all."""
        if self._config.write is not None or self.write_worked:
            return True
        if self._config.read is None or self.write_refused:
            return False
        return None

    def refused(self, exc: NotAuthorized, *, write: bool, changes: bool) -> NotAuthorized:
        """The error to raise for ``exc``: a sentence that names what the profile lacks."""
        cfg = self._config
        if write and cfg.write is None and cfg.read is not None:
            first, self.write_refused = not self.write_refused, True
            if first and self.on_refused is not None:
                self.on_refused()
            return NotAuthorized(say(NO_WRITE_PERMISSION), exc.details)
        if not write and not changes and cfg.read is None and cfg.write is not None:
            return NotAuthorized(say(NO_READ_PAIR), exc.details)
        return exc
