"""The questions the command line asks at the terminal: whether there is one to ask at,
and the confirmation of a destructive command (every command that deletes, prunes or
replaces asks here, so the word that confirms is the same everywhere)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from licensedesk.i18n import N_, _

from .errors import REFUSED, CliError, UsageError

if TYPE_CHECKING:
    from .output import Printer


def is_terminal(stream: object) -> bool:
    """Whether ``stream`` is a terminal (not a closed stream, nor a stand-in without one)."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False


def stdin_is_interactive() -> bool:
    return is_terminal(sys.stdin)


#: the word that confirms a destructive command; "y" and "yes" are taken in every language
# TRANSLATORS: the word a person types to confirm (e.g. "ja"); "yes" is accepted too
YES = N_("yes")


def ask(question: str) -> str:
    """Read one answer from the terminal (tests replace this)."""
    return input(question)


def read_secret(prompt: str) -> str:
    """Read a key or a password at a hidden prompt (tests replace this). getpass (and
    termios) is loaded here: most commands that import this module never ask for one."""
    import getpass

    return getpass.getpass(prompt)


def confirm(args: argparse.Namespace, printer: Printer, question: str) -> None:
    """Ask ``question`` before a destructive call. Without --yes and without a terminal,
    refuse (exit 2): the question, and how to answer it there (one sentence for every
    command)."""
    if getattr(args, "yes", False):
        return
    if not stdin_is_interactive():
        raise UsageError(
            # TRANSLATORS: {question} is what a command would do ("… This cannot be undone.")
            _("{question} Add --yes to go on without a terminal.").format(question=question)
        )
    printer.note(question)
    answer = ask(_("Type '{yes}' to go on: ").format(yes=_(YES))).strip().lower()
    if answer not in ("y", "yes", _(YES).lower()):
        raise CliError(_("Nothing was changed."), REFUSED)
