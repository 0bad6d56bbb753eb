"""Credentials: api keys stored as salted SHA-256, compared in constant time.

API keys are random 32-byte tokens, so a fast salted hash is enough (no password
stretching needed) and keeps validation cheap under load.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3

from .errors import NOT_AUTHORIZED, ApiError

_DUMMY_HASH = "sha256$00$" + "0" * 64


def hash_key(api_key: str, salt: str | None = None) -> str:
    """``sha256$<salt hex>$<digest hex>`` of an api key."""
    salt = salt or secrets.token_hex(16)
    digest = hashlib.sha256(bytes.fromhex(salt) + api_key.encode()).hexdigest()
    return f"sha256${salt}${digest}"


def verify_key(api_key: str, stored: str) -> bool:
    """True when api_key matches the stored hash; constant time in the digest."""
    try:
        scheme, salt, digest = stored.split("$")
        bytes.fromhex(salt)
    except ValueError:
        return False
    if scheme != "sha256":
        return False
    return hmac.compare_digest(hash_key(api_key, salt).split("$")[2], digest)


def new_credentials() -> tuple[str, str]:
    """A fresh (app_id, api_key) pair."""
    return "app-" + secrets.token_hex(6), secrets.token_urlsafe(32)


def authorize(conn: sqlite3.Connection, app_id: object, api_key: object, need: str) -> None:
    """Raise the spec's 401 unless the pair exists, matches, and has ``need`` (read/write)."""
    if not isinstance(app_id, str) or not isinstance(api_key, str) or not app_id:
        raise ApiError(401, NOT_AUTHORIZED)
    row = conn.execute(
        "SELECT api_key_hash, can_read, can_write FROM credentials WHERE app_id = ?", (app_id,)
    ).fetchone()
    matches = verify_key(api_key, row["api_key_hash"] if row else _DUMMY_HASH)
    if row is None or not matches:
        raise ApiError(401, NOT_AUTHORIZED)
    allowed = row["can_read"] if need == "read" else row["can_write"]
    if not allowed:
        raise ApiError(401, NOT_AUTHORIZED)
