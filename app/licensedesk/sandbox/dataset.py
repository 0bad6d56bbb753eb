"""The dataset JSON format: load it into a database, export a database as it.

One format for ``demo --json``, ``load`` and ``export`` (docs/sandbox.md lists
every key). Loading replaces everything in the database, in one transaction.
Credentials may carry a plain ``api_key`` (hashed on load) or an ``api_key_hash``;
export only ever writes the hash.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from .auth import hash_key
from .db import Database, stamp

FORMAT = "licensedesk-sandbox/1"
TABLES = ("activations", "licenses", "sku_products", "skus", "products", "dealers", "credentials")


class DatasetError(ValueError):
    """The file does not follow the dataset format; the message says where."""


def _rows(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    rows = data.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise DatasetError(f"{key!r} must be a list of objects")
    return rows


def _insert(
    conn: sqlite3.Connection,
    table: str,
    rows: list[dict[str, Any]],
    defaults: dict[str, Any] | None = None,
    key: str | None = None,
) -> None:
    """Insert the dataset's ``rows`` into ``table``: each of the schema's columns from the
    row, else from ``defaults``; a row without one of the others is refused, named as
    ``key`` (the dataset's name for the list, the table's by default)."""
    columns = [info["name"] for info in conn.execute(f"PRAGMA table_info({table})")]
    defaults, key = defaults or {}, key or table
    marks = ", ".join("?" * len(columns))
    for index, row in enumerate(rows):
        values = []
        for column in columns:
            if column in row:
                values.append(row[column])
            elif column in defaults:
                values.append(defaults[column])
            else:
                raise DatasetError(f"{key}[{index}] lacks {column!r}")
        try:
            conn.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", values)
        except (sqlite3.Error, OverflowError) as exc:
            raise DatasetError(f"{key}[{index}]: {exc}") from None


def _credential_rows(rows: list[dict[str, Any]], created: str) -> list[dict[str, Any]]:
    out = []
    for index, row in enumerate(rows):
        if "api_key_hash" in row:
            hashed = row["api_key_hash"]
        elif isinstance(row.get("api_key"), str) and row["api_key"]:
            hashed = hash_key(row["api_key"])
        else:
            raise DatasetError(f"credentials[{index}] needs 'api_key' or 'api_key_hash'")
        out.append(
            {
                "app_id": row.get("app_id"),
                "api_key_hash": hashed,
                "can_read": int(bool(row.get("read", False))),
                "can_write": int(bool(row.get("write", False))),
                "created_at": row.get("created_at", created),
            }
        )
    return out


def load(db_path: Path | str, data: dict[str, Any]) -> None:
    """Replace the database's content with ``data`` (all or nothing)."""
    if not isinstance(data, dict):
        raise DatasetError("the dataset must be a JSON object")
    created = stamp()
    times = {"created_at": created, "updated_at": created}
    db = Database(db_path)
    try:
        with db.write() as conn:
            for table in TABLES:
                conn.execute(f"DELETE FROM {table}")
            _insert(conn, "dealers", _rows(data, "dealers"))
            product_defaults = {"active": True, "version_code": "", **times}
            _insert(conn, "products", _rows(data, "products"), product_defaults)
            skus = _rows(data, "skus")
            sku_defaults = {"url": None, "image_url": None, "sku_upgrade": "", "definer": ""}
            _insert(conn, "skus", skus, sku_defaults)
            links = [
                {"sku_id": sku["id"], "product_id": product_id}
                for sku in skus
                for product_id in sku.get("product_ids", [])
            ]
            _insert(conn, "sku_products", links, key="skus[].product_ids")
            license_defaults = {
                "name": None,
                "email": None,
                "start_at": None,
                "end_at": None,
                "registered": False,
                "offline_distribution": False,
                **times,
            }
            _insert(conn, "licenses", _rows(data, "licenses"), license_defaults)
            activation_defaults = {"activated": True, "device_tag": "", **times}
            _insert(conn, "activations", _rows(data, "activations"), activation_defaults)
            credentials = _credential_rows(_rows(data, "credentials"), created)
            _insert(conn, "credentials", credentials)
    finally:
        db.close()


def export(db_path: Path | str) -> dict[str, Any]:
    """The database as a dataset; credentials carry only ``api_key_hash``."""
    db = Database(db_path)
    try:
        with db.read() as conn:

            def rows(sql: str, *flags: str) -> list[dict[str, Any]]:
                """The rows of ``sql`` as objects, its integer columns ``flags`` as booleans."""
                found = [dict(row) for row in conn.execute(sql)]
                for row in found:
                    row.update({flag: bool(row[flag]) for flag in flags})
                return found

            products = rows("SELECT * FROM products ORDER BY id", "active")
            skus = rows("SELECT * FROM skus ORDER BY id")
            for sku in skus:
                sku["product_ids"] = [
                    r[0]
                    for r in conn.execute(
                        "SELECT product_id FROM sku_products WHERE sku_id = ? ORDER BY product_id",
                        (sku["id"],),
                    )
                ]
            licenses = rows(
                "SELECT * FROM licenses ORDER BY id", "registered", "offline_distribution"
            )
            activations = rows("SELECT * FROM activations ORDER BY id", "activated")
            credentials = [
                {
                    "app_id": row["app_id"],
                    "api_key_hash": row["api_key_hash"],
                    "read": bool(row["can_read"]),
                    "write": bool(row["can_write"]),
                    "created_at": row["created_at"],
                }
                for row in conn.execute("SELECT * FROM credentials ORDER BY app_id")
            ]
            return {
                "format": FORMAT,
                "dealers": rows("SELECT * FROM dealers ORDER BY id"),
                "skus": skus,
                "products": products,
                "licenses": licenses,
                "activations": activations,
                "credentials": credentials,
            }
    finally:
        db.close()
