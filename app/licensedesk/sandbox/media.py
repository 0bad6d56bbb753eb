"""Sandbox extra (not in the spec): SKU images, served like a real service's media route.

``GET /media/sku/<slug>.svg`` and ``.png`` (slug: the SKU number in lower case)
answer a small picture generated from the SKU, for every SKU in the database
(404 for an unknown one). Nothing is shipped as a file: the SVG is text, the
PNG is built with ``zlib`` (flat colours, 96 x 96), so the answer is the same
every time and may be cached (``Cache-Control``, ``ETag``).

The database may store ``image_url`` as a path starting with ``/`` (the demo
does: ``/media/sku/sp-2024-perp.svg``); :func:`absolute_urls` makes it
absolute from the request's base URL before the JSON leaves the server, so
clients always receive an absolute URL (spec §2.1 says "string or null").
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import struct
import zlib
from html import escape
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response

from .errors import error_response

PREFIX = "/media/sku/"
_NAME = re.compile(r"([a-z0-9][a-z0-9._-]{0,63})\.(svg|png)")
_TYPES = {"svg": "image/svg+xml", "png": "image/png"}
CACHE_CONTROL = "public, max-age=86400"


def image_path(sku_number: str, ext: str = "svg") -> str:
    """The media path of a SKU's image, e.g. ``/media/sku/sp-2024-perp.svg``."""
    return f"{PREFIX}{sku_number.lower()}.{ext}"


def _colour(number: str) -> tuple[int, int, int]:
    digest = hashlib.sha256(number.encode()).digest()
    # muted, readable under white text: each channel 40..167
    return tuple(40 + b % 128 for b in digest[:3])  # type: ignore[return-value]


def _initials(name: str) -> str:
    words = [w for w in re.split(r"[^A-Za-z0-9]+", name) if w and w[0].isalpha()]
    return "".join(w[0].upper() for w in words[:2]) or "?"


def sku_svg(number: str, name: str) -> bytes:
    """A 96 x 96 badge: the SKU's initials on a colour of its own, its number below."""
    r, g, b = _colour(number)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">'
        f'<rect x="2" y="2" width="92" height="92" rx="14" fill="rgb({r},{g},{b})"/>'
        '<text x="48" y="56" font-family="sans-serif" font-size="34" font-weight="bold" '
        f'fill="#ffffff" text-anchor="middle">{escape(_initials(name))}</text>'
        '<text x="48" y="82" font-family="sans-serif" font-size="9" fill="#ffffff" '
        f'text-anchor="middle">{escape(number)}</text>'
        "</svg>"
    ).encode()


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def sku_png(number: str, size: int = 96) -> bytes:
    """A flat 96 x 96 RGB PNG: the SKU's colour with a lighter band (stdlib only)."""
    r, g, b = _colour(number)
    light = bytes((min(255, r + 80), min(255, g + 80), min(255, b + 80)))
    plain = bytes((r, g, b))
    rows = []
    for y in range(size):
        pixel = light if size // 3 <= y < size // 3 + size // 6 else plain
        rows.append(b"\x00" + pixel * size)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + _png_chunk(b"IEND", b"")
    )


def _find_sku(db, slug: str) -> sqlite3.Row | None:
    with db.read() as conn:
        return conn.execute(
            "SELECT number, name FROM skus WHERE lower(number) = ?", (slug,)
        ).fetchone()


async def sku_image(request: Request) -> Response:
    """``GET /media/sku/{name}``: the image of one SKU; 404 for an unknown SKU or type."""
    match = _NAME.fullmatch(request.path_params["name"])
    if match is None:
        return error_response(404, "Image does not exist!")
    slug, ext = match.groups()
    state = request.app.state.sandbox
    row = await anyio.to_thread.run_sync(_find_sku, state.db, slug, limiter=state.limiter())
    if row is None:
        return error_response(404, "Image does not exist!")
    body = sku_svg(row["number"], row["name"]) if ext == "svg" else sku_png(row["number"])
    etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
    headers = {"Cache-Control": CACHE_CONTROL, "ETag": etag}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=_TYPES[ext], headers=headers)


def absolute_urls(result: dict[str, Any], base_url: str) -> dict[str, Any]:
    """Make every ``image_url`` of ``result["data"]`` that is a path (``/…``) absolute."""
    base = base_url.rstrip("/")
    data = result.get("data") if isinstance(result, dict) else None
    items = data if isinstance(data, list) else [data]
    for item in items:
        if isinstance(item, dict):
            url = item.get("image_url")
            if isinstance(url, str) and url.startswith("/") and not url.startswith("//"):
                item["image_url"] = base + url
    return result
