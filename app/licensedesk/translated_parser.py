"""An ``argparse.ArgumentParser`` that says argparse's own words in the language in use.

With ``--lang de`` (or a German system) ``--help`` and usage errors say "Aufruf:",
"Optionen" and "Fehler:" like the rest of the output. Only argparse's documented
methods are overridden: ``add_argument`` and ``add_argument_group`` (argparse's own
``-h``, ``--version`` and section headings pass through them), ``format_usage`` and
``format_help`` (the "usage: " prefix), and ``error`` (its English message templates
are matched and said again from our catalogue, nested ones included); and, from
:class:`.command_parser.CommandParser`, ``add_subparsers`` (to keep the sub-commands).

What this cannot reach with public API stays English: a word argparse writes without
passing one of those methods (a newer Python's new messages, or a heading it makes
elsewhere); a message no template below matches is shown as argparse wrote it.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any, NoReturn

from .command_parser import CommandParser
from .i18n import N_, _, ngettext

USAGE = N_("usage: ")
ERROR = N_("%(prog)s: error: %(message)s\n")
NESTED = N_("argument %(argument_name)s: %(message)s")
#: argparse's words that reach us through ``add_argument`` / ``add_argument_group``
WORDS = (
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
)
#: argparse's error message templates (3.11's and 3.12's wording)
TEMPLATES = (
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
)
_FIELD = re.compile(r"%(?:\((\w+)\))?[sr]")
_COUNTED = re.compile(r"expected (?P<n>\d+) arguments?")


def _pattern(template: str) -> re.Pattern[str]:
    """``template`` as a regular expression whose groups are its fields (``%s`` → ``s0``)."""
    parts, last, unnamed = [], 0, 0
    for field in _FIELD.finditer(template):
        name = field.group(1)
        if name is None:
            name, unnamed = f"s{unnamed}", unnamed + 1
        parts += [re.escape(template[last : field.start()]), f"(?P<{name}>.+?)"]
        last = field.end()
    return re.compile("".join(parts) + re.escape(template[last:]))


def _fill(template: str, values: dict[str, str]) -> str:
    """The translation of ``template`` with the matched text put in as it was shown (a
    ``%r`` of argparse's was already quoted once)."""
    names = iter(sorted(k for k in values if re.fullmatch(r"s\d+", k)))
    translated = _(template)

    def put(field: re.Match[str]) -> str:
        return values.get(field.group(1) or next(names, ""), field.group(0))

    return _FIELD.sub(put, translated)


_PATTERNS = tuple((template, _pattern(template)) for template in TEMPLATES)
_NESTED = _pattern(NESTED)


def translate_message(message: str) -> str:
    """argparse's English error ``message`` in the language in use, or as it is when no
    template matches it (our own messages arrive translated already)."""
    nested = _NESTED.fullmatch(message)
    if nested:
        inner = translate_message(nested.group("message"))
        return _fill(NESTED, {"argument_name": nested.group("argument_name"), "message": inner})
    counted = _COUNTED.fullmatch(message)
    if counted:
        n = int(counted.group("n"))
        return ngettext("expected %s argument", "expected %s arguments", n) % n
    for template, pattern in _PATTERNS:
        found = pattern.fullmatch(message)
        if found:
            return _fill(template, found.groupdict())
    return message


class TranslatedParser(CommandParser):
    """``argparse.ArgumentParser`` with its words from our catalogue; sub-commands made
    by ``add_subparsers`` are of this class too (argparse's default ``parser_class``), and
    each level keeps its sub-commands (:func:`.command_parser.sub_commands`)."""

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        if kwargs.get("help") in WORDS:
            kwargs["help"] = _word(kwargs["help"])
        elif kwargs.get("action") == "version" and "help" not in kwargs:
            kwargs["help"] = _("show program's version number and exit")
        return super().add_argument(*args, **kwargs)

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        if args and args[0] in WORDS:
            args = (_word(args[0]), *args[1:])
        if kwargs.get("title") in WORDS:
            kwargs["title"] = _word(kwargs["title"])
        return super().add_argument_group(*args, **kwargs)

    def format_usage(self) -> str:
        return _with_prefix(super().format_usage())

    def format_help(self) -> str:
        return _with_prefix(super().format_help())

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _(ERROR) % {"prog": self.prog, "message": translate_message(message)})


def _word(english: str) -> str:
    """One of argparse's :data:`WORDS` in the language in use."""
    return _(english)


def _with_prefix(text: str) -> str:
    """``text`` with its leading "usage: " translated; the usage's further lines move
    by as many columns as the prefix grew, so they stay under the first."""
    english, ours = USAGE, _(USAGE)
    if ours == english or not text.startswith(english):
        return text
    head, blank, rest = text.partition("\n\n")
    first, *more = head.split("\n")
    grow = len(ours) - len(english)
    more = [" " * grow + line if grow > 0 and line else line[max(0, -grow) :] for line in more]
    return "\n".join([ours + first[len(english) :], *more]) + blank + rest
