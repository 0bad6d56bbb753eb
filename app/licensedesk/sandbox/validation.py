"""POST /v2/licenses/valid: the outcome of a serial for a product (DESIGN.md §2).

Checks run in this order and the first failing one names the outcome:
serial_unknown, product_unknown (no product has the code), product_mismatch (not
in the licence's SKU), product_inactive, no_subscription (a subscription without a
period), not_started, expired, then (with host_id) activation_disabled,
other_trial (the host runs another trial of the product) or host_limit_reached;
otherwise ``valid``. The operation returns the outcome as a word in
``data.message``; :mod:`.answers` says it the way the server is set to (the live
service's error bodies by default).
"""

from __future__ import annotations

import sqlite3
from typing import Any

from .activations import activated_count
from .args import Args, given, text
from .db import now, stamp
from .errors import ApiError
from .views import find_license


def wants_write(args: Args) -> bool:
    """Only a validation that names a host may record an activation."""
    return bool(args.get("host_id"))


def _arguments(args: Args) -> tuple[str, str, str | None, str]:
    code = text(args, "code") or ""
    serial = text(args, "serial") or ""
    if given(args, "version") != "2.0":
        raise ApiError(422, "The version field must be 2.0.")
    # the live service stores what it is sent: a 16-character processor id, a name such
    # as server-backend, a 32-character hash (DESIGN.md §2)
    host_id = text(args, "host_id", required=False, max_len=255)
    if host_id is not None and not (host_id.strip() and host_id.isprintable()):
        raise ApiError(422, "The host_id field must be printable text.")
    device_tag = text(args, "device_tag", required=False, max_len=100) or ""
    return code, serial, host_id, device_tag


def _record_host(
    conn: sqlite3.Connection, licence: sqlite3.Row, product: sqlite3.Row, host_id: str, tag: str
) -> str:
    """Reuse a known host (its activated flag decides), or take a free seat."""
    known = conn.execute(
        "SELECT id, activated, device_tag FROM activations "
        "WHERE license_id = ? AND product_id = ? AND host_id = ?",
        (licence["id"], product["id"], host_id),
    ).fetchone()
    if known is not None:
        if not known["activated"]:
            return "activation_disabled"
        if tag and tag != known["device_tag"]:
            conn.execute(
                "UPDATE activations SET device_tag = ?, updated_at = ? WHERE id = ?",
                (tag, stamp(), known["id"]),
            )
        return "valid"
    if activated_count(conn, licence["id"], product["id"]) >= product["max_host_count"]:
        return "host_limit_reached"
    created = stamp()
    conn.execute(
        "INSERT INTO activations (license_id, product_id, activated, host_id, device_tag, "
        "created_at, updated_at) VALUES (?, ?, 1, ?, ?, ?, ?)",
        (licence["id"], product["id"], host_id, tag, created, created),
    )
    return "valid"


def _other_trial(
    conn: sqlite3.Connection, licence: sqlite3.Row, product: sqlite3.Row, host_id: str
) -> bool:
    """Whether ``host_id`` has an activation of another trial licence of this product."""
    if licence["type"] != "trial":
        return False
    row = conn.execute(
        "SELECT 1 FROM activations a JOIN licenses l ON l.id = a.license_id "
        "WHERE a.host_id = ? AND a.product_id = ? AND l.type = 'trial' AND l.id != ? "
        "AND a.activated = 1",
        (host_id, product["id"], licence["id"]),
    ).fetchone()
    return row is not None


def _outcome(
    conn: sqlite3.Connection,
    licence: sqlite3.Row,
    product: sqlite3.Row | None,
    code: str,
    host_id: str | None,
    tag: str,
) -> str:
    moment = now()
    start, end = licence["start_at"], licence["end_at"]
    if product is None:
        known = conn.execute(
            "SELECT 1 FROM products WHERE lower(code) = lower(?)", (code,)
        ).fetchone()
        return "product_mismatch" if known else "product_unknown"
    if not product["active"]:
        return "product_inactive"
    if licence["type"] == "subscription" and start is None and end is None:
        return "no_subscription"
    if start is not None and moment < start:
        return "not_started"
    if end is not None and moment >= end:
        return "expired"
    if host_id is None:
        return "valid"
    if _other_trial(conn, licence, product, host_id):
        return "other_trial"
    return _record_host(conn, licence, product, host_id, tag)


def validate(conn: sqlite3.Connection, path: dict[str, str], args: Args) -> dict[str, Any]:
    """The validation result (spec §2.4) with the outcome's word as its message."""
    code, serial, host_id, device_tag = _arguments(args)
    licence = find_license(conn, serial)
    if licence is None:
        return {"data": {"message": "serial_unknown"}}
    product = conn.execute(
        "SELECT p.* FROM products p JOIN sku_products sp ON sp.product_id = p.id "
        "WHERE sp.sku_id = ? AND lower(p.code) = lower(?)",
        (licence["sku_id"], code),
    ).fetchone()
    message = _outcome(conn, licence, product, code, host_id, device_tag)
    return {
        "data": {
            "message": message,
            "type": licence["type"],
            "licensee_name": licence["name"] or "",
            "licensee_email": licence["email"] or "",
            "sku_number": licence["sku_number"],
            "product_code": product["code"] if product is not None else code,
            "version_code": product["version_code"] if product is not None else "",
        }
    }
