"""Where arguments travel: query string, urlencoded or multipart form, or a JSON body.

GET reads the query string only. Other methods read the query string and then the
body, whose values win (DESIGN.md §2). Bodies above 64 KiB are refused with 413.

Arguments must be text: a query string or form body whose percent-escapes are not
UTF-8 (``%ED%A0%80``, an encoded lone surrogate, or ``%FF``), or a JSON string with a
lone surrogate escape (``"\\ud800"``), is refused with 400 here, at the door: further in,
SQLite or ``str.encode`` would meet it and the answer would be a 500.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl

from starlette.datastructures import UploadFile
from starlette.requests import ClientDisconnect, Request
from starlette.types import Message

from .errors import ApiError

MAX_BODY = 64 * 1024
_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}
_SURROGATE = re.compile("[\ud800-\udfff]")

Args = dict[str, Any]


def _is_json(media_type: str) -> bool:
    return media_type.endswith("/json") or media_type.endswith("+json")


async def _read_body(request: Request) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise ApiError(413, "Request body too large: the limit is 64 KiB.")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise ApiError(413, "Request body too large: the limit is 64 KiB.")
    except ClientDisconnect:  # gone, or closed by the server's time-out: nobody to answer
        raise ApiError(400, "The connection closed before the body arrived.") from None
    return bytes(body)


def _pairs(encoded: bytes, where: str) -> list[tuple[str, str]]:
    """``name=value&...`` decoded strictly: every byte, raw or percent-escaped, is UTF-8."""
    try:
        return parse_qsl(encoded.decode("utf-8"), keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        raise ApiError(400, f"The {where} is not valid UTF-8 text.") from None


def query_args(query_string: bytes) -> Args:
    """The query string's arguments (the last of a repeated name wins, as in a form)."""
    return dict(_pairs(query_string, "query string"))


def _has_surrogate(value: Any) -> bool:
    """True when a string anywhere in the JSON value (key or value) is not valid text."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _json_args(body: bytes) -> Args:
    try:
        value = json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError):
        raise ApiError(400, "Malformed JSON body.") from None
    # json.loads turns "\ud800" into a lone surrogate: a str that no encoder accepts
    if b"\\u" in body and _has_surrogate(value):
        raise ApiError(400, "Malformed JSON body: a string holds a lone surrogate escape.")
    if not isinstance(value, dict):
        raise ApiError(422, "The JSON body must be an object.")
    return value


async def _multipart_args(request: Request, body: bytes) -> Args:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    try:
        form = await Request(request.scope, replay).form(max_files=8, max_fields=64)
    except Exception:
        raise ApiError(400, "Malformed multipart body.") from None
    try:
        args: Args = {}
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                raise ApiError(422, f"The {key} field must be text, not a file.")
            args[key] = value
        return args
    finally:
        await form.close()


async def read_args(request: Request) -> Args:
    """All arguments of a request as one dict (body over query)."""
    args: Args = query_args(request.scope.get("query_string", b""))
    if request.method in ("GET", "HEAD"):
        return args
    body = await _read_body(request)
    if not body.strip():
        return args
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if _is_json(media_type):
        args.update(_json_args(body))
    elif media_type == "application/x-www-form-urlencoded":
        args.update(_pairs(body, "form body"))
    elif media_type == "multipart/form-data":
        args.update(await _multipart_args(request, body))
    else:
        raise ApiError(
            415,
            f"Unsupported content type {media_type or '(none)'}: "
            "send JSON, a form, or the query string.",
        )
    return args


def given(args: Args, name: str) -> Any:
    """A required argument as it came; 422 when it is missing or empty."""
    value = args.get(name)
    if value is None or value == "":
        raise ApiError(422, f"The {name} field is required.")
    return value


def text(args: Args, name: str, *, required: bool = True, max_len: int = 255) -> str | None:
    """A string argument; 422 when required and missing, or not a string."""
    if not required and args.get(name) in (None, ""):
        return None
    value = given(args, name)
    if not isinstance(value, str):
        raise ApiError(422, f"The {name} field must be a string.")
    if len(value) > max_len:
        raise ApiError(422, f"The {name} field must not be longer than {max_len} characters.")
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise ApiError(422, f"The {name} field contains control characters.")
    return value


def flag(args: Args, name: str) -> bool:
    """A required boolean: JSON true/false, 0/1, or the strings true/false/1/0."""
    value = given(args, name)
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ApiError(422, f"The {name} field must be true or false.")
