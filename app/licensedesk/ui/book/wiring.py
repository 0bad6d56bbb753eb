"""The licence book in the window: *View → Find a licence…* (Ctrl+K), *File → Erase a
licensee's personal data…* and the book's problem sentence. ``install_book`` connects
them; the book itself is the desk's :class:`~.desk_book.DeskBook` (``ctx.book``)."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog

from licensedesk.book.folding import search_words
from licensedesk.history import SettingsError
from licensedesk.history.store import StoreError
from licensedesk.i18n import _, ngettext

from ..shared.confirm import ConfirmDialog
from ..shared.context import DeskContext, LookupPort
from .find_dialog import FindDialog

STATUS_MS = 15000  # how long the status bar says what was erased


class BookFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent=None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._lookup = lookup
        self.dialog: FindDialog | None = None
        ctx.window.registry["find"].triggered.connect(lambda _checked=False: self.open())
        ctx.window.registry["forgetLicensee"].triggered.connect(
            lambda _checked=False: self.forget())
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

    def forget(self) -> asyncio.Task | None:
        """*File → Erase a licensee's personal data…*: who, how many records, confirm,
        erase. None when nobody was named."""
        who = self.ask_who().strip()
        if not who:
            return None
        return self._ctx.runner.run("book.forget", self._forget(who))

    def ask_who(self) -> str:
        """The e-mail, name or serial to erase; "" when cancelled (tests replace this)."""
        text, ok = QInputDialog.getText(
            self._ctx.window, _("Erase a licensee's personal data"),
            _("E-mail, full name or serial of the licensee:"))  # fmt: skip
        return text if ok else ""

    async def _forget(self, who: str) -> None:
        book, window = self._ctx.book, self._ctx.window
        try:
            counted = await book.forget(who, dry_run=True)
            if not counted.licences:
                window.statusBar().showMessage(_(
                    "No licence in the book has {who} as its licensee, e-mail or serial: "
                    "nothing was changed.").format(who=who), STATUS_MS)  # fmt: skip
                return
            question = ngettext(
                "Erase the name and e-mail of {who} from {n} record: licences {licences}, "
                "notes {notes}, history entries {history}? The records stay, without them.",
                "Erase the name and e-mail of {who} from {n} records: licences {licences}, "
                "notes {notes}, history entries {history}? The records stay, without them.",
                counted.total).format(who=who, n=counted.total, **counted._asdict())
            if not await ConfirmDialog.ask(window, _("Erase personal data"), question,
                                           accept=_("Erase")):  # fmt: skip
                return
            done = await book.forget(who)
        except (StoreError, SettingsError) as exc:
            self._ctx.banner.show_error(exc.sentence)
            return
        window.statusBar().showMessage(_(
            "Erased: {licences} licence records, {notes} notes, {history} history "
            "entries.").format(**done._asdict()), STATUS_MS)  # fmt: skip

    def _problem(self, sentence: str) -> None:
        self._ctx.banner.show_error(sentence, _("Lookups and changes work as usual."))


def install_book(ctx: DeskContext, lookup: LookupPort, parent=None) -> BookFeature:
    return BookFeature(ctx, lookup, parent)
