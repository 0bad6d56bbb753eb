"""A licence's timeline in the window: the card's line of changes after a lookup, and the
Timeline window. ``install_timeline`` connects them to the lookup, the book and the
history.

The card's line: when a lookup starts, the line goes and the time is taken; once the
lookup's parts are in (its answers handed to the book), the book is asked for the changes
it saw after that time, which are this lookup's (:meth:`~..book.desk_book.DeskBook.changes`
waits for the write without hurrying it: the window draws the answers first), and the
history of the serial says which of them were made from License Desk
(:func:`licensedesk.book.timeline.build`). Both reads run on their stores' worker threads;
the UI thread makes the line's words. Nothing changed, or a licence new to the book: no
line.

The window: the serial on show, every change the book holds for it and every change made
from the desk, read the same way. Enter on a device's change selects the device in the
activations table (the lookup's :meth:`~..lookup.wiring.LookupFeature.select_device`);
when the main window shows another licence meanwhile, that licence is looked up first.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject

from licensedesk.book.changes import Change
from licensedesk.book.timeline import Item, build, devices_since, summary
from licensedesk.history import SettingsError
from licensedesk.history.store import StoreError
from licensedesk.i18n import N_, _, ngettext

from ..shared.tasks import wait_for_tasks
from ..shared.values import format_number, short_day
from .card_line import ChangesLine
from .window import TimelineWindow

if TYPE_CHECKING:
    from ..shared.context import DeskContext, LookupPort

CARD, LOAD = "timeline.card", "timeline.load"
T = TypeVar("T")
# TRANSLATORS: the banner, when the Timeline is asked for with no licence on show
NO_LICENCE = N_("Look up a licence first: the timeline belongs to it.")
# TRANSLATORS: the Timeline window, for a licence the book saw no change on
NOTHING_SEEN = N_(
    "No change seen on this licence yet: each lookup is compared with the one before."
)
# TRANSLATORS: the Timeline window, when the device of a change is not in the licence's list
NO_DEVICE = N_("That device is not among the licence's devices now.")


def card_line(items: list[Item]) -> str:
    """The card's line of a lookup's changes ("" for none)."""
    return summary([i for i in items if i.change is not None], day=short_day)


class TimelineFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent=None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._lookup = lookup
        self.window: TimelineWindow | None = None
        #: a device to select once the lookup of its licence has shown its devices
        self._pending: Change | None = None
        self.line = ChangesLine()
        lookup.add_card_line(self.line)
        action = ctx.window.registry["timeline"]
        action.triggered.connect(lambda _checked=False: self.open())
        lookup.add_context_action("card", action)
        self.line.timelineRequested.connect(action.trigger)
        lookup.started.connect(self._started)
        lookup.partShown.connect(self._part_shown)
        ctx.connections.currentChanged.connect(lambda _name: self._forget())
        ctx.window.closing.connect(self._main_window_closing)

    # -- the card's line -------------------------------------------------------------------
    def _started(self, serial: str) -> None:
        self.line.clear()
        since = datetime.now(UTC)
        self._ctx.runner.run(
            CARD,
            lambda: self._lookup_changes(serial, since),
            on_success=lambda line: self._show_line(serial, line),
        )

    async def _lookup_changes(self, serial: str, since: datetime) -> str:
        """The line of the changes this lookup made the book see ("" for none)."""
        await wait_for_tasks(self._lookup.in_flight())  # started after the lookup's signal
        if self._lookup.serial != serial:
            return ""
        try:
            changes = await self._ctx.book.changes(serial, since)
        except StoreError:
            return ""  # the book's problem is said once, elsewhere
        if not changes:
            return ""
        return await self._items(serial, changes, card_line)

    def _show_line(self, serial: str, line: str) -> None:
        if self._lookup.serial == serial:
            self.line.show_summary(line)
        w = self.window
        if line and w is not None and w.isVisible() and w.serial == serial:
            self.load()  # it lists what this lookup saw

    async def _items(
        self,
        serial: str,
        changes: Sequence[Change],
        then: Callable[[list[Item]], T],
    ) -> T:
        """``then`` of the timeline of ``changes``, matched with the serial's history (the
        items, or the card's line of them). Matched and worded on the desk's worker thread:
        a site licence seen again may bring thousands of device changes, each matched
        against the serial's entries."""
        recorder = self._ctx.recorder
        problem, history_from = recorder.problem, None
        try:
            entries, history_from = await recorder.explaining(
                serial, devices_since(changes), self._keep_months()
            )
        except StoreError as exc:
            entries, problem = [], exc.sentence

        def made() -> T:
            return then(
                build(
                    changes,
                    entries,
                    history_from=history_from,
                    history_problem=problem,
                    serial=serial,
                )
            )

        return await asyncio.get_running_loop().run_in_executor(self._ctx.executor, made)

    def _keep_months(self) -> int | None:
        """The months the history in use keeps (None: all)."""
        try:
            settings, _data_dir = self._ctx.book.where()
        except SettingsError:
            return None  # the history's problem is said as the history's
        return settings.keep_months

    # -- the window ----------------------------------------------------------------------
    def open(self) -> TimelineWindow | None:
        """The Timeline of the licence on show, in front; None (the banner says why) when
        none is on show."""
        serial = self._lookup.serial
        if not serial:
            self._ctx.banner.show_error(_(NO_LICENCE))
            return None
        if self.window is None:
            w = self.window = TimelineWindow(self._ctx.window)
            w.deviceRequested.connect(self.show_device)
            w.refreshRequested.connect(self.load)
        self.window.start_for(serial)
        self.load()
        return self.window

    def load(self) -> asyncio.Task | None:
        w = self.window
        if w is None or not w.serial:
            return None
        serial = w.serial
        return self._ctx.runner.run(
            LOAD,
            lambda: self._read(serial),
            busy=w.set_busy,
            on_success=lambda answer: self._show(w, serial, *answer),
        )

    async def _read(self, serial: str) -> tuple[list[Item], str]:
        try:
            changes = await self._ctx.book.changes(serial)
        except StoreError as exc:
            return [], exc.sentence
        return await self._items(serial, changes, list), ""

    def _show(self, w: TimelineWindow, serial: str, items: list[Item], problem: str) -> None:
        if w.serial != serial:
            return
        w.show_items(items)
        if problem:
            w.say(problem, error=True)
        elif not items:
            w.say(_(NOTHING_SEEN))
        else:
            n = len(items)
            w.say(
                # TRANSLATORS: the Timeline window's line above its list
                ngettext(
                    "{n} change, newest first. Enter on a device's change selects the device.",
                    "{n} changes, newest first. Enter on a device's change selects the device.",
                    n,
                ).format(n=format_number(n))
            )

    # -- a device's change: the device in the activations table -----------------------------
    def show_device(self, change: Change) -> None:
        if self._lookup.serial == change.serial and not self._lookup.is_running():
            self._select(change)
            return
        self._pending = change
        if self._lookup.serial != change.serial:
            self._lookup.show(change.serial)

    def _part_shown(self, part: str) -> None:
        change = self._pending
        if part == "activations" and change is not None and self._lookup.serial == change.serial:
            self._pending = None
            self._select(change)

    def _select(self, change: Change) -> None:
        found = self._lookup.select_device(change.activation_id, change.host_id, change.product)
        if not found and self.window is not None:
            self.window.say(_(NO_DEVICE), error=True)

    def _forget(self) -> None:
        """Another profile: the line and a device waiting to be selected go."""
        self._ctx.runner.cancel(CARD)
        self._pending = None
        self.line.clear()

    def _main_window_closing(self) -> None:
        if self.window is not None:
            self._ctx.runner.cancel(LOAD)
            self.window.close()


def install_timeline(ctx: DeskContext, lookup: LookupPort, parent=None) -> TimelineFeature:
    """The card's line of changes and the Timeline window."""
    return TimelineFeature(ctx, lookup, parent)
