"""The command line's parser: built for every start, ``--help`` and ``--version`` too.

It imports only argparse, gettext and the option names: neither the client (httpx
and the models) nor the keyring, so usage errors and ``--help`` answer at once.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection
from typing import Any

from licensedesk import __version__, i18n
from licensedesk.i18n import N_, _
from licensedesk.translated_parser import TranslatedParser

from . import book_options, history_options
from .options import (
    ENV_KEY,
    ENV_PROFILE,
    ENV_WRITE_KEY,
    add_concurrency_option,
    add_csv_option,
    add_profile_field_options,
    add_yes_option,
)

#: the --help epilog; ``{key}`` and the like are the environment variables' names
EPILOG = N_("""\
exit codes: 0 success; 1 the service said no (also: not valid, not suitable);
2 usage or invalid input; 3 network or bad response; 4 internal error;
130 interrupted. check: 3 if any serial could not be checked, else 1 if any is
not found, invalid, expired or not started.
environment: {key}, {write_key} (api_keys; never on the command line),
{profile} (default --profile), {config_dir} (profiles and history
settings folder), {data_dir} (the local history's folder).
See docs/cli.md.""")


def _epilog() -> str:
    return _(EPILOG).format(
        key=f"${ENV_KEY}",
        write_key=f"${ENV_WRITE_KEY}",
        profile=f"${ENV_PROFILE}",
        config_dir="$LICENSEDESK_CONFIG_DIR",
        data_dir="$LICENSEDESK_DATA_DIR",
    )


def _common(*, top: bool) -> argparse.ArgumentParser:
    """Options accepted before and after the sub-command (after it, one not given leaves
    the namespace to the one given before it)."""
    p = TranslatedParser(add_help=False, argument_default=None if top else argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.add_argument(
        "-v", "--verbose", action="store_true", help=_("print error details (keys redacted)")
    )
    p.add_argument(
        "--lang",
        choices=tuple(i18n.LANGUAGES),
        metavar="LANG",
        help=_(
            "language of the output and help ({choices}); default: the one chosen in the "
            "window, else the system's"
        ).format(choices=", ".join(i18n.LANGUAGES)),
    )
    return p


def _connection(*, top: bool) -> argparse.ArgumentParser:
    p = TranslatedParser(add_help=False, argument_default=None if top else argparse.SUPPRESS)
    help_ = _("connection profile (or {variable})").format(variable=f"${ENV_PROFILE}")
    p.add_argument("--profile", metavar="NAME", help=help_)
    return p


def build_parser(commands: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser; whole by default (man pages and completion read it).

    With ``commands``, only those sub-commands get their options and help; the others
    are listed by name and one line, as ``--help`` shows them. :func:`.commands.main` passes the
    words of its arguments: one command runs, and building the options of all of them
    would be most of every start's cost."""
    parser = TranslatedParser(
        prog="licensedesk-cli",
        description=_("License Management Service /v2 from the command line."),
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[_common(top=True), _connection(top=True)],
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    service = _ServiceCommands(sub, commands)
    _add_read_commands(service)
    _add_change_commands(service)
    _add_check_command(service)
    _add_registration_commands(service)
    _add_local_commands(sub, service)
    book_options.add_book_arguments(service.add("book", _(book_options.BOOK_HELP)))
    _add_profile_command(sub, service.wanted("profile"))
    return parser


class _ServiceCommands:
    """Adds the commands that talk to the service; one not wanted is only listed."""

    def __init__(self, sub: Any, commands: Collection[str] | None) -> None:
        self.sub = sub
        self.commands = commands

    def wanted(self, name: str) -> bool:
        return self.commands is None or name in self.commands

    def add(self, name: str, help_: str) -> argparse.ArgumentParser:
        if not self.wanted(name):  # listed only; its options go to a parser nobody reads
            self.sub.add_parser(name, help=help_, add_help=False)
            return TranslatedParser(add_help=False)
        p = self.sub.add_parser(
            name,
            help=help_,
            description=help_,
            parents=[_common(top=False), _connection(top=False)],
        )
        add_profile_field_options(p, for_profile=False)
        return p


def _add_read_commands(service: _ServiceCommands) -> None:
    service.add("show", _("show a licence")).add_argument("serial")
    p = service.add("products", _("list the products of a licence (needs the write pair)"))
    p.add_argument("serial")
    p.add_argument(
        "--reveal-secrets", action="store_true", help=_("show product key and signatures")
    )
    service.add("activations", _("list the activations (devices) of a licence")).add_argument(
        "serial"
    )


def _add_change_commands(service: _ServiceCommands) -> None:
    """activate, deactivate, delete-activation, validate (may record) and upgrade."""
    for name, help_ in (
        ("activate", _("switch on an activation")),
        ("deactivate", _("switch off an activation")),
    ):
        service.add(name, help_).add_argument("id", type=int, help=_("activation id"))

    p = service.add("delete-activation", _("delete an activation (asks first)"))
    p.add_argument("id", type=int, help=_("activation id"))
    p.add_argument("--serial", help=_("its licence: names the device in the question"))
    add_yes_option(p, _("do not ask"))

    p = service.add("validate", _("validate a serial for a product"))
    p.add_argument("serial")
    p.add_argument("--product", required=True, metavar="CODE", help=_("product code (UUID)"))
    p.add_argument(
        "--host-id", help=_("device id to record: any printable text up to 255 characters")
    )
    p.add_argument("--device-tag", help=_("e.g. {example}").format(example="'Windows 11__64bits'"))
    p.add_argument(
        "--this-machine", action="store_true", help=_("record this computer's host id and tag")
    )

    p = service.add("upgrade", _("upgrade a licence from another one (deletes the current one)"))
    p.add_argument("current", help=_("serial of the current licence (will be deleted)"))
    p.add_argument("upgrade", help=_("serial of the upgrade licence"))
    add_yes_option(p, _("do not ask"))


def _add_check_command(service: _ServiceCommands) -> None:
    p = service.add("check", _("check many serials at once (reads only; one result per serial)"))
    p.description = _(
        "Check every serial found in FILE (or standard input): one per line, separated by "
        "commas, a CSV column, or mixed with other words. Repeats are checked once; what "
        "only looks like a serial is listed as 'not a serial' and never sent. One result per "
        "serial, in input order. Exit: 0 all active, 1 any not found / invalid / expired / "
        "not started, 3 any could not be checked, 2 no serial in the input."
    )
    p.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE",
        help=_("text or CSV holding serials; '-' or none: standard input"),
    )
    p.add_argument(
        "--product",
        metavar="CODE",
        help=_("also validate each serial for this product (never records a host)"),
    )
    add_concurrency_option(
        p, _("requests in flight at once, 1 to 32 (default: the profile's, else 8)")
    )
    add_csv_option(p)
    # --json (JSON lines for check) comes with the common options


def _add_registration_commands(service: _ServiceCommands) -> None:
    service.add("registration", _("is a licence suitable for registration?")).add_argument("serial")
    p = service.add("register", _("set registration data on an offline-distribution licence"))
    p.add_argument("serial")
    p.add_argument("--name", required=True)
    p.add_argument("--email", required=True)
    p.add_argument("--sku-number")


def _add_local_commands(sub: Any, service: _ServiceCommands) -> None:
    """The commands that read the history and the book, not the service: each with the
    common options when it is wanted, else listed by its line only."""
    for name, help_, add in (
        ("history", history_options.HELP, history_options.add_history_parser),
        ("find", book_options.FIND_HELP, book_options.add_find_parser),
        ("expiring", book_options.EXPIRING_HELP, book_options.add_expiring_parser),
        ("timeline", book_options.TIMELINE_HELP, book_options.add_timeline_parser),
    ):
        if service.wanted(name):
            add(sub, [_common(top=False)])
        else:
            sub.add_parser(name, help=_(help_), add_help=False)


def _add_profile_command(sub: Any, wanted: bool) -> None:
    """``profile`` is always listed; its actions only when it is the command."""
    prof = sub.add_parser(
        "profile", help=_("connection profiles"), description=_("connection profiles")
    )
    if not wanted:
        return
    psub = prof.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    common = [_common(top=False)]
    p = psub.add_parser(
        "add",
        parents=common,
        help=_("add a profile (keys: hidden prompt or environment)"),
        description=_(
            "Add a profile. api_keys are read from a hidden prompt, or from {key} (read pair) "
            "and {write_key} (write pair); never from the command line. They go to the OS "
            "keyring only."
        ).format(key=f"${ENV_KEY}", write_key=f"${ENV_WRITE_KEY}"),
    )
    p.add_argument("name")
    add_profile_field_options(p, for_profile=True)
    p.add_argument("--replace", action="store_true", help=_("overwrite a profile of that name"))
    psub.add_parser("list", parents=common, help=_("list profiles"))
    for name, help_ in (
        ("show", _("show a profile (never its keys)")),
        ("remove", _("remove a profile and its keys")),
        ("test", _("check the credentials without changing anything")),
    ):
        psub.add_parser(name, parents=common, help=help_).add_argument("name")
