"""Every call × every sandbox fault kind → the right error class, a clear sentence, and
server-side request counts proving writes are never retried and GETs at most twice."""

from __future__ import annotations

import pytest

from licensedesk.api import (
    BadResponse,
    RateLimited,
    ServiceError,
    TimedOut,
    TransportError,
)

from .helpers import run

UNKNOWN = "ZZZZ-0000-ZZZZ-0000-ZZZZ"
MISSING_ID = 987654

# name: (method, path prefix, call, harmless call: same route, changes nothing if handled late)
CALLS = {
    "show_license": (
        "GET",
        "/v2/licenses/show-license/",
        lambda c, s: c.show_license(s.serial("perpetual")),
        None,
    ),
    "activations": (
        "GET",
        "/v2/activations/",
        lambda c, s: c.activations(s.serial("perpetual")),
        None,
    ),
    "registration_check": (
        "GET",
        "/v2/register-products/",
        lambda c, s: c.registration_check(s.serial("offline")),
        None,
    ),
    "validate": (
        "POST",
        "/v2/licenses/valid",
        lambda c, s: c.validate(s.serial("perpetual"), s.product_code("perpetual")),
        None,
    ),
    "license_products": (
        "POST",
        "/v2/licenses/products",
        lambda c, s: c.license_products(s.serial("perpetual")),
        None,
    ),
    "upgrade": (
        "POST",
        "/v2/licenses/upgrade",
        lambda c, s: c.upgrade(s.serial("upgrade_current"), s.serial("upgrade_target")),
        lambda c, s: c.upgrade(UNKNOWN, s.serial("upgrade_target")),
    ),
    "set_activation": (
        "PUT",
        "/v2/activations/",
        lambda c, s: c.set_activation(1, False),
        lambda c, s: c.set_activation(MISSING_ID, False),
    ),
    "delete_activation": (
        "DELETE",
        "/v2/activations/",
        lambda c, s: c.delete_activation(1),
        lambda c, s: c.delete_activation(MISSING_ID),
    ),
    "register": (
        "PUT",
        "/v2/register-products/",
        lambda c, s: c.register(s.serial("offline"), "Ann", "ann@example.org"),
        lambda c, s: c.register(UNKNOWN, "Ann", "ann@example.org"),
    ),
}

# kind: (error class (exact), words in the sentence, retried for GET)
KINDS = {
    "http500_html": (ServiceError, "web page instead of data (HTTP 500)", False),
    "not_json": (BadResponse, "web page instead of data (HTTP 200)", False),
    "truncated": (TransportError, "connection", False),
    "drop": (TransportError, "connection", False),
    "rate_limit": (RateLimited, "rate limiting", True),
    "drop_after_commit": (TransportError, "connection", False),
    "slow": (TimedOut, "did not answer in time", True),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", CALLS)
def test_fault(sandbox, name, kind):
    method, prefix, call, harmless = CALLS[name]
    cls, words, get_retried = KINDS[kind]
    opts = {"retry_after": 0} if kind == "rate_limit" else {}
    if kind == "slow":
        opts = {"delay_ms": 600}
        call = harmless or call  # the server finishes the request after the test has moved on
    sandbox.faults.add(kind, path=prefix.rstrip("/"), method=method, **opts)

    async def t(c):
        with pytest.raises(cls) as e:
            await call(c, sandbox)
        return e.value, c.transport.sleep.delays

    # a short read time-out only where the time-out is the point: a handled write (register,
    # upgrade) on a busy 2-core machine can take longer than 0.2 s and end as TimedOut
    read_timeout = 0.2 if kind == "slow" else 5.0
    err, delays = run(sandbox, t, read="read_write", write="read_write", read_timeout=read_timeout)
    assert type(err) is cls
    assert words in err.sentence
    assert str(err) == err.sentence and err.sentence.endswith(".")
    assert "httpx" not in err.sentence and "Traceback" not in err.sentence
    assert err.details.method == method and prefix in (err.details.url or "")
    # a POST that only reads (products, a validation without a host) is asked again after
    # a 429 (refused unread); a write never is
    reads = method == "GET" or (kind == "rate_limit" and name in ("validate", "license_products"))
    expected = 3 if (reads and get_retried) else 1
    assert sandbox.request_count(method, prefix) == expected, "retries counted server side"
    assert len(delays) == expected - 1
    if method != "GET" and issubclass(cls, TransportError):
        assert "may or may not have been made" in err.sentence


@pytest.mark.parametrize("kind", ["rate_limit", "http500_html", "drop"])
def test_get_recovers_after_one_fault(sandbox, kind):
    """A single transient fault on a GET: retried only when the rules allow."""
    opts = {"retry_after": 0} if kind == "rate_limit" else {}
    sandbox.faults.add(kind, path="/v2/licenses/show-license", method="GET", times=1, **opts)

    async def t(c):
        try:
            return await c.show_license(sandbox.serial("perpetual"))
        except Exception as exc:
            return exc

    outcome = run(sandbox, t)
    if kind == "rate_limit":
        assert outcome.serial == sandbox.serial("perpetual")
        assert sandbox.request_count("GET", "/v2/licenses/show-license/") == 2
    else:
        assert isinstance(outcome, ServiceError | TransportError)
        assert sandbox.request_count("GET", "/v2/licenses/show-license/") == 1


def test_retry_after_from_sandbox_is_honoured(sandbox):
    sandbox.faults.add("rate_limit", path="/v2/activations", method="GET", times=2, retry_after=4)

    async def t(c):
        acts = await c.activations(sandbox.serial("perpetual"))
        return acts, c.transport.sleep.delays

    acts, delays = run(sandbox, t, retry_after_cap=10.0)
    assert acts and delays == [4.0, 4.0]
