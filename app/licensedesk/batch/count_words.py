"""What a batch check's counts are called: one table for the window's summary, the
command line's summary and the history's entry of a check; and the summary's sentence.

Each count is a plural of its own (a number, then what those rows are), in the order
they are said. The calls are literal ``ngettext`` calls so the catalogue holds their
plural forms (the same in English and German, not in every language).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from licensedesk.i18n import ngettext

from .model import Status

COUNT_WORDS: tuple[tuple[Status, Callable[[int], str]], ...] = (
    (Status.ACTIVE, lambda n: ngettext("{n} active", "{n} active", n)),
    (Status.EXPIRING, lambda n: ngettext("{n} expiring soon", "{n} expiring soon", n)),
    (Status.EXPIRED, lambda n: ngettext("{n} expired", "{n} expired", n)),
    (Status.NOT_STARTED, lambda n: ngettext("{n} not started", "{n} not started", n)),
    (Status.NOT_FOUND, lambda n: ngettext("{n} not found", "{n} not found", n)),
    (
        Status.INVALID,
        lambda n: ngettext("{n} invalid for the product", "{n} invalid for the product", n),
    ),
    (
        Status.NO_SUBSCRIPTION,
        # TRANSLATORS: a count of the batch check: subscriptions without a period
        lambda n: ngettext(
            "{n} without an active subscription", "{n} without an active subscription", n
        ),
    ),
    (Status.ERROR, lambda n: ngettext("{n} could not be checked", "{n} could not be checked", n)),
)


def count_parts(counts: Mapping[str, int], number: Callable[[int], str] = str) -> list[str]:
    """``["7 active", "1 not found"]``: each status with rows, in the order they are said
    (keys are :class:`Status` values; others are left to the caller). ``number`` writes a
    count (the window writes the locale's ``10,000``)."""
    return [
        words(counts[status]).format(n=number(counts[status]))
        for status, words in COUNT_WORDS
        if counts.get(status)
    ]


def checked_sentence(checked: int, parts: list[str], n: str) -> str:
    """``Checked 12 serials: 7 active, 1 not found.`` (``parts`` from
    :func:`count_parts`; ``n``: ``checked`` as the surface writes it)."""
    if parts:
        return ngettext(
            "Checked {n} serial: {counts}.", "Checked {n} serials: {counts}.", checked
        ).format(n=n, counts=", ".join(parts))
    return ngettext("Checked {n} serial.", "Checked {n} serials.", checked).format(n=n)
