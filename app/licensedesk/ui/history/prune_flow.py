"""History settings → "Export and remove older entries…": keep the months the team keeps.

What ``licensedesk-cli history prune`` does (:mod:`licensedesk.history.retention`), from
the dialog: count what is older than the months in the spin box, ask where the file
goes, confirm naming how many entries, then write and remove in one step in the desk's
worker thread, with the dialog's progress bar. The store is the one the settings in use
name, opened apart from the recorder's (its writes go on meanwhile).
"""

from __future__ import annotations

import asyncio
import os
from contextlib import closing
from typing import Any

from licensedesk import clock
from licensedesk.i18n import _

from ..shared.confirm import ConfirmDialog
from ..shared.values import format_number

PRUNE_TASK = "history.prune"


def _open_store(secrets: Any) -> Any:
    """The store of the settings in use, opened (in the worker thread)."""
    from licensedesk.history import load_settings, open_store

    return open_store(load_settings(), secrets=secrets)


async def prune_older(
    dialog: Any, executor: Any, secrets: Any, months: int, folder: str
) -> int | None:
    """Ask, then export and remove; returns how many entries went (None: nothing done)."""
    from licensedesk.history import StoreError
    from licensedesk.history.prune_words import nothing_older, prune_question, pruned
    from licensedesk.history.retention import count_before, cutoff, prune

    loop = asyncio.get_running_loop()
    before = cutoff(months)
    day = clock.day_of(before).isoformat()

    def counted() -> int:
        with closing(_open_store(secrets)) as store:
            return count_before(store, before)

    try:
        n = await loop.run_in_executor(executor, counted)
    except StoreError as exc:
        dialog.show_error(exc.sentence)
        return None
    if n == 0:
        dialog.show_test_result(None, nothing_older(day))
        return None
    proposed = os.path.join(folder, f"history-before-{day}.jsonl")
    path = dialog.ask_prune_path(proposed)
    if not path:
        return None
    text = prune_question(n, format_number(n), day, path)
    # TRANSLATORS: the button that writes old history entries to a file, then removes them
    if not await ConfirmDialog.ask(
        dialog, _("Remove older entries"), text, accept=_("Export and remove")
    ):
        return None

    def progress(done: int) -> None:  # in the worker thread
        loop.call_soon_threadsafe(dialog.set_pruning, done, n)

    def run() -> int:
        with closing(_open_store(secrets)) as store:
            return prune(store, before, path, progress).removed

    dialog.set_pruning(0, n)
    try:
        removed = await loop.run_in_executor(executor, run)
    except (StoreError, OSError) as exc:
        why = exc.sentence if isinstance(exc, StoreError) else (exc.strerror or str(exc))
        dialog.show_error(_("The older entries were not removed: {problem}").format(problem=why))
        return None
    finally:
        dialog.set_pruning(-1, 0)
    dialog.show_test_result(
        True,
        pruned(removed, format_number(removed), day, path),
    )
    return removed
