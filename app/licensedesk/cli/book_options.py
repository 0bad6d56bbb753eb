"""The ``find`` and ``book`` sub-commands' options, apart from their commands
(:mod:`.book_cmds`): building the parser runs for every command, so this imports only
argparse and ``licensedesk.i18n``."""

from __future__ import annotations

import argparse
from typing import Any

from licensedesk.i18n import N_, _

from .options import (
    add_concurrency_option,
    add_csv_option,
    add_since_option,
    add_store_option,
    add_yes_option,
)

#: the commands' lines in the list of ``licensedesk-cli --help``
FIND_HELP = N_("find licences the desk has seen by customer, e-mail, host ID or serial")
EXPIRING_HELP = N_("list the subscriptions and trials in the licence book that end soon")
TIMELINE_HELP = N_("list what changed on a licence since the desk looked, and who changed it")
BOOK_HELP = N_("fill the licence book from a file, or erase a licensee's personal data")
BOOK_USAGE = """\
licensedesk-cli book import FILE [--concurrency N] [connection options]
       licensedesk-cli book forget EMAIL|NAME|SERIAL [--yes] [--store local|team]
       licensedesk-cli book retention DAYS|forever"""


#: the commands' descriptions in their own ``--help``
FIND_DESCRIPTION = N_(
    "Find licences in the licence book: every licence this desk, its command line "
    "or (with a team history) a teammate has looked up, checked, validated, upgraded "
    "or registered. TEXT is matched against serials, licensee names, e-mails, SKUs, "
    "dealers, devices' host IDs and notes, ignoring case and accents; every word "
    "must match, a word needs three characters. Exit 0 when a licence was found, "
    "1 when none."
)
EXPIRING_DESCRIPTION = N_(
    "List the subscriptions and trials in the licence book that end within DAYS "
    "calendar days (in your time zone, counted as the licence card counts them), "
    "soonest first: dealer, licensee, e-mail, SKU, days left, when the desk last saw "
    "the licence and the team's note. Reads the book only; 'book import' or a "
    "lookup brings a licence up to date. Exit 0, also when none ends."
)
TIMELINE_DESCRIPTION = N_(
    "List every change the licence book saw on a licence between two lookups "
    "(devices added, removed, switched on or off, seats, licensee, e-mail, start, "
    "end, registration, upgrade), newest first, each with who made it: the person "
    "and computer the history names when it was made from License Desk, or that it "
    "was not made from License Desk, or that the history cannot say. Reads the book "
    "and the history only; look the licence up first to see its latest changes. "
    "Exit 0, also when nothing changed; 1 when the book does not hold the serial."
)


def _add_parser(
    sub: Any, parents: list[argparse.ArgumentParser], name: str, help_: str, description: str
) -> argparse.ArgumentParser:
    """A command of the book with the common options (``parents``)."""
    return sub.add_parser(name, parents=parents, help=_(help_), description=_(description))


def add_find_parser(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    p = _add_parser(sub, parents, "find", FIND_HELP, FIND_DESCRIPTION)
    p.add_argument("text", nargs="+", metavar="TEXT")
    add_book_store_option(p)


def add_expiring_parser(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    p = _add_parser(sub, parents, "expiring", EXPIRING_HELP, EXPIRING_DESCRIPTION)
    help_ = _("the window in days (default: 30)")
    p.add_argument("--within", type=window_days, default=30, metavar="DAYS", help=help_)
    help_ = _("only licences whose dealer holds TEXT (case ignored)")
    p.add_argument("--dealer", metavar="TEXT", help=help_)
    add_csv_option(p)
    add_book_store_option(p)


def add_book_store_option(p: argparse.ArgumentParser) -> None:
    """``--store``: which book a command uses, this computer's or the team's."""
    add_store_option(p, _("this computer's book or the team's (default: the history's)"))


def add_timeline_parser(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    p = _add_parser(sub, parents, "timeline", TIMELINE_HELP, TIMELINE_DESCRIPTION)
    p.add_argument("serial", metavar="SERIAL")
    add_since_option(p)
    add_csv_option(p)
    add_book_store_option(p)


def window_days(text: str) -> int:
    """``--within``: whole days, 1 to 3650."""
    try:
        days = int(text)
    except ValueError:
        days = 0
    if not 1 <= days <= 3650:
        raise argparse.ArgumentTypeError(_("give whole days from 1 to 3650"))
    return days


def add_book_arguments(p: argparse.ArgumentParser) -> None:
    """The ``book`` sub-command's own arguments (its parser has the connection options:
    ``import`` checks serials at the service)."""
    p.usage = BOOK_USAGE
    p.description = _(
        "'import' checks every serial found in FILE (text, CSV or an .xlsx workbook; - for "
        "standard input) as 'check' does, read-only, and keeps the answers in the licence "
        "book. 'forget' erases a licensee's name and e-mail from the book, its notes and "
        'the history (the records stay, with "[erased]" where they named the person), '
        "after saying how many records it changes. 'retention' sets how long a licence not "
        "seen again stays in the book (days, or 'forever', the default)."
    )
    p.add_argument(
        "words",
        nargs="+",
        metavar="import FILE | forget WHO | retention DAYS",
        help=argparse.SUPPRESS,
    )
    help_ = _("requests in flight at once for import (default: the profile's)")
    add_concurrency_option(p, help_)
    add_yes_option(p, _("forget without asking (needed without a terminal)"))
    add_book_store_option(p)
