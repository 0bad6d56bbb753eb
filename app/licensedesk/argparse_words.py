"""argparse's own words ("usage:", "options", its error messages) through our catalogue.

Two reasons, one change:
- **Speed.** argparse looks each of its words up with the standard library's
  ``gettext.gettext``, which searches the disk for a ``messages`` catalogue at every
  call and remembers nothing when there is none (Python ships none): building
  ``licensedesk-cli``'s parser made 109 such lookups, four ``stat`` calls each with
  ``LANG`` set, ~5 ms of every command's start (issue #14). Through our catalogue a
  word is a dictionary lookup.
- **Language.** With ``--lang de`` (or a German system), ``--help`` and argparse's
  errors say "Aufruf:" and "Fehler:" like the rest of the output.

argparse reads ``_`` and ``ngettext`` from its module namespace (``from gettext import
gettext as _, ngettext``, since Python 3.2); :func:`route_argparse` replaces those two
names. On a Python whose argparse has no such names it changes nothing: the words stay
English, as before. The words below are argparse 3.11's user-facing ones, marked so
that the catalogue has them; words of newer versions not listed stay English.
"""

from __future__ import annotations

from .i18n import N_, _, ngettext

WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
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
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)


def _expected_arguments(n: int) -> str:  # pragma: no cover - marks the plural only
    return ngettext("expected %s argument", "expected %s arguments", n)


def route_argparse() -> None:
    """Make argparse look its words up in our catalogue (in the language in use)."""
    import argparse

    if callable(getattr(argparse, "_", None)) and callable(getattr(argparse, "ngettext", None)):
        argparse._ = _  # type: ignore[attr-defined]
        argparse.ngettext = ngettext  # type: ignore[attr-defined]
