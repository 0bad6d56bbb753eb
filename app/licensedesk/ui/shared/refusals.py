"""The sentences the window shows for a change it cannot make: chosen here, in one place.

They name the window's own menus ("File → Connection profiles"), so they live in the
window and not in ``api/``, which the command line shares. A refusal the service
sent already carries the client's sentence (``err.sentence``); this module adds the
window's words for what it does not offer at all.
"""

from __future__ import annotations

from licensedesk.api.permissions import NO_WRITE_PERMISSION_PRODUCTS
from licensedesk.i18n import N_, _

__all__ = ["NO_WRITE_PAIR", "products_unavailable", "read_only_reason"]

#: Why activate, deactivate and delete are not offered with a read pair only.
NO_WRITE_PAIR = N_(
    "Needs a key with write permission, and this profile has none (it has a read pair "
    "only). Add a write pair under File \u2192 Connection profiles."
)


def read_only_reason(can_write: bool) -> str:
    """The tooltip of a change that is not offered ("" when it is)."""
    return "" if can_write else _(NO_WRITE_PAIR)


def products_unavailable() -> str:
    """Why the products of a licence are not listed: the profile's key lacks write
    permission (listing them is a write call, spec §5)."""
    return _(NO_WRITE_PERMISSION_PRODUCTS)
