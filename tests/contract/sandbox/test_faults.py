"""Every fault kind behaves as named, seen with raw httpx (CONTRACTS.md, docs/sandbox.md)."""

from __future__ import annotations

import time

import httpx
import pytest

from licensedesk.sandbox.faults import FaultPlan, parse_spec

from .helpers import activations, assert_error, cred_args


@pytest.fixture
def http():
    with httpx.Client(timeout=10) as client:
        yield client


def _delete_first(sandbox, http: httpx.Client) -> tuple[int, httpx.Response]:
    activation = activations(sandbox, "perpetual")[0]["id"]
    url = f"{sandbox.url}/v2/activations/{activation}"
    return activation, http.delete(url, params=cred_args(sandbox, "write"))


def _url(sandbox, activation: int) -> str:
    return f"{sandbox.url}/v2/activations/{activation}"


def _still_there(sandbox, activation: int) -> bool:
    return activation in {a["id"] for a in activations(sandbox, "perpetual")}


def test_http500_html_does_not_handle_the_request(sandbox, http):
    sandbox.faults.add("http500_html", path="/v2/activations", method="DELETE")
    activation, response = _delete_first(sandbox, http)
    assert response.status_code == 500
    assert response.headers["content-type"].startswith("text/html")
    assert "<html>" in response.text
    assert _still_there(sandbox, activation)


def test_not_json(sandbox, http):
    sandbox.faults.add("not_json", path="/v2/ping")
    response = http.get(sandbox.url + "/v2/ping")
    assert response.status_code == 200
    with pytest.raises(ValueError):
        response.json()


def test_truncated_body_is_cut_and_connection_closed(sandbox, http):
    sandbox.faults.add("truncated", path="/v2/licenses/show-license")
    url = f"{sandbox.url}/v2/licenses/show-license/{sandbox.serial('perpetual')}"
    with pytest.raises(httpx.RemoteProtocolError, match=r"complete message"):
        http.get(url, params=cred_args(sandbox, "read"))


def test_drop_closes_without_response_and_without_handling(sandbox, http):
    sandbox.faults.add("drop", path="/v2/activations", method="DELETE")
    activation = activations(sandbox, "perpetual")[0]["id"]
    with pytest.raises(httpx.RemoteProtocolError, match="without sending a response"):
        http.delete(_url(sandbox, activation), params=cred_args(sandbox, "write"))
    assert _still_there(sandbox, activation)


def test_drop_after_commit_really_commits(sandbox, http):
    sandbox.faults.add("drop_after_commit", path="/v2/activations", method="DELETE")
    activation = activations(sandbox, "perpetual")[0]["id"]
    with pytest.raises(httpx.RemoteProtocolError, match="without sending a response"):
        http.delete(_url(sandbox, activation), params=cred_args(sandbox, "write"))
    assert not _still_there(sandbox, activation)


def test_rate_limit_is_429_with_retry_after(sandbox, http):
    sandbox.faults.add("rate_limit", path="/v2/ping", retry_after=7)
    response = http.get(sandbox.url + "/v2/ping")
    assert_error(response, 429)
    assert response.headers["retry-after"] == "7"


def test_slow_delays_the_response(sandbox, http):
    sandbox.faults.add("slow", path="/v2/ping", delay_ms=300)
    started = time.perf_counter()
    assert http.get(sandbox.url + "/v2/ping").json() == {"status": "ok"}
    assert time.perf_counter() - started >= 0.3


def test_latency_delays_every_response(sandbox, http):
    sandbox.set_latency(250)
    started = time.perf_counter()
    http.get(sandbox.url + "/v2/ping")
    assert time.perf_counter() - started >= 0.25
    sandbox.set_latency(0)


def test_fault_hits_only_its_path_and_method(sandbox, http):
    sandbox.faults.add("rate_limit", path="/v2/licenses/upgrade", method="POST")
    assert http.get(sandbox.url + "/v2/ping").status_code == 200
    assert http.get(sandbox.url + "/v2/licenses/upgrade").status_code == 405
    assert http.post(sandbox.url + "/v2/licenses/upgrade").status_code == 429


def test_times_limits_how_often_a_fault_fires(sandbox, http):
    sandbox.faults.add("rate_limit", path="/v2/ping", times=2)
    codes = [http.get(sandbox.url + "/v2/ping").status_code for _ in range(4)]
    assert codes == [429, 429, 200, 200]


def test_clear_removes_faults(sandbox, http):
    sandbox.faults.add("http500_html")
    assert http.get(sandbox.url + "/v2/ping").status_code == 500
    sandbox.faults.clear()
    assert http.get(sandbox.url + "/v2/ping").status_code == 200


def test_rate_fires_about_that_often():
    plan = FaultPlan(seed=7)
    plan.add("drop", rate=0.25)
    fired = sum(plan.pick("GET", "/v2/ping") is not None for _ in range(1000))
    assert 180 < fired < 320
    never = FaultPlan(seed=7)
    never.add("drop", rate=0.0)
    assert all(never.pick("GET", "/x") is None for _ in range(100))


def test_request_log_counts_faulted_requests_too(sandbox, http):
    sandbox.faults.add("drop", path="/v2/ping", times=1)
    with pytest.raises(httpx.RemoteProtocolError):
        http.get(sandbox.url + "/v2/ping")
    http.get(sandbox.url + "/v2/ping")
    assert sandbox.request_count("GET", "/v2/ping") == 2
    assert ("GET", "/v2/ping") in sandbox.server.request_log


def test_fault_spec_syntax():
    assert parse_spec("drop") == {"kind": "drop"}
    spec = "rate_limit:path=/v2/licenses,method=POST,rate=0.5,times=3,retry_after=2"
    assert parse_spec(spec) == {
        "kind": "rate_limit",
        "path": "/v2/licenses",
        "method": "POST",
        "rate": 0.5,
        "times": 3,
        "retry_after": 2,
    }
    with pytest.raises(ValueError):
        parse_spec("drop:colour=red")
    with pytest.raises(ValueError):
        FaultPlan().add("explode")
