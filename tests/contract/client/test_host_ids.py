"""Host IDs in the forms other integrations use, through the client and the real sandbox.

The live service stores the host ID it is sent (DESIGN.md §2): a name such as
``server-backend`` or a 16-character processor id is recorded like this computer's
32-character hash; only an empty, overlong or unprintable one is refused, before sending.
"""

from __future__ import annotations

import pytest

from licensedesk.api import InvalidInput

from .helpers import run

#: a name a server integration sends, and a 16-character processor id
OTHER_FORMS = ["server-backend", "BFEBFBFF000906EA"]


@pytest.mark.parametrize("host", OTHER_FORMS)
def test_a_host_id_of_another_form_is_recorded_and_activated(sandbox, host):
    serial, code = sandbox.serial("no_activations"), sandbox.product_code("no_activations")

    async def t(c):
        result = await c.validate(serial, code, host, "Linux__64bits")
        [recorded] = await c.activations(serial)
        await c.set_activation(recorded.id, False)
        await c.set_activation(recorded.id, True)  # and activated again by the write key
        [after] = await c.activations(serial)
        return result, recorded, after

    result, recorded, after = run(sandbox, t)
    assert result.valid
    assert (recorded.host_id, recorded.device_tag) == (host, "Linux__64bits")
    assert after.id == recorded.id and after.activated
    assert sandbox.request_count("PUT", "/v2/activations/") == 2


@pytest.mark.parametrize(
    "host,words",
    [
        ("h" * 256, "A host ID has at most 255 characters; this one has 256."),
        ("server\tbackend", "\u201cserver\\x09backend\u201d is not a host ID"),
        ("server\u200bbackend", "\u201cserver\\u200bbackend\u201d is not a host ID"),
        ("  ", "Enter the host ID to record."),
    ],
)
def test_an_overlong_or_unprintable_host_id_is_refused_before_sending(sandbox, host, words):
    serial, code = sandbox.serial("no_activations"), sandbox.product_code("no_activations")

    async def t(c):
        with pytest.raises(InvalidInput) as refused:
            await c.validate(serial, code, host, "Linux__64bits")
        return refused.value

    refused = run(sandbox, t)
    assert refused.field == "host_id" and words in refused.sentence
    assert sandbox.request_count() == 0


def test_the_longest_host_id_is_sent_whole(sandbox):
    serial, code = sandbox.serial("no_activations"), sandbox.product_code("no_activations")
    host = "h" * 255

    async def t(c):
        await c.validate(serial, code, host, "Linux__64bits")
        return await c.activations(serial)

    assert [a.host_id for a in run(sandbox, t)] == [host]
