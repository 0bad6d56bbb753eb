"""What removing old entries says, in the window's dialog and on the command line alike.

Each surface writes the count and the time its own way (``10,000`` or the locale's
form; a day or a time) and adds only where to answer (``--yes``, a button).
"""

from __future__ import annotations

from licensedesk.i18n import _, ngettext


def nothing_older(when: str) -> str:
    """No entry is old enough: the history is as it was."""
    return _("No entry is older than {when}: nothing was removed.").format(when=when)


def prune_question(count: int, n: str, when: str, file: str) -> str:
    """The question before writing ``count`` entries (``n`` as written) to ``file`` and
    removing them."""
    return ngettext(
        "Write {n} entry older than {when} to {file}, then remove it from the history?",
        "Write {n} entries older than {when} to {file}, then remove them from the history?",
        count,
    ).format(n=n, when=when, file=file)


def pruned(count: int, n: str, when: str, file: str) -> str:
    """Said once the entries are in ``file`` and gone from the history."""
    return ngettext(
        "Wrote {n} entry older than {when} to {file} and removed it from the history.",
        "Wrote {n} entries older than {when} to {file} and removed them from the history.",
        count,
    ).format(n=n, when=when, file=file)
