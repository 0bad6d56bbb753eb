"""Test a pair for every call it will carry: with one pair, the other pair's calls too.

DESIGN §3: each call uses the pair the permission table asks for and, with one pair,
that one. A profile whose only pair is the write pair looks up with it, and one whose
only pair is the read pair tries changes with it; "Test connection" says what such a
pair can and cannot do, so a profile that cannot look up never passes as working.
"""

from __future__ import annotations

from typing import Any

from licensedesk.i18n import _


async def check_pair(client: Any, pair: str, alone: bool) -> Any:
    """The ``ConnectionCheck`` of ``pair``; ``alone``: the profile has no other pair."""
    from licensedesk.api.client import ConnectionCheck

    check = await (client.check_read() if pair == "read" else client.check_write())
    if not alone or not check.ok:
        return check
    if pair == "write":
        reads = await client.check_read()
        if reads.ok:
            return ConnectionCheck(
                True,
                _(
                    "The write credentials work, for changes and for lookups (this profile has "
                    "no read pair, so this key is used for both)."
                ),
            )
        return ConnectionCheck(
            False,
            _(
                "The write credentials work for changes, but the service refused them for "
                "lookups. Lookups need a read pair: add one to this profile."
            ),
            reads.error,
        )
    writes = await client.check_write()
    if writes.ok:
        return ConnectionCheck(
            True,
            _(
                "The read credentials work, and the key has write permission too: this "
                "profile can also list products and change activations with it."
            ),
        )
    from licensedesk.api.errors import NotAuthorized

    if isinstance(writes.error, NotAuthorized):
        return ConnectionCheck(
            True,
            _(
                "The read credentials work. The key lacks write permission: this profile is "
                "read-only (no product list, no changes to activations)."
            ),
        )
    return check
