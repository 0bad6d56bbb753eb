"""Activation endpoints: list by serial, set activated, delete (spec §4.3–4.7)."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

from .args import Args, flag
from .db import stamp
from .errors import (
    ACTIVATION_DELETED,
    ACTIVATION_MISSING,
    ACTIVATION_UPDATED,
    HOST_LIMIT,
    ApiError,
)
from .views import ACTIVATION_SELECT, activation_json

_ID = re.compile(r"\d{1,18}")


def _activation_id(raw: str) -> int:
    """A path id that is not a plain integer names no activation: 404, never a 5xx."""
    if not _ID.fullmatch(raw):
        raise ApiError(404, ACTIVATION_MISSING)
    return int(raw)


def activated_count(conn: sqlite3.Connection, license_id: int, product_id: int) -> int:
    """Seats in use: activations of this licence and product with activated = true."""
    return conn.execute(
        "SELECT COUNT(*) FROM activations "
        "WHERE license_id = ? AND product_id = ? AND activated = 1",
        (license_id, product_id),
    ).fetchone()[0]


def list_for_serial(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """GET /v2/activations/{serial}: 404 when the serial has none (or does not exist)."""
    rows = conn.execute(ACTIVATION_SELECT + " WHERE l.serial = ? ORDER BY a.id", (path["key"],))
    data = [activation_json(row) for row in rows]
    if not data:
        raise ApiError(404, ACTIVATION_MISSING)
    return {"data": data}


def set_activated(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """PUT /v2/activations/{id}: re-activating over max_host_count is refused with 422."""
    activated = flag(args, "activated")
    activation_id = _activation_id(path["key"])
    row = conn.execute(
        "SELECT a.license_id, a.product_id, a.activated, p.max_host_count FROM activations a "
        "JOIN products p ON p.id = a.product_id WHERE a.id = ?",
        (activation_id,),
    ).fetchone()
    if row is None:
        raise ApiError(404, ACTIVATION_MISSING)
    if activated and not row["activated"]:
        used = activated_count(conn, row["license_id"], row["product_id"])
        if used >= row["max_host_count"]:
            raise ApiError(422, HOST_LIMIT)
    conn.execute(
        "UPDATE activations SET activated = ?, updated_at = ? WHERE id = ?",
        (int(activated), stamp(), activation_id),
    )
    return {"message": ACTIVATION_UPDATED}


def delete(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """DELETE /v2/activations/{id}."""
    activation_id = _activation_id(path["key"])
    if conn.execute("DELETE FROM activations WHERE id = ?", (activation_id,)).rowcount == 0:
        raise ApiError(404, ACTIVATION_MISSING)
    return {"message": ACTIVATION_DELETED}
