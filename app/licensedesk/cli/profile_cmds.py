"""``licensedesk-cli profile add|list|show|remove|test``.

api_keys come from a hidden prompt (getpass) or from ``LICENSEDESK_API_KEY`` /
``LICENSEDESK_WRITE_API_KEY``, never from the command line, and go to the OS
keyring only.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
from typing import Any

from licensedesk.api import LicenseClient
from licensedesk.api.errors import ApiError
from licensedesk.profiles import PAIRS, Profile, ProfileError, ProfileStore, SecretStore

from .connection import (
    ENV_KEY,
    ENV_KEYS,
    ENV_WRITE_KEY,
    env_key,
    key_storage,
    profile_from_args,
    stored_keys_config,
)
from .errors import OK, REFUSED, UsageError, exit_code_for
from .output import Printer, fields_text, table_text
from .service import stdin_is_interactive


def read_secret(prompt: str) -> str:
    """A hidden prompt (tests replace this)."""
    return getpass.getpass(prompt)


def _store() -> ProfileStore:
    return ProfileStore()


def _profile_or_usage(store: ProfileStore, name: str) -> Profile:
    try:
        return store.get(name)
    except ProfileError as exc:
        raise UsageError(exc.sentence) from None


def _key_status(secrets: SecretStore, profile: Profile) -> dict[str, bool | None]:
    """Per pair: True stored, False missing, None no app_id for it."""
    return {
        pair: (secrets.has(profile.name, pair) if profile.app_id(pair) else None) for pair in PAIRS
    }


def _keys_word(status: dict[str, bool | None]) -> str:
    words = [
        f"{pair} {'stored' if ok else 'MISSING'}" for pair, ok in status.items() if ok is not None
    ]
    return ", ".join(words)


def cmd_add(args: argparse.Namespace, printer: Printer) -> int:
    profile = profile_from_args(args.name, args)
    store = _store()
    try:
        exists = store.find(profile.name) is not None
    except ProfileError as exc:
        raise UsageError(exc.sentence) from None
    if exists and not args.replace:
        raise UsageError(
            f"A profile called {profile.name!r} already exists: add --replace to overwrite it."
        )
    # Collect every key before writing anything.
    keys: dict[str, str] = {}
    for pair in profile.pairs:
        key = env_key(pair)
        if key is None:
            if not stdin_is_interactive():
                raise UsageError(
                    f"No api_key for the {pair} pair: set ${ENV_KEYS[pair]} or run this in a "
                    "terminal to type it (keys are never taken from the command line)."
                )
            key = read_secret(f"api_key for the {pair} pair of {profile.name!r} (hidden): ").strip()
            if not key:
                raise UsageError(f"No api_key given for the {pair} pair; nothing was saved.")
        printer.add_secret(key)
        keys[pair] = key

    secrets = SecretStore()
    try:
        store.save(profile)
    except ProfileError as exc:
        raise UsageError(exc.sentence) from None
    if exists:
        for pair in PAIRS:
            if pair not in keys:
                secrets.delete(profile.name, pair)  # a pair the profile no longer has
    stored = {pair: secrets.set(profile.name, pair, key) for pair, key in keys.items()}
    if printer.json_mode:
        printer.json(
            {
                "profile": profile.to_dict(),
                "keys_stored": stored,
                "key_storage": secrets.backend_description,
                "persistent": secrets.persistent,
                "warnings": profile.warnings(),
            }
        )
    else:
        verb = "Replaced" if exists else "Saved"
        printer.line(f"{verb} profile {profile.name!r} in {store.path}.")
        if secrets.persistent:
            printer.line(f"Keys ({', '.join(keys)}) are in {secrets.backend_description}.")
    for warning in profile.warnings():
        printer.note(f"Warning: {warning}")
    if not secrets.persistent:
        printer.note(
            f"The keys were NOT saved: {secrets.reason}; give them with ${ENV_KEY} / "
            f"${ENV_WRITE_KEY} when you use this profile."
        )
    return OK


def cmd_list(args: argparse.Namespace, printer: Printer) -> int:
    store = _store()
    try:
        profiles = store.list()
        last = store.last_used
    except ProfileError as exc:
        raise UsageError(exc.sentence) from None
    secrets = SecretStore()
    status = {p.name: _key_status(secrets, p) for p in profiles}
    if printer.json_mode:
        printer.json([{**p.to_dict(), "keys": status[p.name]} for p in profiles])
        return OK
    if not profiles:
        printer.line(f"No profiles yet ({store.path}). Add one with 'licensedesk-cli profile add'.")
        return OK
    rows = [
        (
            p.name + (" *" if p.name == last else ""),
            p.base_url,
            p.read_app_id,
            p.write_app_id,
            _keys_word(status[p.name]),
        )
        for p in profiles
    ]
    printer.line(table_text(("name", "base url", "read app id", "write app id", "keys"), rows))
    return OK


def cmd_show(args: argparse.Namespace, printer: Printer) -> int:
    store = _store()
    profile = _profile_or_usage(store, args.name)
    secrets = SecretStore()
    status = _key_status(secrets, profile)
    data: dict[str, Any] = {
        **profile.to_dict(),
        "keys": status,
        "key_storage": secrets.backend_description,
        "warnings": profile.warnings(),
        "file": str(store.path),
    }
    if printer.json_mode:
        printer.json(data)
        return OK
    rows: list[tuple[str, object]] = [
        ("Name", profile.name),
        ("Base URL", profile.base_url),
        ("Read app id", profile.read_app_id),
        ("Write app id", profile.write_app_id),
        ("Keys", f"{_keys_word(status)} ({key_storage(secrets)})"),
        ("Transport", profile.transport or "default"),
        ("Legacy activation routes", profile.legacy_activation_routes),
        ("Connect time-out", f"{profile.connect_timeout:g} s"),
        ("Read time-out", f"{profile.read_timeout:g} s"),
        ("Deadline of a call", f"{profile.deadline:g} s"),
        ("Server time zone", profile.server_timezone),
        ("Verify TLS", profile.verify_tls),
        ("CA bundle", profile.ca_bundle),
        ("Allow insecure http", profile.allow_insecure_http),
        ("Batch concurrency", profile.batch_concurrency),
        ("File", store.path),
    ]
    printer.line(fields_text(rows))
    for warning in profile.warnings():
        printer.note(f"Warning: {warning}")
    return OK


def cmd_remove(args: argparse.Namespace, printer: Printer) -> int:
    secrets = SecretStore()
    store = ProfileStore(secrets=secrets)
    name = _profile_or_usage(store, args.name).name
    try:
        store.remove(name)
    except ProfileError as exc:
        raise UsageError(exc.sentence) from None
    where = f" and its keys from {secrets.backend_description}" if secrets.persistent else ""
    printer.result({"removed": name}, f"Removed profile {name!r}{where}.")
    return OK


def cmd_test(args: argparse.Namespace, printer: Printer) -> int:
    """Connection test that changes nothing: the client's check_read / check_write."""
    profile = _profile_or_usage(_store(), args.name)
    config = stored_keys_config(profile, SecretStore(), printer)

    async def run() -> dict[str, Any]:
        async with LicenseClient(config) as client:
            read = await client.check_read()
            write = await client.check_write()
        return {"read": read, "write": write}

    checks = asyncio.run(run())
    has_write_pair = config.write is not None
    codes = []
    out: dict[str, Any] = {"profile": profile.name, "base_url": profile.base_url}
    lines = []
    for pair, check in checks.items():
        # Without a write pair, a refused write check is information, not a failure.
        counts = pair == "read" or has_write_pair
        out[pair] = {"ok": check.ok, "sentence": check.sentence, "required": counts}
        mark = "ok" if check.ok else ("FAILED" if counts else "no")
        note = "" if counts else " (the profile has no write pair; the read key was tried)"
        lines.append(f"{pair + ':':<7}{mark:<7}{check.sentence}{note}")
        if not check.ok and counts:
            codes.append(
                exit_code_for(check.error) if isinstance(check.error, ApiError) else REFUSED
            )
        if printer.verbose and check.error is not None:
            printer.note(check.error.details.describe())
    printer.result(out, "\n".join(lines))
    return max(codes, default=OK)


PROFILE_COMMANDS = {
    "add": cmd_add,
    "list": cmd_list,
    "show": cmd_show,
    "remove": cmd_remove,
    "test": cmd_test,
}
