"""Bytes on a socket, for requests no HTTP client would send (the sandbox's hostile cases).

:func:`exchange` sends bytes exactly as given, reads until the server closes (or a
time limit), and splits what came back into responses by their Content-Length, so a
test can say "one answer, 400, then the connection closed".
"""

from __future__ import annotations

import json
import socket
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


@dataclass
class RawResponse:
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    def json(self) -> Any:
        return json.loads(self.body)


def address(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    return parts.hostname or "127.0.0.1", parts.port or 80


def connect(url: str, timeout: float = 5.0) -> socket.socket:
    return socket.create_connection(address(url), timeout=timeout)


def read_until_closed(sock: socket.socket, timeout: float) -> tuple[bytes, bool]:
    """Everything the server sends until it closes (True) or ``timeout`` passes (False)."""
    data = b""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            return data, False
        except ConnectionResetError:
            return data, True
        if not chunk:
            return data, True
        data += chunk
    return data, False


def parse_responses(data: bytes) -> list[RawResponse]:
    """Consecutive HTTP/1.1 responses, each framed by its Content-Length (1xx: no body)."""
    found = []
    while data:
        head, sep, rest = data.partition(b"\r\n\r\n")
        assert sep, f"incomplete response head: {data[:200]!r}"
        lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        status = int(lines[0].split()[1])
        length = 0 if status < 200 else int(headers.get("content-length", len(rest)))
        found.append(RawResponse(status, headers, rest[:length]))
        data = rest[length:]
    return found


def exchange(url: str, data: bytes, timeout: float = 5.0) -> tuple[list[RawResponse], bool]:
    """Send ``data`` in one write; (the responses, whether the server closed)."""
    with connect(url, timeout) as sock:
        sock.sendall(data)
        received, closed = read_until_closed(sock, timeout)
    return parse_responses(received), closed


def request(
    method: str,
    target: str | bytes,
    body: bytes = b"",
    headers: dict | None = None,
    close: bool = True,
) -> bytes:
    """One request's bytes; the target is sent as given (no encoding, no normalising)."""
    target = target.encode("latin-1") if isinstance(target, str) else target
    lines = [method.encode() + b" " + target + b" HTTP/1.1", b"Host: sandbox"]
    all_headers = {"Content-Length": str(len(body)), **(headers or {})}
    if close:
        all_headers["Connection"] = "close"
    lines += [f"{k}: {v}".encode("latin-1") for k, v in all_headers.items()]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def assert_json_error(response: RawResponse, status: int | None = None) -> None:
    """The spec's error body with HTTP status == status_code (and == ``status`` if given)."""
    if status is not None:
        assert response.status == status, (response.status, response.body)
    body = response.json()
    assert set(body) == {"error"}, body
    assert body["error"]["status_code"] == response.status, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
