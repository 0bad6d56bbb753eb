"""The licence book in the window: *View → Find a licence…* (Ctrl+K) and the book's
problem sentence. ``install_book`` connects them; the book itself is the desk's
:class:`~.desk_book.DeskBook` (``ctx.book``)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from licensedesk.book.folding import search_words
from licensedesk.history.store import StoreError
from licensedesk.i18n import _, ngettext

from ..shared.context import DeskContext, LookupPort
from .find_dialog import FindDialog


class BookFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent=None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._lookup = lookup
        self.dialog: FindDialog | None = None
        ctx.window.registry["find"].triggered.connect(lambda _checked=False: self.open())
        ctx.book.problemFound.connect(self._problem)

    def open(self) -> FindDialog:
        """Show the find dialog (made on first use), the box ready; returns it (tests)."""
        if self.dialog is None:
            self.dialog = FindDialog(self._ctx.window)
            self.dialog.searchRequested.connect(self.search)
            self.dialog.openRequested.connect(self._lookup.show)
        self.dialog.start()
        return self.dialog

    def search(self, text: str) -> None:
        dialog = self.dialog
        if dialog is None:
            return
        if not search_words(text):
            self._ctx.runner.cancel("book.find")
            dialog.show_found([])
            dialog.say(_("Type three characters or more.") if text.strip() else
                       _("Type a name, an e-mail, a host ID or a serial."))  # fmt: skip
            return

        async def find() -> tuple[list, str]:
            try:
                return await self._ctx.book.find(text), ""
            except StoreError as exc:
                return [], exc.sentence

        def found(answer: tuple[list, str]) -> None:
            rows, problem = answer
            dialog.show_found(rows)
            if problem:
                dialog.say(problem)
                return
            if rows:
                dialog.say(ngettext("{n} licence found", "{n} licences found",
                                    len(rows)).format(n=len(rows)))  # fmt: skip
            else:
                dialog.say(_("No licence in the book matches. The book holds the licences "
                             "looked up, checked, validated or registered here (or by the "
                             "team, with a team history)."))  # fmt: skip

        self._ctx.runner.run("book.find", find, on_success=found)

    def _problem(self, sentence: str) -> None:
        self._ctx.banner.show_error(sentence, _("Lookups and changes work as usual."))


def install_book(ctx: DeskContext, lookup: LookupPort, parent=None) -> BookFeature:
    return BookFeature(ctx, lookup, parent)
