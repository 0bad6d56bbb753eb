"""Switching to a team database offers to copy this computer's entries into it.

Without the offer a desk's past changes stayed in its own file and the team saw none
of them unless someone ran ``licensedesk-cli history export`` and ``history import``.
The copy is that import (:mod:`licensedesk.history.copy_local`), run in the desk's worker
thread before the settings are saved: when it fails, nothing is switched and the dialog
says why. Entries already in the team database are not copied twice.
"""

from __future__ import annotations

import asyncio
from contextlib import closing
from typing import Any

from licensedesk.history.copy_local import copy_local_to, local_count
from licensedesk.i18n import _, ngettext

from ..shared.confirm import ConfirmDialog
from ..shared.values import format_number

COPY_TASK = "history.copy"


async def offer_copy(dialog: Any, executor: Any, url: str, password: Any) -> bool:
    """Ask, then copy with the dialog's progress bar. True: go on saving (copied, nothing
    to copy, or declined); False: the copy failed and the dialog says why.
    ``password``: a callable run in the worker thread (the keyring may block)."""
    loop = asyncio.get_running_loop()
    n = await loop.run_in_executor(executor, local_count)
    if n == 0:
        return True
    text = ngettext(
        "Copy this computer's {n} history entry into the team database? The team then "
        "sees it; an entry already there is not copied twice. (Cancel switches without "
        "copying.)",
        "Copy this computer's {n} history entries into the team database? The team then "
        "sees them; entries already there are not copied twice. (Cancel switches without "
        "copying.)",
        n,
    ).format(n=format_number(n))
    # TRANSLATORS: the button that copies this computer's history into the team database
    if not await ConfirmDialog.ask(
        dialog, _("Copy this computer's history"), text, accept=_("Copy")
    ):
        return True

    def progress(done: int, total: int) -> None:  # in the worker thread
        loop.call_soon_threadsafe(dialog.set_copying, done, total)

    def copy() -> tuple[int, int]:
        from licensedesk.history.postgres_store import PostgresStore

        with closing(PostgresStore(url, password=password())) as team:
            team.migrate()
            return copy_local_to(team, progress)

    from licensedesk.history import StoreError

    dialog.set_copying(0, n)
    try:
        await loop.run_in_executor(executor, copy)
    except StoreError as exc:
        dialog.show_error(
            _(
                "This computer's entries could not be copied, so the history "
                "settings were not changed: {problem}"
            ).format(problem=exc.sentence)
        )
        return False
    finally:
        dialog.set_copying(-1, 0)
    return True
