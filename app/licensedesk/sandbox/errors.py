"""The spec's error body, and the messages of spec §7 plus the sandbox's own."""

from __future__ import annotations

import json
from collections.abc import Sequence

from starlette.responses import JSONResponse
from starlette.types import Send

NOT_AUTHORIZED = "You are not authorized!"
ACTIVATION_MISSING = "Activation does not exist!"
CURRENT_MISSING = "Current license does not exist!"
UPGRADE_MISSING = "Upgrade license does not exist!"
UPGRADE_MISMATCH = "Upgrade license does not match for upgrade with current license!"
LICENSE_MISSING = "License does not exist!"
TOO_MANY_REQUESTS = "Too Many Requests!"
#: the live service's documented 403 that is not about the key (DESIGN.md §2)
NO_FREE_LICENSES = (
    "You do not have any free licenses for this sku. Please generate new licenses for this sku!"
)

ACTIVATION_UPDATED = "Activation successfully updated."
ACTIVATION_DELETED = "Activation successfully deleted."
UPGRADE_DONE = "Upgrade license is ready to use."
REGISTERED = "Serial successfully registered."

NOT_SUITABLE = "License is not suitable for registration (no offline distribution)."
HOST_LIMIT = "Host limit reached: the product's max_host_count activations are already active."


class ApiError(Exception):
    """Raised anywhere in a request; becomes ``{"error": {...}}`` with the same HTTP status."""

    def __init__(self, status_code: int, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message


def error_response(status_code: int, message: str, headers: dict[str, str] | None = None):
    """The spec's error body; the HTTP status always equals the body's status_code."""
    body = {"error": {"message": message, "status_code": status_code}}
    return JSONResponse(body, status_code=status_code, headers=headers)


def error_body_bytes(status_code: int, message: str) -> bytes:
    """Raw JSON bytes of an error body, for middleware that speaks plain ASGI."""
    return json.dumps({"error": {"message": message, "status_code": status_code}}).encode()


async def send_response(
    send: Send, status: int, content_type: bytes, body: bytes, extra: Sequence = ()
) -> None:
    """A whole response through plain ASGI; ``extra``: more (name, value) header pairs."""
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": [*headers, *extra]})
    await send({"type": "http.response.body", "body": body})


async def send_error(send: Send, status: int, message: str, extra: Sequence = ()) -> None:
    """The spec's error body through plain ASGI (middleware, the protocol's own checks)."""
    body = error_body_bytes(status, message)
    await send_response(send, status, b"application/json", body, extra)
