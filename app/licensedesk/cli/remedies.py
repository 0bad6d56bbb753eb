"""Where the command line fixes a key the service refused: its ``profile`` command.

The client's sentence says what was refused and its
:class:`~licensedesk.api.errors.Remedy` what to change (a pair to add or check); the
window says where with its menu (``ui/shared/refusals.py``). Here the command line says
it with its own means: ``licensedesk-cli profile test|show|add --replace`` for a
profile, the options and variables for a connection given with ``--base-url``.
"""

from __future__ import annotations

import argparse
import os
import shlex
from typing import TYPE_CHECKING

from licensedesk.i18n import N_, _

from .options import ENV_KEY, ENV_KEYS, ENV_PROFILE, ENV_WRITE_KEY

if TYPE_CHECKING:
    from licensedesk.api.errors import ApiError

#: with a profile, per remedy (``Remedy.value``), a whole sentence
FOR_PROFILE = {
    "add_read": N_(
        "To add a read pair, run 'licensedesk-cli profile add {profile} --replace' with the "
        "profile's options (see 'licensedesk-cli profile show {profile}') and --app-id ID; "
        "its key is asked for, or taken from {variable}."
    ),
    "add_write": N_(
        "To add a write pair, run 'licensedesk-cli profile add {profile} --replace' with the "
        "profile's options (see 'licensedesk-cli profile show {profile}') and --write-app-id "
        "ID; its key is asked for, or taken from {variable}."
    ),
    "check_read": N_(
        "Check the read pair with 'licensedesk-cli profile test {profile}'; to change its "
        "app ID or key, run 'licensedesk-cli profile add {profile} --replace' with the "
        "profile's options."
    ),
    "check_write": N_(
        "Check the write pair with 'licensedesk-cli profile test {profile}'; to change its "
        "app ID or key, run 'licensedesk-cli profile add {profile} --replace' with the "
        "profile's options."
    ),
    None: N_("Check the keys with 'licensedesk-cli profile test {profile}'."),
}
#: with ``--base-url``, per remedy, a whole sentence
FOR_OPTIONS = {
    "add_read": N_("Give a read pair too: --app-id ID, its key in {variable}."),
    "add_write": N_("Give a write pair too: --write-app-id ID, its key in {variable}."),
    "check_read": N_("Check --app-id and the key in {variable}."),
    "check_write": N_("Check --write-app-id and the key in {variable}."),
    None: N_("Check the app IDs and the keys in {variable} and {write_variable}."),
}
_PAIR = {"add_read": "read", "check_read": "read", "add_write": "write", "check_write": "write"}


def told(exc: ApiError, args: argparse.Namespace) -> str:
    """``exc``'s sentence and, for a refusal of the credentials, where this command line
    fixes what was refused."""
    from licensedesk.api.errors import NotAuthorized

    if not isinstance(exc, NotAuthorized):
        return exc.sentence
    remedy = exc.remedy.value if exc.remedy is not None else None
    variable = f"${ENV_KEYS[_PAIR[remedy]]}" if remedy is not None else f"${ENV_KEY}"
    if getattr(args, "base_url", None):
        fix = _(FOR_OPTIONS[remedy]).format(variable=variable, write_variable=f"${ENV_WRITE_KEY}")
    else:
        profile = getattr(args, "profile", None) or os.environ.get(ENV_PROFILE) or "NAME"
        fix = _(FOR_PROFILE[remedy]).format(profile=shlex.quote(profile), variable=variable)
    return f"{exc.sentence} {fix}"
