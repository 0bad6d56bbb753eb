"""*View → Full seats…*: the book's licences at their host limit (every desk's, with a
team history), each opened in the workspace, where *Free a seat…* frees one.

:func:`install_seats` connects the View menu's action; the list is read on the book's
worker (:meth:`~..book.desk_book.DeskBook.at_limit`). Freeing goes through the Support
menu's *Free a seat…* (the activations feature's) once the licence is on show.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QObject

from licensedesk.history.store import StoreError
from licensedesk.i18n import N_, _, ngettext

from ..shared.context import DeskContext, LookupPort
from ..shared.refusals import no_write_pair
from ..shared.sightings_model import BOOK_HOLDS
from ..shared.tasks import wait_for_tasks
from ..shared.values import format_number
from .window import FullSeatsWindow

#: the Full seats view, with a profile that may not write: after why, what still works
STILL_OPENED = N_("The licences can still be opened.")
EMPTY = N_("No licence in the book has a product with every seat in use.")

# TRANSLATORS: the Full seats view, empty, with a profile whose key may only read;
# {profile}: its name (the line under it says how to add a write pair)
LIMITS_UNKNOWN = N_(
    "Seat limits unknown: no licence in the book is known to have every seat in use. "
    "A licence's seat limits come with its products, which the service lists only for "
    "a key with write permission (reading a licence and its devices needs only read "
    "permission), and the key of the profile {profile} may only read."
)


class SeatsFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent=None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._lookup = lookup
        self.window: FullSeatsWindow | None = None
        ctx.window.registry["fullSeats"].triggered.connect(lambda _checked=False: self.open())
        ctx.connections.follow_write_access(self._follow_profile)

    def open(self) -> FullSeatsWindow:
        """Show the view (made on first use) and read the list; returns it (tests)."""
        if self.window is None:
            self.window = w = FullSeatsWindow(self._ctx.window)
            w.openRequested.connect(self._lookup.show_in_front)
            w.freeRequested.connect(self.free)
            w.refreshRequested.connect(self.load)
        self._follow_profile()
        self.window.start()
        self.load()
        return self.window

    def load(self) -> asyncio.Task | None:
        window = self.window
        if window is None:
            return None

        async def read() -> None:
            try:
                rows = await self._ctx.book.at_limit()
            except StoreError as exc:
                window.show_rows([])
                window.say(exc.sentence, error=True)
                return
            window.show_rows(rows)
            window.say(self._count_sentence(len(rows)))

        window.say(_("Reading the book\u2026"))
        return self._ctx.runner.run("seats.load", read)

    def _count_sentence(self, n: int) -> str:
        """How many licences are full; none: why none, the seat limits unknown with a
        profile that may only read (the products, and their limits, need write)."""
        if n:
            return ngettext(
                "{n} licence has a product with every seat in use.",
                "{n} licences have a product with every seat in use.",
                n,
            ).format(n=format_number(n))
        name = self._ctx.connections.current
        if name and not self._ctx.connections.can_write(name):
            return _(LIMITS_UNKNOWN).format(profile=name)
        return _(EMPTY) + " " + _(BOOK_HOLDS)

    def free(self, serial: str) -> asyncio.Task:
        """Open ``serial`` in the workspace, then, once its parts are in, *Free a seat…*;
        when it is off (the licence no longer has a full product…), the banner says why
        (the action's status tip)."""

        async def free() -> None:
            self._lookup.show_in_front(serial)
            await wait_for_tasks(self._lookup.in_flight())
            if self._lookup.serial != serial:
                return
            action = self._ctx.window.registry["freeSeat"]
            if action.isEnabled():
                action.trigger()
            else:
                self._ctx.banner.show_error(action.statusTip())

        return self._ctx.runner.run("seats.free", free)

    def _follow_profile(self) -> None:
        if self.window is None:
            return
        connections = self._ctx.connections
        name = connections.current
        self.window.set_can_write(
            "" if connections.can_write(name) else f"{no_write_pair(name)} {_(STILL_OPENED)}"
        )


def install_seats(ctx: DeskContext, lookup: LookupPort, parent=None) -> SeatsFeature:
    return SeatsFeature(ctx, lookup, parent)
