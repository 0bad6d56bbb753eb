"""A small /v2 server that made OTHER choices within the spec than the sandbox.

Raw asyncio HTTP/1.1 (keep-alive, Content-Length bodies), started in the test's
own event loop on a free loopback port, so it is ready as soon as
``start()`` returns (no sleeps). Its choices:

- booleans as 0/1 and "0"/"1", ids and counts as numeric strings, extra fields;
- timestamps in Asia/Tokyo (``ZONE``);
- every error as HTTP 200 with an ``{"error": ...}`` body;
- activations of a serial without any: ``{"data": []}`` (not a 404);
- registration check of an unknown serial: an error, not ``[]``;
- arguments read from the place ``reads`` names: "any" (query, form or JSON),
  "form" (urlencoded body only) or "query" (query string only).

Tests script faults per request with :meth:`OddServer.script`; every
request is counted in ``hits`` (by ``(method, path)``).
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

ZONE = "Asia/Tokyo"
APP_ID, API_KEY = "odd-app", "odd-key-canary-0042"
SERIAL = "ODDS-0001-AAAA-BBBB-CCCC"
EMPTY_SERIAL = "ODDS-0002-AAAA-BBBB-CCCC"
UPGRADE_SERIAL = "ODDS-0003-AAAA-BBBB-CCCC"
CODE = "0f0e0d0c-0b0a-0908-0706-050403020100"

LICENSE = {
    "id": "12",
    "dealer_id": "3",
    "dealer_name": "Odd Dealer",
    "sku_id": 7.0,
    "sku_name": None,
    "sku_number": 9001,
    "sku_upgrade": "",
    "sku_url": None,
    "image_url": None,
    "serial": SERIAL,
    "definer": "x",
    "name": None,
    "email": None,
    "type": "subscription",
    "start_at": "1700000000",
    "end_at": None,
    "registered": "0",
    "created_at": "2024-03-01 09:00:00",
    "updated_at": "2024-03-02 00:30:00",
    "internal_flag": {"offline_distribution": 1},
}
ACTIVATIONS = [
    {
        "id": "21",
        "license_id": "12",
        "product_id": "5",
        "activated": 1,
        "host_id": "a" * 32,
        "device_tag": "Linux__64bits",
        "created_at": "2024-03-01 09:00:00",
        "updated_at": None,
        "product_name": "Odd Pro",
        "serial": SERIAL,
        "sku_name": "Odd",
        "sku": "9001",
        "x": 1,
    },
    {
        "id": 22,
        "license_id": 12,
        "product_id": 5,
        "activated": "0",
        "host_id": "b" * 32,
        "device_tag": "Windows 10__64bits",
        "created_at": "2024-03-01 10:00:00",
        "updated_at": "2024-03-01 10:00:00",
        "product_name": "Odd Pro",
        "serial": SERIAL,
        "sku_name": "Odd",
        "sku": 9001,
    },
]
PRODUCT = {
    "id": "5",
    "name": "Odd Pro",
    "code": CODE,
    "filename": "odd.lic",
    "key": "K" * 32,
    "signature": "SIG-odd",
    "signature_trial": "TRIAL-odd",
    "active": "1",
    "max_host_count": "3",
    "created_at": "2024-03-01 09:00:00",
    "updated_at": "2024-03-01 09:00:00",
    "colour": "red",
}


@dataclass
class Reply:
    status: int = 200
    body: bytes | dict | list | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    close: bool = False  # close the connection after sending
    drop: bool = False  # close without answering at all
    delay: float = 0.0  # seconds before answering (for time-out tests)
    truncate_to: int | None = None  # announce the full length, send this many bytes, close

    def payload(self) -> bytes:
        if isinstance(self.body, bytes):
            return self.body
        if isinstance(self.body, str):
            return self.body.encode()
        return json.dumps(self.body).encode()


def error(message: str, status_code: int) -> Reply:
    return Reply(200, {"error": {"message": message, "status_code": str(status_code)}})


@dataclass
class Received:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes


class OddServer:
    def __init__(self, reads: str = "any") -> None:
        self.reads = reads
        self.hits: Counter[tuple[str, str]] = Counter()
        self.received: list[Received] = []
        self._scripts: dict[tuple[str, str], list[Reply]] = {}
        self._server: asyncio.base_events.Server | None = None
        self.url = ""

    async def start(self, ssl: Any = None) -> str:
        """Listen on a free loopback port (TLS when given an ``ssl.SSLContext``)."""
        self._server = await asyncio.start_server(self._connection, "127.0.0.1", 0, ssl=ssl)
        port = self._server.sockets[0].getsockname()[1]
        self.url = f"{'https' if ssl else 'http'}://127.0.0.1:{port}"
        return self.url

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def __aenter__(self) -> OddServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def script(self, method: str, path: str, replies: list[Reply]) -> None:
        """Answer the next requests to (method, path prefix) with these replies, in order."""
        self._scripts[(method, path)] = list(replies)

    def count(self, method: str, prefix: str) -> int:
        return sum(n for (m, p), n in self.hits.items() if m == method and p.startswith(prefix))

    # -- HTTP plumbing ---------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (
                    asyncio.IncompleteReadError,
                    ConnectionError,
                    asyncio.CancelledError,
                    OSError,
                ):
                    return
                lines = head.decode("latin-1").split("\r\n")
                method, target, _ = lines[0].split(" ", 2)
                headers = {}
                for line in lines[1:]:
                    if ":" in line:
                        k, v = line.split(":", 1)
                        headers[k.strip().lower()] = v.strip()
                body = await reader.readexactly(int(headers.get("content-length", "0") or 0))
                parts = urlsplit(target)
                req = Received(
                    method, unquote(parts.path), dict(parse_qsl(parts.query)), headers, body
                )
                self.received.append(req)
                self.hits[(method, parts.path)] += 1
                reply = self._scripted(method, parts.path) or self._handle(req)
                if reply.delay:
                    await asyncio.sleep(reply.delay)
                if reply.drop:
                    return
                payload = reply.payload()
                hdrs = {
                    "content-type": "application/json",
                    **reply.headers,
                    "content-length": str(len(payload)),
                }
                if reply.close:
                    hdrs["connection"] = "close"
                status_line = f"HTTP/1.1 {reply.status} X\r\n"
                if reply.truncate_to is not None:
                    payload = payload[: reply.truncate_to]
                writer.write(
                    (
                        status_line + "".join(f"{k}: {v}\r\n" for k, v in hdrs.items()) + "\r\n"
                    ).encode()
                    + payload
                )
                await writer.drain()
                if reply.close or reply.truncate_to is not None:
                    return
        finally:
            writer.close()

    def _scripted(self, method: str, path: str) -> Reply | None:
        for (m, prefix), replies in self._scripts.items():
            if m == method and path.startswith(prefix) and replies:
                return replies.pop(0)
        return None

    def _args(self, req: Received) -> dict[str, Any]:
        ctype = req.headers.get("content-type", "")
        form = dict(parse_qsl(req.body.decode())) if "x-www-form-urlencoded" in ctype else {}
        body_json = json.loads(req.body) if "json" in ctype and req.body else {}
        if req.method == "GET" or self.reads == "query":
            return dict(req.query)
        if self.reads == "form":
            return form
        return {**req.query, **form, **body_json}

    # -- the service, as this server chose to implement it ---------------------

    def _handle(self, req: Received) -> Reply:
        args = self._args(req)
        if args.get("app_id") != APP_ID or args.get("api_key") != API_KEY:
            return error("You are not authorized!", 401)
        seg = req.path.split("/")[2:]  # after "", "v2"
        m = req.method
        if m == "GET" and seg[:2] == ["licenses", "show-license"]:
            if seg[2:] == [SERIAL]:
                return Reply(200, {"data": LICENSE, "meta": {"took": "1ms"}})
            return error("License does not exist!", 401)
        if m == "POST" and seg == ["licenses", "products"]:
            if args.get("serial") == SERIAL:
                return Reply(200, {"data": [PRODUCT]})
            return error("License does not exist!", 404)
        if m == "GET" and seg[0] == "activations" and len(seg) == 2:
            return Reply(200, {"data": ACTIVATIONS if seg[1] == SERIAL else []})
        if seg[0] == "activations" and m in ("PUT", "DELETE"):
            aid = seg[-1]
            if aid not in ("21", "22"):
                return error("Activation does not exist!", 404)
            if m == "PUT":
                if str(args.get("activated")).lower() not in ("1", "0", "true", "false"):
                    return error("The activated field must be true or false.", 422)
                return Reply(200, {"message": "Activation successfully updated."})
            return Reply(200, {"message": "Activation successfully deleted."})
        if m == "POST" and seg == ["licenses", "valid"]:
            if args.get("version") != "2.0" or not args.get("code"):
                return error("The version must be 2.0.", 422)
            if args.get("serial") != SERIAL:
                return error("License does not exist!", 404)
            message = "Licence suspended by vendor" if args.get("host_id") else "expired"
            return Reply(
                200,
                {
                    "data": {
                        "message": message,
                        "licensee_name": None,
                        "licensee_email": None,
                        "sku_number": 9001,
                        "product_code": CODE,
                        "version_code": 2,
                    }
                },
            )
        if m == "POST" and seg == ["licenses", "upgrade"]:
            if args.get("current_serial") != SERIAL:
                return error("Current license does not exist!", 404)
            if args.get("upgrade_serial") == SERIAL:
                return Reply(
                    400,
                    {
                        "error": {
                            "message": "Upgrade license does not match for "
                            "upgrade with current license!",
                            "status_code": 422,
                        }
                    },
                )
            if args.get("upgrade_serial") != UPGRADE_SERIAL:
                return error("Upgrade license does not exist!", 404)
            return Reply(200, {"message": "Upgrade license is ready to use."})
        if seg[0] == "register-products" and len(seg) == 2:
            if seg[1] != SERIAL:
                return error("License does not exist!", 404)
            if m == "GET":
                return Reply(200, {"data": [LICENSE]})
            if m == "PUT":
                return Reply(200, {"message": "Serial successfully registered."})
        return Reply(404, "<html><body>Not Found</body></html>", {"content-type": "text/html"})
