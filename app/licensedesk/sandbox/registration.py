"""Offline-distribution registration: GET and PUT register-products (spec §4.1–4.2)."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

from .args import Args, text
from .db import stamp
from .errors import LICENSE_MISSING, NOT_SUITABLE, REGISTERED, ApiError
from .views import find_license, license_json

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+")


def check(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """``[licence]`` when it has offline distribution, ``[]`` otherwise or when unknown."""
    row = find_license(conn, path["serial"])
    if row is None or not row["offline_distribution"]:
        return {"data": []}
    return {"data": [license_json(row, full=False)]}


def register(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """Set name, email and registered=true; arguments are validated before the lookup."""
    name = text(args, "name")
    email = text(args, "email", max_len=254) or ""
    if not _EMAIL.fullmatch(email):
        raise ApiError(422, "The email field must be a valid e-mail address.")
    sku_number = text(args, "sku_number", required=False)
    row = find_license(conn, path["serial"])
    if row is None:
        raise ApiError(404, LICENSE_MISSING)
    if not row["offline_distribution"]:
        raise ApiError(422, NOT_SUITABLE)
    if sku_number is not None and sku_number != row["sku_number"]:
        raise ApiError(422, "The sku_number does not match the license's SKU.")
    conn.execute(
        "UPDATE licenses SET name = ?, email = ?, registered = 1, updated_at = ? WHERE id = ?",
        (name, email, stamp(), row["id"]),
    )
    return {"message": REGISTERED}
