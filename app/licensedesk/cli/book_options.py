"""The ``find`` and ``book`` sub-commands' options, apart from their commands
(:mod:`.book_cmds`): building the parser runs for every command, so this imports only
argparse and ``licensedesk.i18n``."""

from __future__ import annotations

import argparse
from typing import Any

from licensedesk.i18n import N_, _

#: the commands' lines in the list of ``licensedesk-cli --help``
FIND_HELP = N_("find licences the desk has seen by customer, e-mail, host ID or serial")


def add_find_parser(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "find", parents=parents, help=_(FIND_HELP),
        description=_(
            "Find licences in the licence book: every licence this desk, its command line "
            "or (with a team history) a teammate has looked up, checked, validated, upgraded "
            "or registered. TEXT is matched against serials, licensee names, e-mails, SKUs, "
            "dealers, devices' host IDs and notes, ignoring case and accents; every word "
            "must match, a word needs three characters. Exit 0 when a licence was found, "
            "1 when none."),
    )  # fmt: skip
    p.add_argument("text", nargs="+", metavar="TEXT")
    p.add_argument("--store", choices=("local", "team"),
                   help=_("this computer's book or the team's (default: the history's)"))
