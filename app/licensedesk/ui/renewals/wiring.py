"""*View → Renewals…*: the book's subscriptions and trials ending soon, in a window of
their own. ``install_renewals`` connects the action, the window and the book.

Reading: the book's ``ending`` query runs on the book's worker thread
(:meth:`~..book.desk_book.DeskBook.ending`), never on the UI thread; the window's choice
of days, dealer and profile narrow it. Refresh: the licences listed are checked again at
the service with the batch check's engine (:class:`licensedesk.batch.check.BatchCheck`,
read-only, the profile in use); the client keeps every answer in the book by itself
(``LicenseClient.on_seen``), and the book's worker writes them before it answers the
list that is read next, so a licence renewed meanwhile leaves the list.

While the window is open, every write of the book (``DeskBook.written``: a lookup, a
batch check) reads the list again: a licence whose end the book now holds later (renewed,
seen in a lookup) leaves it without Refresh.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from licensedesk import clock
from licensedesk.book import RenewalsQuery, Sighting
from licensedesk.book.renewals import (
    bounds,
    csv_text,
    default_file_name,
    ending_sentence,
    xlsx_bytes,
)
from licensedesk.history.store import StoreError
from licensedesk.i18n import _, ngettext

from ..shared.export_file import save_rows, write_bytes_file
from ..shared.sightings_model import BOOK_HOLDS
from ..shared.values import format_number
from .window import RenewalsWindow

if TYPE_CHECKING:
    from ..shared.context import DeskContext, LookupPort

LOAD, REFRESH = "renewals.load", "renewals.refresh"


class RenewalsFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent=None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._lookup = lookup
        self.window: RenewalsWindow | None = None
        ctx.window.registry["renewals"].triggered.connect(lambda _checked=False: self.open())
        ctx.connections.profilesChanged.connect(self._profiles_changed)
        ctx.window.closing.connect(self._main_window_closing)
        ctx.book.written.connect(self._book_written)

    def open(self) -> RenewalsWindow:
        """Show the window (made on first use) in front and read the list; returns it."""
        if self.window is None:
            w = self.window = RenewalsWindow(self._ctx.window)
            w.filtersChanged.connect(self.load)
            w.refreshRequested.connect(self.refresh)
            w.exportRequested.connect(self.export)
            w.openRequested.connect(self._lookup.show_in_front)
        self.window.set_profiles(self._ctx.connections.names())
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()
        self.load()
        return self.window

    # -- reading the book -----------------------------------------------------------------
    def load(self) -> asyncio.Task | None:
        """Read the list for the window's choices (a read in flight is superseded)."""
        w = self.window
        if w is None:
            return None
        return self._ctx.runner.run(
            LOAD,
            lambda: self._read(w),
            busy=w.set_busy,
            on_success=lambda answer: self._show(w, *answer),
        )

    async def _read(self, w: RenewalsWindow) -> tuple[list[Sighting], str, datetime]:
        now = clock.now()
        query = RenewalsQuery(*bounds(w.days(), now), w.dealer_text() or None, w.profile_name())
        try:
            found = await self._ctx.book.ending(query)
        except StoreError as exc:
            return [], exc.sentence, now
        return found, "", now

    def _show(self, w: RenewalsWindow, found: list[Sighting], problem: str, now: datetime) -> None:
        w.model.set_rows(found, now)
        w.fit_columns()
        if problem:
            w.banner.show_error(problem)
            w.show_status("")
            return
        w.banner.clear()  # a book that could not be read before can be now
        if found:
            w.show_status(ending_sentence(len(found), w.days(), format_number(len(found))))
        else:
            w.show_status(ending_sentence(0, w.days()) + " " + _(BOOK_HOLDS))

    # -- refresh: the listed licences checked again -----------------------------------
    def refresh(self) -> asyncio.Task | None:
        w = self.window
        if w is None or self._ctx.runner.is_running(REFRESH):
            return None
        return self._ctx.runner.run(
            REFRESH, lambda: self._refresh(w), busy=w.set_busy, on_error=w.banner.show_failure
        )

    async def _refresh(self, w: RenewalsWindow) -> None:
        from licensedesk.batch.check import BatchCheck

        serials = list(dict.fromkeys(w.model.serials()))
        errors = 0
        if serials:
            check = BatchCheck(
                self._ctx.connections.client(),
                serials,
                concurrency=self._ctx.connections.batch_concurrency(),
            )
            w.show_status(
                ngettext(
                    "Checking {n} licence at the service\u2026",
                    "Checking {n} licences at the service\u2026",
                    len(serials),
                ).format(n=format_number(len(serials)))
            )
            results: list = []
            await check.run(results.append)
            errors = sum(1 for r in results if r.status == "error")
        w.banner.clear()
        task = self.load()
        if task is not None:  # superseded by a change of the filters: that read shows
            await asyncio.gather(task, return_exceptions=True)
        if errors:
            w.banner.show_error(
                ngettext(
                    "{n} licence could not be checked at the service: the list shows what the "
                    "book last saw of it.",
                    "{n} licences could not be checked at the service: the list shows what the "
                    "book last saw of them.",
                    errors,
                ).format(n=format_number(errors))
            )

    # -- export -------------------------------------------------------------------------
    def export(self, kind: str) -> str | None:
        """Ask where, write the licences listed, say where they went (or why not)."""
        w = self.window
        if w is None:
            return None
        rows = w.model.licences
        if not rows:
            w.show_status(_("Nothing to export: no licence is listed."))
            return None

        def write(path: str) -> int:
            data = xlsx_bytes(rows) if kind == "xlsx" else csv_text(rows).encode("utf-8")
            write_bytes_file(path, data)
            return len(rows)

        file_name = default_file_name(kind, clock.today())
        return save_rows(w, self._ctx.settings.qsettings, kind, file_name, write)

    def _book_written(self) -> None:
        """The book wrote answers: the list on show is read again (Refresh reads it once
        its check is done)."""
        w = self.window
        if w is not None and w.isVisible() and not self._ctx.runner.is_running(REFRESH):
            self.load()

    def _main_window_closing(self) -> None:
        """The list goes with the window it belongs to (it would otherwise stay in front)."""
        if self.window is not None:
            self._ctx.runner.cancel(LOAD)
            self.window.close()

    def _profiles_changed(self) -> None:
        if self.window is not None:
            self.window.set_profiles(self._ctx.connections.names())


def install_renewals(ctx: DeskContext, lookup: LookupPort, parent=None) -> RenewalsFeature:
    """Connect *View → Renewals…* to its window."""
    return RenewalsFeature(ctx, lookup, parent)
