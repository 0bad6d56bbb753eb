"""Wires the "Check many serials" window: File → Check many serials… (Ctrl+B),
the toolbar's "Check many…", and the serial box's "Check all N" after a paste of
several serials.

Check: the serials box is parsed (:func:`licensedesk.batch.parse.parse_serials`),
one "waiting…" row per serial is shown, and :class:`.controller.BatchController`
sends them with the profile's ``batch_concurrency``; each chunk of answers fills
its rows. Cancel (Esc, closing the window, choosing another profile) stops
sending and keeps what was answered. Retry failed checks again only the rows
that could not be checked, in their own rows. A double-click looks a serial up
in the main window. The window is made on first use; its size and columns are
remembered (``window_state.py``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from licensedesk.api.errors import InvalidInput
from licensedesk.api.serials import check_product_code
from licensedesk.i18n import N_, _
from licensedesk.text_input import InputProblem

from .controller import BatchController

if TYPE_CHECKING:
    from licensedesk.batch.parse import ParsedInput

    from ..shared.context import DeskContext, LookupPort
    from .window import BatchWindow

NO_SERIALS = N_("There is no serial to check: paste some, or open a .txt or .csv file.")
RUNNING = N_("A check is running: cancel it first to check other serials.")
PROFILE_CHANGED = N_("The connection profile changed, so the check stopped.")
ROWS_CLEARED = N_("The rows checked with the other profile were cleared.")


class BatchFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._lookup = lookup
        self.controller = BatchController(
            ctx.runner,
            ctx.connections.client,
            ctx.connections.batch_concurrency,
            self,
            history=ctx.recorder,
        )
        self.window: BatchWindow | None = None
        self._product: str | None = None  # of the last check: a retry uses it too
        self._note = ""  # why the check stopped, when it was not the person (translated)
        ctx.window.registry["batch"].triggered.connect(lambda _checked=False: self.open())
        ctx.window.registry["importBook"].triggered.connect(
            lambda _checked=False: self.import_into_book()
        )
        ctx.connections.currentChanged.connect(self._profile_changed)

    # -- what the menu, the toolbar and the paste hint use ------------------------------
    def open(self) -> BatchWindow:
        """Show the window (made on first use) in front; returns it (tests drive it)."""
        w = self._window()
        w.show()
        w.raise_()
        w.activateWindow()
        return w

    def check_text(self, text: str) -> BatchWindow:
        """Open with ``text`` and check its serials at once ("Check all N" of a paste)."""
        w = self.open()
        if self.controller.is_running():
            w.show_status(_(RUNNING))
        else:
            w.set_text(text)
            self.check()
        return w

    def check(self) -> asyncio.Task | None:
        """Check the serials in the window's box; None when nothing was started."""
        w = self._window()
        if self.controller.is_running():
            return None
        product = w.product_code()
        if product:
            try:
                product = check_product_code(product)
            except InvalidInput as exc:
                w.show_product_hint(exc.sentence)
                return None
        parsed = self._count(w.text())
        if not parsed.serials:  # the rows on show (an earlier answer) stay
            w.show_status(_(NO_SERIALS))
            return None
        w.show_rows(parsed.serials, parsed.not_serials, parsed.sources)
        self._product, self._note = product or None, ""
        return self.controller.check(parsed.serials, product=self._product)

    def retry_failed(self) -> asyncio.Task | None:
        """Check again the rows that could not be checked (status error), in their rows."""
        w = self._window()
        failed = w.model.failed()
        if not failed or self.controller.is_running():
            return None
        from .model import WAITING

        indexes = [r.index for r in failed]
        w.model.mark(indexes, WAITING)
        self._note = ""
        return self.controller.check(
            [r.serial for r in failed], product=self._product, indexes=indexes
        )

    def import_into_book(self) -> asyncio.Task | None:
        """*File → Import serials into the book…*: a file chosen, its serials checked in
        this window (progress, Stop); the client keeps every answer in the licence book.
        None when nothing was started (cancelled, unreadable, a check running)."""
        w = self.open()
        path = w.ask_open_path()
        if path and self.load_file(path):
            return self.check()
        return None

    def load_file(self, path: str) -> bool:
        """Put the serials of a .txt/.csv/.xlsx file in the box (Check still to press)."""
        from .files import read_serials_file

        w = self._window()
        if self.controller.is_running():
            w.show_status(_(RUNNING))
            return False
        try:
            text = read_serials_file(path)
        except InputProblem as problem:
            w.banner.show_error(problem.sentence)
            return False
        w.banner.clear()
        w.set_text(text)
        self._count(text)
        w.show_status(_("Read {name}.").format(name=Path(path).name))
        return True

    # -- handlers --------------------------------------------------------------------
    def _window(self) -> BatchWindow:
        if self.window is None:
            from .export_flow import export
            from .progress import rate_and_left
            from .window import BatchWindow
            from .window_state import restore_batch_window, save_batch_window

            w = self.window = BatchWindow(self._ctx.window)
            c = self.controller
            settings = self._ctx.settings
            restore_batch_window(w, settings)
            w.checkRequested.connect(self.check)
            w.cancelRequested.connect(c.cancel)
            w.retryRequested.connect(self.retry_failed)
            w.exportRequested.connect(lambda kind: export(w, settings.qsettings, kind))
            w.fileChosen.connect(self.load_file)
            w.inputSettled.connect(self._count)
            w.serialActivated.connect(self._lookup.show_in_front)
            w.closed.connect(c.cancel)
            w.closed.connect(lambda: save_batch_window(w, settings))
            app = QCoreApplication.instance()
            if app is not None:  # quitting with the window open saves it too
                app.aboutToQuit.connect(self._save_if_shown)
            c.started.connect(lambda total: w.set_running(True, total))
            c.answered.connect(w.model.apply)
            c.progress.connect(
                lambda done, total, elapsed: w.set_progress(
                    done, total, rate_and_left(done, total, elapsed)
                )
            )
            c.finished.connect(self._finished)
            c.failed.connect(w.banner.show_failure)
            self._title()
        return self.window

    def _save_if_shown(self) -> None:
        if self.window is not None and self.window.isVisible():
            from .window_state import save_batch_window

            save_batch_window(self.window, self._ctx.settings)

    def _count(self, text: str) -> ParsedInput:
        from licensedesk.batch.parse import parse_serials

        from .progress import input_summary

        parsed = parse_serials(text)
        self._window().show_count(
            input_summary(len(parsed.serials), parsed.duplicates, len(parsed.not_serials))
        )
        return parsed

    def _finished(self, stopped: bool) -> None:
        from .progress import summary

        w = self._window()
        if stopped:
            w.model.mark_unanswered()
        w.set_running(False)
        said = summary(w.model.counts(), stopped) if w.model.rowCount() else ""
        w.show_status(" ".join(filter(None, (said, self._note))))

    def _profile_changed(self, _name: str) -> None:
        """Answers from two services must not mix in one table, nor stand under the new
        profile's title: stop, clear the rows (the serials stay in the box, to check again
        on this profile), and say so."""
        self._note = _(PROFILE_CHANGED) if self.controller.cancel() else ""
        w = self.window
        if w is not None and w.model.rowCount():
            w.show_rows((), ())
            self._note = " ".join(filter(None, (self._note, _(ROWS_CLEARED))))
            w.show_status(self._note)
        self._title()

    def _title(self) -> None:
        if self.window is not None:
            from .window import TITLE

            name = self._ctx.connections.current
            # TRANSLATORS: the batch window's title with the connection profile in use
            self.window.setWindowTitle(
                _("Check many serials \u2014 {profile}").format(profile=name) if name else _(TITLE)
            )


def install_batch(
    ctx: DeskContext, lookup: LookupPort, parent: QObject | None = None
) -> BatchFeature:
    """Connect Ctrl+B and the toolbar button; the shell connects the paste hint's "Check
    all N" to :meth:`BatchFeature.check_text`."""
    return BatchFeature(ctx, lookup, parent)
