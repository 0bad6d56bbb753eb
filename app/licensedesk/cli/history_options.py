"""The ``history`` sub-command's options, apart from its commands (:mod:`.history_cmds`).

Building the parser runs for every command, ``--version`` and ``--help`` included,
so this module imports only argparse and ``licensedesk.i18n`` (gettext: cheap): the
history package, dates and files are loaded by the commands themselves.
"""

from __future__ import annotations

import argparse
from typing import Any

from licensedesk.i18n import N_, _

from .options import add_since_option, add_store_option, add_yes_option

# Literal here so that --help imports nothing; checked against the model when used.
# The names are the stored keys a user types (--action, --outcome): never translated.
ACTION_NAMES = "activate, deactivate, delete, upgrade, register, validate_record, batch_check, note"
OUTCOME_NAMES = "pending, done, refused, unknown, failed"
USAGE = """\
licensedesk-cli history [SERIAL] [--since DATE] [--action A] [--json|--csv] [filters]
       licensedesk-cli history export [--since DATE] [--until DATE] [--csv] [FILE|-]
       licensedesk-cli history import FILE|-
       licensedesk-cli history prune [--older-than MONTHS | --before DATE] [--yes] FILE
       licensedesk-cli history use postgresql://USER@HOST[:PORT]/DB | local
                                   [--keep-months N|forever]"""


#: the command's line in the list of ``licensedesk-cli --help``
HELP = N_("what was done to licences, by whom (this computer's or the team's history)")


def add_history_parser(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    """The ``history`` sub-command (``sub``: the top parser's sub-parsers)."""
    p = sub.add_parser(
        "history",
        parents=parents,
        usage=USAGE,
        help=_(HELP),
        description=_(
            "Show the history of changes (newest first): of one SERIAL, or every entry "
            "matching the filters. 'export' writes it as JSON lines (CSV with --csv or a FILE "
            "ending in .csv), oldest first, as it reads it; 'import' adds the entries of a JSON "
            "lines file that the store does not hold yet (no duplicates: import twice, the "
            "count stays the same; an interrupted import, run again, adds what is missing). "
            "'prune' writes the entries older than the months the history keeps (--keep-months "
            "of 'use', or --older-than, or --before) to FILE, then removes them. 'use' chooses "
            "where this desk records: the team database at a postgresql:// address (its "
            "password from a hidden prompt, $LICENSEDESK_HISTORY_PASSWORD or the OS keyring, "
            "never the command line; the connection is checked first) or 'local', this "
            "computer's file."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "words",
        nargs="*",
        metavar="SERIAL | export [FILE] | import FILE | prune FILE | use URL|local",
        help=argparse.SUPPRESS,
    )
    add_since_option(p)
    p.add_argument("--until", metavar="DATE", help=_("up to this day (included) or time"))
    p.add_argument(
        "--action", metavar="A", help=_("only this action: {names}").format(names=ACTION_NAMES)
    )
    p.add_argument("--person", metavar="P", help=_("only this OS user or display name"))
    p.add_argument(
        "--outcome", metavar="O", help=_("only this outcome: {names}").format(names=OUTCOME_NAMES)
    )
    p.add_argument("--search", metavar="TEXT", help=_("text anywhere in the entry"))
    p.add_argument("--limit", type=int, metavar="N", help=_("at most N entries (newest)"))
    p.add_argument(
        "--csv",
        action="store_true",
        help=_(
            "CSV with the History window's columns: the list instead of its table, an "
            "export instead of JSON lines"
        ),
    )
    p.add_argument(
        "--older-than",
        metavar="MONTHS",
        type=int,
        help=_("prune: the entries older than this many months"),
    )
    p.add_argument("--before", metavar="DATE", help=_("prune: the entries before this day"))
    p.add_argument(
        "--keep-months",
        metavar="N|forever",
        help=_("use: how many months of history the team keeps (default: for ever)"),
    )
    add_yes_option(p, _("prune: do not ask"))
    add_store_option(p, _("this computer's file or the team database (default: the settings')"))
