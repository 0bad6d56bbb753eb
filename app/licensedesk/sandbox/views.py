"""Rows to the spec's resources (§2), with the exact field names and JSON types."""

from __future__ import annotations

import sqlite3
from typing import Any

LICENSE_SELECT = """
SELECT l.id, l.serial, l.dealer_id, l.sku_id, l.name, l.email, l.type, l.start_at, l.end_at,
       l.registered, l.offline_distribution, l.created_at, l.updated_at,
       d.name AS dealer_name, s.name AS sku_name, s.number AS sku_number,
       s.sku_upgrade, s.url AS sku_url, s.image_url, s.definer
FROM licenses l
JOIN dealers d ON d.id = l.dealer_id
JOIN skus s ON s.id = l.sku_id
"""

ACTIVATION_SELECT = """
SELECT a.id, a.license_id, a.product_id, a.activated, a.host_id, a.device_tag,
       a.created_at, a.updated_at, p.name AS product_name, l.serial,
       s.name AS sku_name, s.number AS sku
FROM activations a
JOIN licenses l ON l.id = a.license_id
JOIN products p ON p.id = a.product_id
JOIN skus s ON s.id = l.sku_id
"""


def find_license(conn: sqlite3.Connection, serial: str) -> sqlite3.Row | None:
    """The licence row with its dealer and SKU columns, or None."""
    return conn.execute(LICENSE_SELECT + " WHERE l.serial = ?", (serial,)).fetchone()


def license_json(row: sqlite3.Row, *, full: bool) -> dict[str, Any]:
    """Spec §2.1; ``full`` adds sku_upgrade and definer (show-license only)."""
    data: dict[str, Any] = {
        "id": row["id"],
        "dealer_id": row["dealer_id"],
        "dealer_name": row["dealer_name"],
        "sku_id": row["sku_id"],
        "sku_name": row["sku_name"],
        "sku_number": row["sku_number"],
        "sku_url": row["sku_url"],
        "image_url": row["image_url"],
        "serial": row["serial"],
        "name": row["name"],
        "email": row["email"],
        "type": row["type"],
        "start_at": row["start_at"],
        "end_at": row["end_at"],
        "registered": bool(row["registered"]),
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }
    if full:
        data["sku_upgrade"] = row["sku_upgrade"]
        data["definer"] = row["definer"]
    return data


def activation_json(row: sqlite3.Row) -> dict[str, Any]:
    """Spec §2.2."""
    return {
        "id": row["id"],
        "license_id": row["license_id"],
        "product_id": row["product_id"],
        "activated": bool(row["activated"]),
        "host_id": row["host_id"],
        "device_tag": row["device_tag"],
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
        "product_name": row["product_name"],
        "serial": row["serial"],
        "sku_name": row["sku_name"],
        "sku": row["sku"],
    }


def product_json(row: sqlite3.Row) -> dict[str, Any]:
    """Spec §2.3 (version_code is internal: it travels in validation results only)."""
    return {
        "id": row["id"],
        "name": row["name"],
        "code": row["code"],
        "filename": row["filename"],
        "key": row["key"],
        "signature": row["signature"],
        "signature_trial": row["signature_trial"],
        "active": bool(row["active"]),
        "max_host_count": row["max_host_count"],
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }
