"""A 403 is not always about the key (DESIGN.md §2): the client classifies by the service's
message first, through the real sandbox. Only "You are not authorized!" (or a 401/403
without words) is a refusal of the credentials, and it names the pair to fix; the
documented 403 "You do not have any free licenses for this sku…" is a refusal of the
request, said in the service's words, and teaches the client nothing about the key."""

from __future__ import annotations

import pytest

from licensedesk.api import NotAuthorized, Refused
from licensedesk.api.errors import Remedy

from .helpers import run

NO_FREE_LICENSES = (
    "You do not have any free licenses for this sku. Please generate new licenses for this sku!"
)


def test_the_documented_403_is_a_refusal_of_the_request_not_of_the_key(sandbox):
    sandbox.faults.add("no_free_licenses", path="/v2/activations", method="PUT", times=1)
    serial = sandbox.serial("perpetual")

    async def t(c):
        [first, *_rest] = await c.activations(serial)
        with pytest.raises(Refused) as refused:
            await c.set_activation(first.id, not first.activated)
        # the same key works for the next change: nothing was learnt against it
        assert c.may_write is None
        await c.set_activation(first.id, not first.activated)
        return refused.value

    err = run(sandbox, t, read="read_write", write=None)  # one pair: a refusal would stick
    assert not isinstance(err, NotAuthorized)
    assert err.sentence == f"The licence service refused the request: {NO_FREE_LICENSES}"
    assert err.details.http_status == 403 and err.details.server_message == NO_FREE_LICENSES
    assert sandbox.request_count("PUT", "/v2/activations") == 2


def test_the_documented_403_on_a_lookup_is_said_in_the_services_words(sandbox):
    sandbox.faults.add("no_free_licenses", path="/v2/licenses/show-license", times=1)

    async def t(c):
        with pytest.raises(Refused) as refused:
            await c.show_license(sandbox.serial("perpetual"))
        return refused.value

    err = run(sandbox, t)
    assert NO_FREE_LICENSES in err.sentence and "app ID" not in err.sentence


@pytest.mark.parametrize(
    "read,write,call,remedy",
    [
        ("read", "read", "set_activation", Remedy.CHECK_WRITE),  # a read-only write pair
        ("read", None, "set_activation", Remedy.ADD_WRITE),  # one read-only pair
        (None, "write", "show_license", Remedy.ADD_READ),  # a write pair alone
    ],
)
def test_you_are_not_authorized_names_the_pair_to_fix(sandbox, read, write, call, remedy):
    serial = sandbox.serial("perpetual")

    async def t(c):
        with pytest.raises(NotAuthorized) as refused:
            if call == "set_activation":
                await c.set_activation(sandbox.data["activations"][0]["id"], False)
            else:
                await c.show_license(serial)
        return refused.value

    err = run(sandbox, t, read=read, write=write)
    assert err.remedy is remedy
    assert err.details.server_message == "You are not authorized!"
    # the client says what was refused; where to fix it is the window's or the CLI's
    assert "File" not in err.sentence and "licensedesk-cli" not in err.sentence
