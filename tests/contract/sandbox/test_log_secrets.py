"""No api_key, valid or not, in any log line of ``serve`` at any verbosity (issue #13).

A canary key and a valid demo key travel every way a client (or an attacker probing
the redaction) could send them: as ``api_key`` in the query, behind an encoded name
(``api%5Fkey``, which the server decodes and accepts), inside another name, in JSON,
form and multipart bodies, and in the path (an encoded ``?`` or a bare segment).
The child's whole stderr is then searched for both keys.
"""

from __future__ import annotations

import json
import secrets
import subprocess
from urllib.parse import quote

import pytest

from licensedesk.sandbox.demo import create_demo
from tests.support.sandbox_process import SandboxProcess

from .rawhttp import exchange, request

CANARY = "sk_canary_" + secrets.token_hex(16)


def _targets(serial: str, app_id: str, key: str) -> list[str]:
    show = f"/v2/licenses/show-license/{serial}"
    return [
        f"{show}?app_id={app_id}&api_key={key}",
        f"{show}?app_id={app_id}&api%5Fkey={key}",  # decoded to api_key: accepted
        f"{show}?app_id={app_id}&%61pi_key={key}",
        f"{show}?app_id={app_id}&API%5FKEY={key}",
        f"{show}?app_id={app_id}&api_key%3D{key}",  # the whole name=value in one name
        f"{show}?app_id={app_id}&x%26api_key%3D{key}=1",
        f"{show}?app_id={app_id}&x&api_key={key}",
        f"{show}?app_id={app_id}&api_key={key}%FF",  # refused (400) before anything else
        f"{show}?app_id={app_id}&serial={quote('api_key=' + key)}",
        f"{show}?{key}",
        f"{show}%3Fapi_key%3D{key}",  # "?" encoded into the path: refused (400)
        f"/v2/licenses/show-license/{key}?app_id={app_id}",
        f"/v2/activations/{key}",
        f"/v2/{key}/ping",  # an unknown route (404)
        f"/media/sku/{key}.svg",
    ]


def _bodies(serial: str, app_id: str, key: str) -> list[tuple[str, bytes]]:
    args = {"app_id": app_id, "api_key": key, "serial": serial}
    form = "&".join(f"{k}={quote(v)}" for k, v in args.items())
    multipart = (
        "".join(
            f'--b\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
            for k, v in args.items()
        )
        + "--b--\r\n"
    )
    return [
        ("application/json", json.dumps(args).encode()),
        ("application/json", json.dumps({**args, "api_key": key + "\n"}).encode()),
        ("application/x-www-form-urlencoded", form.encode()),
        ("application/x-www-form-urlencoded", form.replace("api_key", "api%5Fkey").encode()),
        ("multipart/form-data; boundary=b", multipart.encode()),
        ("text/plain", f"api_key={key}".encode()),  # 415
        ("application/json", b'{"api_key": "' + key.encode() + b'", '),  # malformed: 400
    ]


@pytest.mark.parametrize("verbosity", [[], ["-v"]], ids=["default", "verbose"])
def test_no_api_key_in_any_log_line(tmp_path, verbosity):
    data = create_demo(tmp_path / "log.db")
    pair = data["catalogue"]["credentials"]["read_write"]
    app_id, valid = pair["app_id"], pair["api_key"]
    serial = data["catalogue"]["serials"]["perpetual"]
    statuses = []
    with SandboxProcess(tmp_path / "log.db", *verbosity, stderr=subprocess.PIPE) as server:
        for key in (valid, CANARY):
            for target in _targets(serial, app_id, key):
                [response], _ = exchange(server.url, request("GET", target))
                statuses.append(response.status)
            for content_type, body in _bodies(serial, app_id, key):
                for path in ("/v2/licenses/products", "/v2/licenses/valid"):
                    [response], _ = exchange(
                        server.url, request("POST", path, body, {"Content-Type": content_type})
                    )
                    statuses.append(response.status)
        # the smuggling and malformed-request paths of the protocol log too
        exchange(
            server.url,
            request(
                "POST",
                f"/v2/licenses/valid?api_key={CANARY}",
                b"0\r\n\r\n",
                {"Transfer-Encoding": "chunked"},
            ),
        )
        exchange(server.url, f"GET /v2/ping?api_key={CANARY} HTTP/1.1\r\nBad\r\n\r\n".encode())
    log = server.captured_stderr
    assert 200 in statuses  # the valid key was used and accepted (also behind api%5Fkey)
    if verbosity:
        assert "show-license" in log and "api_key=***" in log  # the log still says something
    assert valid not in log
    assert CANARY not in log
    assert CANARY[len("sk_canary_") :] not in log  # not even the key's random part
