"""Licence endpoints: show-license, products and upgrade (spec §4.8–4.10)."""

from __future__ import annotations

import sqlite3
from typing import Any

from .args import Args, text
from .db import stamp
from .errors import (
    CURRENT_MISSING,
    LICENSE_MISSING,
    UPGRADE_DONE,
    UPGRADE_MISMATCH,
    UPGRADE_MISSING,
    ApiError,
)
from .views import find_license, license_json, product_json


def show(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """GET show-license: an unknown serial is HTTP 401 with status_code 401 (spec §7)."""
    row = find_license(conn, path["serial"])
    if row is None:
        raise ApiError(401, LICENSE_MISSING)
    return {"data": license_json(row, full=True)}


def products(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """POST products: the products the licence's SKU unlocks; 404 for an unknown serial."""
    serial = text(args, "serial")
    row = find_license(conn, serial or "")
    if row is None:
        raise ApiError(404, LICENSE_MISSING)
    rows = conn.execute(
        "SELECT p.* FROM products p JOIN sku_products sp ON sp.product_id = p.id "
        "WHERE sp.sku_id = ? ORDER BY p.id",
        (row["sku_id"],),
    )
    return {"data": [product_json(product) for product in rows]}


def upgrade(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """POST upgrade, inside one BEGIN IMMEDIATE transaction (the caller's).

    Match rule: the upgrade licence's SKU ``sku_upgrade`` equals the current
    licence's ``sku_number`` and the serials differ. The current licence and its
    activations (ON DELETE CASCADE) are removed; the upgrade licence is unchanged
    except for updated_at.
    """
    current_serial = text(args, "current_serial") or ""
    upgrade_serial = text(args, "upgrade_serial") or ""
    current = find_license(conn, current_serial)
    if current is None:
        raise ApiError(404, CURRENT_MISSING)
    target = find_license(conn, upgrade_serial)
    if target is None:
        raise ApiError(404, UPGRADE_MISSING)
    matches = (
        target["sku_upgrade"] != ""
        and target["sku_upgrade"] == current["sku_number"]
        and target["serial"] != current["serial"]
    )
    if not matches:
        raise ApiError(422, UPGRADE_MISMATCH)
    conn.execute("DELETE FROM licenses WHERE id = ?", (current["id"],))
    conn.execute("UPDATE licenses SET updated_at = ? WHERE id = ?", (stamp(), target["id"]))
    return {"message": UPGRADE_DONE}
