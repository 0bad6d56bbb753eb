"""Which pair may do what, as learnt in this session (DESIGN §3: with one pair, that one),
and what a refusal of the credentials says.

No call can ask the service what a key may do. A profile with a single pair therefore
tries a write call with it once; a refusal is remembered for the client's life (one
client per profile and session) so the window stops offering what cannot work. A read
refused to a profile that holds only a write pair says what is missing: a read pair.

The sentences here say what was refused, in words both front ends share, and
:class:`~.errors.Remedy` says what to change; neither names a menu or a command. The
window adds where it is done under its own menu (``ui/shared/refusals.py``), the command
line its ``licensedesk-cli profile`` command (``cli/remedies.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from licensedesk.i18n import N_

from .config import ClientConfig
from .errors import NotAuthorized, Remedy
from .sentence import say

#: A read (a lookup, a validation) refused to the read pair, or to the only pair.
READ_REFUSED = NotAuthorized.default_sentence
#: A change refused to the write pair that the spec's table (§5) asks for.
WRITE_REFUSED = N_(
    "The service refused the credentials for this change: the API key may lack write "
    "permission, or the app ID or key is wrong."
)
#: A change that the spec's table (§5) lets run with a read key (upgrade, registration),
#: refused to the read pair: a server may still want write permission for it, and
#: nothing can probe that beforehand (DESIGN §2, Credentials).
CHANGE_REFUSED = N_(
    "The service did not accept the app ID and API key for this change: the key may lack "
    "write permission, or the app ID or key is wrong. This call is sent with the profile's "
    "read pair (the service's permission table asks for read)."
)
#: A read (lookup, validation) refused to the write pair of a profile without a read pair.
NO_READ_PAIR = N_(
    "Lookups need a read pair: this profile has a write pair only, and the service "
    "refused its key for reading."
)
#: A change refused to the only pair of a profile (a key that turned out to be read-only).
NO_WRITE_PERMISSION = N_(
    "The service refused this profile's key for a change: the key lacks write permission."
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
    def may_write(self) -> bool | None:
        """True: a write pair (or the one pair was accepted for a write); None: one pair,
        not yet tried for a write; False: refused, or no pair at all."""
        if self._config.write is not None or self.write_worked:
            return True
        if self._config.read is None or self.write_refused:
            return False
        return None

    def refused(self, exc: NotAuthorized, *, write: bool, changes: bool) -> NotAuthorized:
        """The error to raise for ``exc``: what was refused, by the call (``write``: the
        table asks for the write pair; ``changes``: it changes data) and the pair that
        carried it, and the pair to add or check."""
        cfg = self._config
        if write and cfg.write is None and cfg.read is not None:
            first, self.write_refused = not self.write_refused, True
            if first and self.on_refused is not None:
                self.on_refused()
            return self._error(NO_WRITE_PERMISSION, Remedy.ADD_WRITE, exc)
        if not write and not changes and cfg.read is None and cfg.write is not None:
            return self._error(NO_READ_PAIR, Remedy.ADD_READ, exc)
        if write or (changes and cfg.read is None):  # it went with the write pair
            return self._error(WRITE_REFUSED, Remedy.CHECK_WRITE, exc)
        return self._error(CHANGE_REFUSED if changes else READ_REFUSED, Remedy.CHECK_READ, exc)

    @staticmethod
    def _error(sentence: str, remedy: Remedy, exc: NotAuthorized) -> NotAuthorized:
        return NotAuthorized(say(sentence), exc.details, remedy=remedy)
