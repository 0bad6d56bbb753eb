"""``licensedesk-cli profile add|list|show|remove|test``.

api_keys come from a hidden prompt (getpass) or from ``LICENSEDESK_API_KEY`` /
``LICENSEDESK_WRITE_API_KEY``, never from the command line, and go to the OS
keyring only.
"""

from __future__ import annotations

import argparse
from typing import Any

from licensedesk.api import LicenseClient
from licensedesk.api.errors import ApiError
from licensedesk.i18n import N_, _
from licensedesk.profiles import PAIRS, Profile, ProfileError, ProfileStore, SecretStore

from . import asking
from .connection import env_key, key_storage, profile_from_args, stored_keys_config, stored_profile
from .errors import OK, REFUSED, UsageError, as_usage_error, exit_code_for
from .interruptible import run_interruptible
from .options import ENV_KEY, ENV_KEYS, ENV_WRITE_KEY
from .output import Printer, fields_text, table_text

#: per key pair, whole sentences (a pair's name alone would not fit every language)
KEY_PROMPT = {
    "read": N_("api_key for the read pair of {name} (hidden): "),
    "write": N_("api_key for the write pair of {name} (hidden): "),
}
NO_KEY = {
    "read": N_(
        "No api_key for the read pair: set {variable} or run this in a terminal to "
        "type it (keys are never taken from the command line)."
    ),
    "write": N_(
        "No api_key for the write pair: set {variable} or run this in a terminal to "
        "type it (keys are never taken from the command line)."
    ),
}
EMPTY_KEY = {
    "read": N_("No api_key given for the read pair; nothing was saved."),
    "write": N_("No api_key given for the write pair; nothing was saved."),
}
#: (pair, key stored?) in ``profile list`` / ``profile show``
KEY_STATE = {
    # TRANSLATORS: the api_key of the read pair is in the keyring
    ("read", True): N_("read stored"),
    # TRANSLATORS: the read pair has an app_id but its api_key is not in the keyring
    ("read", False): N_("read MISSING"),
    # TRANSLATORS: the api_key of the write pair is in the keyring
    ("write", True): N_("write stored"),
    # TRANSLATORS: the write pair has an app_id but its api_key is not in the keyring
    ("write", False): N_("write MISSING"),
}


def _key_status(secrets: SecretStore, profile: Profile) -> dict[str, bool | None]:
    """Per pair: True stored, False missing, None no app_id for it."""
    return {
        pair: (secrets.has(profile.name, pair) if profile.app_id(pair) else None) for pair in PAIRS
    }


def _keys_word(status: dict[str, bool | None]) -> str:
    return ", ".join(_(KEY_STATE[pair, ok]) for pair, ok in status.items() if ok is not None)


def cmd_add(args: argparse.Namespace, printer: Printer) -> int:
    profile = profile_from_args(args.name, args)
    store = ProfileStore()
    exists = _name_free_or_replaced(store, profile.name, replace=args.replace)
    keys = _collect_keys(profile, printer)  # every key before writing anything
    secrets = SecretStore()
    stored = _save_profile(store, secrets, profile, keys, exists=exists, replace=args.replace)
    _report_added(printer, store, secrets, profile, keys, stored, exists=exists)
    return OK


def _name_free_or_replaced(store: ProfileStore, name: str, *, replace: bool) -> bool:
    """Whether a profile of that name exists; a usage error if it does and may not go."""
    with as_usage_error(ProfileError):
        exists = store.find(name) is not None
    if exists and not replace:
        raise UsageError(
            _("A profile called {name} already exists: add --replace to overwrite it.").format(
                name=repr(name)
            )
        )
    return exists


def _collect_keys(profile: Profile, printer: Printer) -> dict[str, str]:
    """Per pair of the profile, its api_key: from the environment, else a hidden prompt."""
    keys: dict[str, str] = {}
    for pair in profile.pairs:
        key = env_key(pair)
        if key is None:
            if not asking.stdin_is_interactive():
                raise UsageError(_(NO_KEY[pair]).format(variable=f"${ENV_KEYS[pair]}"))
            key = asking.read_secret(_(KEY_PROMPT[pair]).format(name=repr(profile.name))).strip()
            if not key:
                raise UsageError(_(EMPTY_KEY[pair]))
        printer.add_secret(key)
        keys[pair] = key
    return keys


def _save_profile(
    store: ProfileStore,
    secrets: SecretStore,
    profile: Profile,
    keys: dict[str, str],
    *,
    exists: bool,
    replace: bool,
) -> dict[str, bool]:
    """Writes the profile, then its keys; per pair, whether the keyring took the key."""
    with as_usage_error(ProfileError):
        # under the file's lock: a profile of that name saved meanwhile is not overwritten
        if exists or replace:
            store.save(profile)
        else:
            store.add(profile)
    if exists:
        for pair in PAIRS:
            if pair not in keys:
                secrets.delete(profile.name, pair)  # a pair the profile no longer has
    return {pair: secrets.set(profile.name, pair, key) for pair, key in keys.items()}


def _report_added(
    printer: Printer,
    store: ProfileStore,
    secrets: SecretStore,
    profile: Profile,
    keys: dict[str, str],
    stored: dict[str, bool],
    *,
    exists: bool,
) -> None:
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
        done = (
            _("Replaced profile {name} in {file}.")
            if exists
            else _("Saved profile {name} in {file}.")
        )
        printer.line(done.format(name=repr(profile.name), file=store.path))
        if secrets.persistent:
            printer.line(
                _("Keys ({pairs}) are in {storage}.").format(
                    pairs=", ".join(keys), storage=secrets.backend_description
                )
            )
    for warning in profile.warnings():
        printer.warn(warning)
    if not secrets.persistent:
        printer.note(
            _(
                "The keys were NOT saved: {reason}; give them with {key} / {write_key} when you "
                "use this profile."
            ).format(reason=secrets.reason, key=f"${ENV_KEY}", write_key=f"${ENV_WRITE_KEY}")
        )


def cmd_list(args: argparse.Namespace, printer: Printer) -> int:
    store = ProfileStore()
    with as_usage_error(ProfileError):
        profiles = store.list()
        last = store.last_used
    for problem in store.problems:  # refused entries: the others stay usable
        printer.warn(problem)
    secrets = SecretStore()
    status = {p.name: _key_status(secrets, p) for p in profiles}
    if printer.json_mode:
        printer.json([{**p.to_dict(), "keys": status[p.name]} for p in profiles])
        return OK
    if not profiles:
        printer.line(
            _("No profiles yet ({file}). Add one with 'licensedesk-cli profile add'.").format(
                file=store.path
            )
        )
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
    headers = (_("name"), _("base url"), _("read app id"), _("write app id"), _("keys"))
    printer.line(table_text(headers, rows))
    return OK


def cmd_show(args: argparse.Namespace, printer: Printer) -> int:
    store = ProfileStore()
    profile = stored_profile(args.name, store)
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
        (_("Name"), profile.name),
        (_("Base URL"), profile.base_url),
        (_("Read app id"), profile.read_app_id),
        (_("Write app id"), profile.write_app_id),
        (_("Keys"), f"{_keys_word(status)} ({key_storage(secrets)})"),
        # TRANSLATORS: the transport of a profile that names none: the client chooses
        (_("Transport"), profile.transport or _("default")),
        (_("Legacy activation routes"), profile.legacy_activation_routes),
        (_("Connect time-out"), _seconds(profile.connect_timeout)),
        (_("Read time-out"), _seconds(profile.read_timeout)),
        (_("Deadline of a call"), _seconds(profile.deadline)),
        (_("Server time zone"), profile.server_timezone),
        (_("Verify TLS"), profile.verify_tls),
        (_("CA bundle"), profile.ca_bundle),
        (_("Allow insecure http"), profile.allow_insecure_http),
        (_("Batch concurrency"), profile.batch_concurrency),
        (_("File"), store.path),
    ]
    printer.line(fields_text(rows))
    for warning in profile.warnings():
        printer.warn(warning)
    return OK


def _seconds(value: float) -> str:
    # TRANSLATORS: a duration in seconds, e.g. "10 s"
    return _("{seconds} s").format(seconds=f"{value:g}")


def cmd_remove(args: argparse.Namespace, printer: Printer) -> int:
    secrets = SecretStore()
    store = ProfileStore(secrets=secrets)
    name = args.name.strip()  # an entry this version refuses can be removed too
    with as_usage_error(ProfileError):
        store.remove(name)
    if secrets.persistent:
        text = _("Removed profile {name} and its keys from {storage}.").format(
            name=repr(name), storage=secrets.backend_description
        )
    else:
        text = _("Removed profile {name}.").format(name=repr(name))
    printer.result({"removed": name}, text)
    return OK


def cmd_test(args: argparse.Namespace, printer: Printer) -> int:
    """Connection test that changes nothing: the client's check_read / check_write."""
    profile = stored_profile(args.name)
    config = stored_keys_config(profile, SecretStore(), printer)

    async def run() -> dict[str, Any]:
        async with LicenseClient(config) as client:
            read = await client.check_read()
            write = await client.check_write()
        return {"read": read, "write": write}

    checks = run_interruptible(run())
    has_write_pair = config.write is not None
    codes = []
    out: dict[str, Any] = {"profile": profile.name, "base_url": profile.base_url}
    rows = []
    for pair, check in checks.items():
        # Without a write pair, a refused write check is information, not a failure.
        counts = pair == "read" or has_write_pair
        out[pair] = {"ok": check.ok, "sentence": check.sentence, "required": counts}
        mark = TEST_MARK["ok" if check.ok else ("failed" if counts else "no")]
        sentence = (
            check.sentence
            if counts
            else _("{sentence} (the profile has no write pair; the read key was tried)").format(
                sentence=check.sentence
            )
        )
        rows.append((_(TEST_LABEL[pair]), _(mark), sentence))
        if not check.ok and counts:
            codes.append(
                exit_code_for(check.error) if isinstance(check.error, ApiError) else REFUSED
            )
        if printer.verbose and check.error is not None:
            printer.note(check.error.details.describe())
    # columns as wide as their longest word in the language in use, plus one space
    label_width = max(len(_(label)) for label in TEST_LABEL.values()) + 1
    mark_width = max(len(_(mark)) for mark in TEST_MARK.values()) + 1
    text = "\n".join(
        f"{label:<{label_width}}{mark:<{mark_width}}{sentence}" for label, mark, sentence in rows
    )
    printer.result(out, text)
    return max(codes, default=OK)


#: ``profile test``: the name of each check, and its result
TEST_LABEL = {
    # TRANSLATORS: profile test: the check of the read pair (a line label)
    "read": N_("read:"),
    # TRANSLATORS: profile test: the check of the write pair (a line label)
    "write": N_("write:"),
}
TEST_MARK = {
    # TRANSLATORS: profile test: the check passed
    "ok": N_("ok"),
    # TRANSLATORS: profile test: a check the profile needs failed
    "failed": N_("FAILED"),
    # TRANSLATORS: profile test: a check the profile does not need failed (information only)
    "no": N_("no"),
}


PROFILE_COMMANDS = {
    "add": cmd_add,
    "list": cmd_list,
    "show": cmd_show,
    "remove": cmd_remove,
    "test": cmd_test,
}
