"""The window's words for a change it cannot make, and where a key is fixed: one place.

The client's sentence says what the service refused and its
:class:`~licensedesk.api.errors.Remedy` what to change (a pair to add or check); the
command line says where that is done with its own command. Here the window says it
with its menu ("File → Connection profiles"), once per remedy, and adds it to every
refusal it shows (:func:`with_where`). It also words what it does not offer at all.
"""

from __future__ import annotations

from licensedesk.api.errors import NotAuthorized, Remedy
from licensedesk.api.permissions import NO_WRITE_PERMISSION_PRODUCTS
from licensedesk.i18n import N_, _

__all__ = [
    "NO_WRITE_PAIR",
    "WHERE",
    "no_write_pair",
    "products_unavailable",
    "read_only_reason",
    "told",
    "with_where",
]

#: Where the window fixes what a refusal names, one whole sentence per remedy.
WHERE = {
    Remedy.ADD_READ: N_("Add a read pair under File \u2192 Connection profiles."),
    Remedy.ADD_WRITE: N_("Add a write pair under File \u2192 Connection profiles."),
    Remedy.CHECK_READ: N_(
        "Check the read pair's app ID and API key under File \u2192 Connection profiles."
    ),
    Remedy.CHECK_WRITE: N_(
        "Check the write pair's app ID and API key under File \u2192 Connection profiles."
    ),
}
#: A refusal that names no pair (the client could not tell which).
WHERE_ANY = N_("Check the app ID and API key under File \u2192 Connection profiles.")

#: Why a change (activate, deactivate, delete, freeing a seat) is not offered with a
#: read pair only; {profile}: the profile's name.
NO_WRITE_PAIR = N_(
    "Changes need a key with write permission, and the profile {profile} has none (it "
    "has a read pair only)."
)


def with_where(sentence: str, remedy: Remedy | None) -> str:
    """``sentence`` (what was refused) and where the window fixes it."""
    where = _(WHERE[remedy]) if remedy is not None else _(WHERE_ANY)
    return f"{sentence} {where}"


def told(exc: BaseException) -> str | None:
    """The sentence the window shows for a refusal of the credentials (None for any other
    error, whose own sentence says it all)."""
    if isinstance(exc, NotAuthorized):
        return with_where(exc.sentence, exc.remedy)
    return None


def no_write_pair(profile: str | None) -> str:
    """That ``profile`` cannot change anything, and where a write pair is added."""
    return with_where(_(NO_WRITE_PAIR).format(profile=profile or ""), Remedy.ADD_WRITE)


def read_only_reason(can_write: bool, profile: str | None) -> str:
    """The tooltip of a change that is not offered ("" when it is)."""
    return "" if can_write else no_write_pair(profile)


def products_unavailable() -> str:
    """Why the products of a licence are not listed: the profile's key lacks write
    permission (listing them is a write call, spec §5)."""
    return with_where(_(NO_WRITE_PERMISSION_PRODUCTS), Remedy.ADD_WRITE)
