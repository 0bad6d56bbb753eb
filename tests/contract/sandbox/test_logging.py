"""The sandbox's own request log never shows an api_key (uvicorn's access log is off)."""

from __future__ import annotations

import logging
import subprocess

from licensedesk.sandbox.logs import redact, request_target
from tests.support.sandbox_process import SandboxProcess

from ...support.waiting import wait_for
from .helpers import HTTP, cred_args


def test_access_log_redacts_api_key(sandbox, caplog):
    caplog.set_level(logging.INFO, logger="licensedesk.sandbox.access")
    app_id, api_key = sandbox.creds("read")
    serial = sandbox.serial("perpetual")
    HTTP.get(f"{sandbox.url}/v2/licenses/show-license/{serial}", params=cred_args(sandbox, "read"))

    def logged() -> list[str]:
        return [r.getMessage() for r in caplog.records if "show-license" in r.getMessage()]

    wait_for(logged, what="access log line")
    [line] = logged()
    assert api_key not in line and "api_key=***" in line and app_id in line
    assert " 200 " in line


def test_redact_handles_every_position():
    assert redact("a=1&api_key=secret&b=2") == "a=1&api_key=***&b=2"
    assert redact("API_KEY=secret") == "API_KEY=***"
    assert redact("app_id=x") == "app_id=x"
    assert redact("api%5Fkey=secret") == "api%5Fkey=***"
    assert redact('{"api_key": "secret", "b": 1}') == '{"api_key": "***", "b": 1}'
    assert redact("api-key: secret") == "api-key: ***"


def test_access_line_shows_only_what_looks_harmless():
    serial = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
    target = request_target(
        f"/v2/licenses/show-license/{serial}".encode(),
        b"app_id=demo-read&api%5Fkey=k&serial=sk_x&name=Ada+L&x%3Dy=1",
    )
    assert target == (
        f"/v2/licenses/show-license/{serial}?app_id=demo-read&api_key=***&serial=*&name=*&*=*"
    )
    assert request_target(b"/v2/activations/X%3Fapi_key%3Dk", b"") == "/v2/activations/*"
    assert request_target(b"/v2/activations/12", b"") == "/v2/activations/12"
    assert request_target(b"/media/sku/sp-2024-perp.svg", b"") == "/media/sku/sp-2024-perp.svg"


def test_serve_verbose_log_has_no_api_key_and_cli_faults_work(tmp_path):
    from licensedesk.sandbox.demo import create_demo

    db = tmp_path / "v.db"
    data = create_demo(db)
    pair = data["catalogue"]["credentials"]["read"]
    fault = "rate_limit:path=/v2/ping,retry_after=3,times=1"
    with SandboxProcess(db, "-v", "--fault", fault, stderr=subprocess.PIPE) as server:
        url = server.url
        limited = HTTP.get(url + "/v2/ping")
        assert limited.status_code == 429 and limited.headers["retry-after"] == "3"
        assert HTTP.get(url + "/v2/ping").status_code == 200
        serial = data["catalogue"]["serials"]["perpetual"]
        HTTP.get(f"{url}/v2/licenses/show-license/{serial}", params=pair)
    err = server.captured_stderr
    assert "show-license" in err
    assert pair["api_key"] not in err
