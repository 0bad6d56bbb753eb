"""An ``argparse.ArgumentParser`` that keeps its sub-commands where we can read them.

argparse hands the sub-commands' action out once, as ``add_subparsers()`` returns it, and
keeps no public way to find it again. :class:`CommandParser` holds on to it, and
:func:`sub_commands` names a parser's sub-commands with their parsers: the tests that
check every command is covered (and that the man pages and completion name them all)
read it instead of argparse's private list of actions. The sub-commands' parsers are of
the same class (argparse's default ``parser_class``), so every level keeps its own.
"""

from __future__ import annotations

import argparse
from typing import Any


class CommandParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` that remembers what ``add_subparsers`` returned."""

    commands_action: argparse.Action | None = None

    def add_subparsers(self, **kwargs: Any) -> Any:
        self.commands_action = super().add_subparsers(**kwargs)
        return self.commands_action


def sub_commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """``parser``'s sub-commands in the order they were added, each with its parser; none
    for a parser without (or one not made by :class:`CommandParser`)."""
    action = getattr(parser, "commands_action", None)
    return dict(action.choices) if action is not None and action.choices else {}
