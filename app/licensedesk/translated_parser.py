"""An ``argparse.ArgumentParser`` whose own words ("usage:", "options", its errors) come
from our catalogue, through argparse's own gettext calls.

argparse translates each of its words with gettext's module functions, that is in
gettext's global text domain; :func:`licensedesk.i18n.use_language` points that domain
at our catalogue. So argparse says "Aufruf:" and "Fehler:" itself, with its own
indentation and nesting. What is left here: the catalogue needs argparse's messages as
msgids, so they are listed below (marked, never called), as Python 3.11 to 3.13 word
them; a message a newer Python words differently stays English until it is listed.
And Python before 3.13 does not translate the ``--version`` option's default help.
"""

from __future__ import annotations

import argparse
from typing import Any

from .command_parser import CommandParser
from .i18n import N_, N_plural, _

#: what argparse passes through gettext that a person may read (3.11 to 3.13)
WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("subcommands"),
    N_("%(heading)s:"),
    N_(" (default: %(default)s)"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unexpected option string: %s"),
    N_("option '%(option)s' is deprecated"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
)
COUNTED = (N_plural("expected %s argument", "expected %s arguments"),)


class TranslatedParser(CommandParser):
    """``argparse.ArgumentParser`` whose ``--version`` help is translated on every Python
    (argparse's words come through its own gettext calls); sub-commands made by
    ``add_subparsers`` are of this class too (argparse's default ``parser_class``)."""

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        if kwargs.get("action") == "version" and "help" not in kwargs:
            kwargs["help"] = _("show program's version number and exit")
        return super().add_argument(*args, **kwargs)
