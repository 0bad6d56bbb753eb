"""``history prune [--older-than MONTHS | --before DATE] [--yes] FILE``: keep N months.

The entries before the cut-off are written to FILE (JSON lines, what ``history import``
reads back) and removed, in one step (:mod:`licensedesk.history.retention`). The cut-off
is ``--before``'s day, or ``--older-than`` months, or the months the settings keep
(``history use … --keep-months N``). It asks first, naming how many entries (``--yes``
without a terminal), as every command that removes something does.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _

from .errors import OK, UsageError

if TYPE_CHECKING:
    from .output import Printer


def chosen_cutoff(args: Any, keep_months: int | None) -> datetime:
    """The first instant kept: ``--before``'s day, ``--older-than`` or the settings' months."""
    from licensedesk.history.retention import cutoff
    from licensedesk.storage.settings import MAX_KEEP_MONTHS

    from .when import parse_when

    if args.before and args.older_than is not None:
        raise UsageError(_("Give --before or --older-than, not both."))
    if args.before:
        return parse_when(args.before)
    months = args.older_than if args.older_than is not None else keep_months
    if months is None:
        raise UsageError(
            _(
                "The history keeps its entries for ever: give --older-than MONTHS "
                "or --before DATE, or set the months it keeps with 'licensedesk-cli "
                "history use … --keep-months N'."
            )
        )
    if not 1 <= months <= MAX_KEEP_MONTHS:
        raise UsageError(_("--older-than must be 1 to {most} months.").format(most=MAX_KEEP_MONTHS))
    return cutoff(months)


def cmd_prune(
    args: Any, printer: Printer, store_of: Any, target: str, keep_months: int | None
) -> int:
    """Count, ask (or ``--yes``), then export and remove in one step."""
    from licensedesk.history import StoreError
    from licensedesk.history.prune_words import nothing_older, prune_question, pruned
    from licensedesk.history.retention import count_before, prune

    from .asking import confirm
    from .output import human

    before = chosen_cutoff(args, keep_months)
    path = Path(target)
    if target == "-" or path.is_dir():
        raise UsageError(_("prune writes the entries it removes to a file: give its name."))
    with store_of(args, printer) as store:
        n = count_before(store, before)
        if not n:
            printer.result(
                {"exported": 0, "removed": 0, "before": before.isoformat()},
                nothing_older(human(before)),
            )
            return OK
        question = prune_question(n, f"{n:,}", human(before), target)
        confirm(args, printer, question)
        try:
            done = prune(store, before, path)
        except OSError as exc:
            raise UsageError(
                _("The file {file} cannot be written ({reason}): nothing was removed.").format(
                    file=target, reason=exc.strerror or exc
                )
            ) from None
        except StoreError:
            if path.exists():
                printer.note(
                    _("The file {file} was written; nothing was removed.").format(file=target)
                )
            raise
    printer.result(
        {
            "exported": done.exported,
            "removed": done.removed,
            "before": before.isoformat(),
            "file": target,
        },
        pruned(done.removed, f"{done.removed:,}", human(before), target),
    )
    return OK
