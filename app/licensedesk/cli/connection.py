"""Where a service command connects: ``--profile NAME`` or ``--base-url`` + ``--app-id``.

Keys never come from the command line:
- with ``--profile``: from the OS keyring; ``LICENSEDESK_API_KEY`` /
  ``LICENSEDESK_WRITE_API_KEY`` fill in a pair whose key the keyring lacks
  (memory-only machines). The keyring wins, so an exported key for another
  server is never sent to this profile's server when the keyring has one.
- with ``--base-url``: ``--app-id`` takes its key from ``LICENSEDESK_API_KEY``,
  ``--write-app-id`` from ``LICENSEDESK_WRITE_API_KEY``; with only one pair
  the client uses it for every call.

Without a usable keyring the CLI says so in one line, once, and only when a key
had to come from it: the window's :attr:`SecretStore.warning` promises to ask for
the keys again, which the CLI never does, so it names the variables instead.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from licensedesk.api.config import ClientConfig
from licensedesk.api.errors import InvalidInput
from licensedesk.i18n import _
from licensedesk.profiles import Profile, ProfileError, ProfileStore, client_config

from .errors import UsageError, as_usage_error
from .options import ENV_KEY, ENV_KEYS, ENV_PROFILE, ENV_WRITE_KEY, PROFILE_FIELDS
from .output import Printer

if TYPE_CHECKING:  # the keyring (slow to import) only when a key comes from it
    from licensedesk.profiles import SecretStore


def env_key(pair: str) -> str | None:
    value = os.environ.get(ENV_KEYS[pair], "").strip()
    return value or None


def no_keyring(secrets: SecretStore) -> str | None:
    """The CLI's one line when keys cannot be stored, e.g. "No OS keyring is available;
    give the keys with $LICENSEDESK_API_KEY / $LICENSEDESK_WRITE_API_KEY."; None if they can."""
    why = secrets.reason
    if why is None:
        return None
    return _("{reason}; give the keys with {key} / {write_key}.").format(
        reason=f"{why[:1].upper()}{why[1:]}", key=f"${ENV_KEY}", write_key=f"${ENV_WRITE_KEY}"
    )


def key_storage(secrets: SecretStore) -> str:
    """Where keys are, in words: the keyring's name, or why they are not stored."""
    why = secrets.reason
    return (
        secrets.backend_description if why is None else _("not stored: {reason}").format(reason=why)
    )


def stored_keys_config(profile: Profile, secrets: SecretStore, printer: Printer) -> ClientConfig:
    """``profile``'s ClientConfig, keys from the keyring then the environment, or UsageError
    when it has none. Without a keyring: one line, and only if a pair lacked its variable."""
    keys = {pair: env_key(pair) for pair in ("read", "write")}
    config = _config(profile, secrets, keys)
    for creds in (config.read, config.write):
        if creds is not None:
            printer.add_secret(creds.api_key)
    missing = no_keyring(secrets)
    if config.read is None and config.write is None:
        if missing:
            raise UsageError(
                _("No api_key for profile {name}. {problem}").format(
                    name=repr(profile.name), problem=missing
                )
            )
        raise UsageError(
            _(
                "Profile {name} has no api_key stored (key storage: {storage}). Store one with "
                "'licensedesk-cli profile add {profile} --replace ...', or set {variable} for "
                "this run."
            ).format(
                name=repr(profile.name),
                storage=secrets.backend_description,
                profile=profile.name,
                variable=f"${ENV_KEY}",
            )
        )
    if any(not keys[pair] for pair in profile.pairs):
        printer.note_once(missing)
    return config


def stored_profile(name: str, store: ProfileStore | None = None) -> Profile:
    """The profile called ``name`` (in ``store``, else the profiles file), or UsageError."""
    with as_usage_error(ProfileError):
        return (store or ProfileStore()).get(name)


def profile_from_args(name: str, args: argparse.Namespace) -> Profile:
    """A validated Profile from the field options (defaults where not given)."""
    fields = {f: getattr(args, f) for f in PROFILE_FIELDS if getattr(args, f, None) is not None}
    with as_usage_error(ProfileError):
        return Profile(name=name, **fields)


@dataclass(frozen=True)
class Connection:
    config: ClientConfig
    label: str  # "profile 'prod'" or the base URL
    profile: Profile


def resolve_connection(args: argparse.Namespace, printer: Printer) -> Connection:
    """The ClientConfig for a service command, or UsageError with a sentence."""
    profile_name = getattr(args, "profile", None) or os.environ.get(ENV_PROFILE) or None
    base_url = getattr(args, "base_url", None)
    if profile_name and base_url:
        raise UsageError(_("Give either --profile or --base-url, not both."))
    for pair in ("read", "write"):
        printer.add_secret(env_key(pair))

    if base_url:
        if not getattr(args, "read_app_id", None) and not getattr(args, "write_app_id", None):
            raise UsageError(
                _("With --base-url, give --app-id (its key in {variable}).").format(
                    variable=f"${ENV_KEY}"
                )
            )
        profile = profile_from_args("command line", args)  # a name the history stores
        keys = {}
        for pair in profile.pairs:
            keys[pair] = env_key(pair)
            if not keys[pair]:
                raise UsageError(
                    _(
                        "No api_key for {option}: set {variable} (keys are never taken from "
                        "the command line)."
                    ).format(
                        option="--app-id" if pair == "read" else "--write-app-id",
                        variable=f"${ENV_KEYS[pair]}",
                    )
                )
        config = _config(profile, None, keys)
        return Connection(config, profile.base_url, profile)

    if not profile_name:
        raise UsageError(
            _(
                "Say where to connect: --profile NAME, or --base-url URL --app-id ID with "
                "{variable} set. (See 'licensedesk-cli profile add --help'.)"
            ).format(variable=f"${ENV_KEY}")
        )
    profile = stored_profile(profile_name)
    from licensedesk.profiles import SecretStore

    config = stored_keys_config(profile, SecretStore(), printer)
    return Connection(config, _("profile {name}").format(name=repr(profile.name)), profile)


def _config(profile: Profile, secrets: SecretStore | None, keys: dict) -> ClientConfig:
    with as_usage_error(InvalidInput):
        return client_config(profile, secrets, keys=keys)
