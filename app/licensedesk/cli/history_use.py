"""``licensedesk-cli history use postgresql://…`` / ``history use local``: where a desk
without a window keeps its history (what the window's History settings do).

The team database's password never comes from the command line (it would stay in the
shell's history and in ``ps``): ``$LICENSEDESK_HISTORY_PASSWORD``, else a hidden prompt
when standard input is a terminal (Enter keeps the one in the OS keyring), else the OS
keyring's. An address with a password in it is refused, and nothing is kept of it.
The connection is checked before anything is saved (the window's Test connection,
which also asks what the user may do: create the tables, bring them up to date, write
them); the password then goes to the OS keyring (entry ``history-team``), the address
to ``history.json``. A user that may only read is taken, and said so: such a desk
finds, lists and reads the history, and says once per command what it could not write.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _

from . import asking
from .errors import NETWORK, OK, REFUSED, CliError, UsageError, as_usage_error
from .options import count_or_forever

if TYPE_CHECKING:
    from licensedesk.history import HistorySettings
    from licensedesk.profiles import SecretStore

    from .output import Printer


def cmd_use(args: argparse.Namespace, printer: Printer, where: str) -> int:
    from licensedesk.history import SettingsError, load_settings

    with as_usage_error(SettingsError):
        current = load_settings()
    current = _with_keep_months(args, current)
    if where == "local":
        return _use_local(printer, current)
    return _use_team(printer, current, where)


def _with_keep_months(args: argparse.Namespace, current: HistorySettings) -> HistorySettings:
    """``--keep-months N|forever`` over the settings in use (checked by HistorySettings)."""
    from licensedesk.history import SettingsError

    given = getattr(args, "keep_months", None) or ""
    if not given.strip():
        return current
    try:
        months = count_or_forever(given)
    except ValueError:
        raise UsageError(
            _("Give a number of months or 'forever', not {text}.").format(
                text=repr(args.keep_months)
            )
        ) from None
    with as_usage_error(SettingsError):  # out of range: the settings' own words
        return replace(current, keep_months=months)


def _save(settings: HistorySettings) -> str:
    from licensedesk.history import SettingsError, save_settings

    with as_usage_error(SettingsError):
        return str(save_settings(settings))


def _use_local(printer: Printer, current: HistorySettings) -> int:
    from licensedesk.history import local_history_path

    path = _save(replace(current, store="local"))
    printer.result(
        {"store": "local", "file": str(local_history_path()), "settings": path},
        _(
            "Changes are recorded in this computer's history {file} from now on (saved in "
            "{settings})."
        ).format(file=local_history_path(), settings=path),
    )
    return OK


def _use_team(printer: Printer, current: HistorySettings, url: str) -> int:
    from licensedesk.history import SettingsError
    from licensedesk.history.team_check import test_connection
    from licensedesk.storage.settings import check_team_url, describe_team_url, split_password

    if split_password(url)[1] is not None:  # said without the address: it holds the password
        raise UsageError(
            _(
                "The address holds a password, and a password on the command line stays in the "
                "shell's history: leave it out of the address, and give it when asked, in "
                "$LICENSEDESK_HISTORY_PASSWORD or in the OS keyring. Nothing was saved."
            )
        )
    with as_usage_error(SettingsError):
        url = check_team_url(url)
    from licensedesk.profiles import SecretStore

    secrets = SecretStore()
    password, typed = _password(secrets, describe_team_url(url))
    check = test_connection(url, password)
    if not check.ok:
        raise CliError(
            check.sentence + " " + _("Nothing was saved."), NETWORK if check.network else REFUSED
        )
    kept = _keep(printer, secrets, password) if typed else None
    path = _save(replace(current, store="team", team_url=url))
    where = describe_team_url(url)
    then = (
        _("Changes are recorded in the team database {where} from now on (saved in {settings}).")
        if check.records
        else _(
            "The team database {where} is used from now on (saved in {settings}): find, "
            "history, expiring and timeline read it; changes made here are not recorded in it."
        )
    )
    printer.result(
        {
            "store": "team",
            "team_url": url,
            "settings": path,
            "password_kept": kept,
            "records": check.records,
            "keeps": check.keeps,
        },
        check.sentence + "\n" + then.format(where=where, settings=path),
    )
    return OK


def _password(secrets: SecretStore, where: str) -> tuple[str | None, bool]:
    """(the password to try, whether it was given now: from the variable or the prompt)."""
    from licensedesk.storage.settings import KEYRING_ENTRY, PASSWORD_VARIABLE

    given = os.environ.get(PASSWORD_VARIABLE)
    if given:
        return given, True
    stored = secrets.get_named(KEYRING_ENTRY)
    if asking.stdin_is_interactive():
        prompt = (
            _("Password of {where} (hidden; Enter keeps the one in the keyring): ")
            if stored
            else _("Password of {where} (hidden; Enter for none): ")
        )
        typed = asking.read_secret(prompt.format(where=where))
        if typed:
            return typed, True
    return stored, False


def _keep(printer: Printer, secrets: SecretStore, password: str | None) -> Any:
    """Keep the password given now in the OS keyring; True when it is there."""
    from licensedesk.storage.settings import KEYRING_ENTRY

    if not password:
        return None
    if secrets.set_named(KEYRING_ENTRY, password):
        return True
    printer.note(
        _(
            "No OS keyring: the password was not kept; give it in "
            "$LICENSEDESK_HISTORY_PASSWORD to each command."
        )
    )
    return False
