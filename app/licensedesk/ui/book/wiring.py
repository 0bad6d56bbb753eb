"""The licence book in the window: *View → Find a licence…* (Ctrl+K), *File → Erase a
licensee's personal data…* and the book's problem sentence. ``install_book`` connects
them; the book itself is the desk's :class:`~.desk_book.DeskBook` (``ctx.book``)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog

from licensedesk.book.erase import nothing_named, said
from licensedesk.book.erase import question as erase_question
from licensedesk.book.folding import search_words
from licensedesk.history import SettingsError
from licensedesk.history.store import StoreError
from licensedesk.history.who import os_user
from licensedesk.i18n import N_, _, ngettext

from ..shared.confirm import ConfirmDialog
from ..shared.context import DeskContext, LookupPort
from ..shared.sightings_model import BOOK_HOLDS
from .find_dialog import FindDialog

STATUS_MS = 15000  # how long the status bar says what was erased
# TRANSLATORS: the find dialog, when the licence book holds no licence at all
EMPTY_BOOK = N_(
    "The licence book is empty: nothing has been looked up here yet. It fills with every "
    "licence looked up, checked, validated or registered, with File \u2192 Import serials "
    "into the book\u2026, or from a team database (File \u2192 History settings\u2026)."
)
# TRANSLATORS: the find dialog, when the book holds licences but none matches
NO_MATCH = N_("No licence in the book matches.")
NOTE_LIMIT = 1000  # characters: a note says who really owns a licence, not its story


class BookFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent=None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._lookup = lookup
        self.dialog: FindDialog | None = None
        ctx.window.registry["find"].triggered.connect(lambda _checked=False: self.open())
        ctx.window.registry["forgetLicensee"].triggered.connect(
            lambda _checked=False: self.forget()
        )
        ctx.window.registry["note"].triggered.connect(lambda _checked=False: self.edit_note())
        lookup.started.connect(self._load_note)
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
            dialog.say(
                _("Type three characters or more.")
                if text.strip()
                else _("Type a name, an e-mail, a host ID or a serial.")
            )
            return

        async def find() -> tuple[list, str]:
            book = self._ctx.book
            try:
                rows = await book.find(text)
                if rows:
                    return rows, ""
                return [], "" if await book.count() else _(EMPTY_BOOK)
            except StoreError as exc:
                return [], exc.sentence

        def found(answer: tuple[list, str]) -> None:
            rows, problem = answer
            dialog.show_found(rows)
            if problem:
                dialog.say(problem)
                return
            if rows:
                dialog.say(
                    ngettext("{n} licence found", "{n} licences found", len(rows)).format(
                        n=len(rows)
                    )
                )
            else:
                dialog.say(_(NO_MATCH) + " " + _(BOOK_HOLDS))

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
            self._ctx.window,
            _("Erase a licensee's personal data"),
            _("E-mail, full name or serial of the licensee:"),
        )
        return text if ok else ""

    async def _forget(self, who: str) -> None:
        book, window = self._ctx.book, self._ctx.window
        try:
            counted = await book.forget(who, dry_run=True)
            if not counted.total:
                window.statusBar().showMessage(nothing_named(who), STATUS_MS)
                return
            question = erase_question(who, counted)
            if not await ConfirmDialog.ask(
                window, _("Erase personal data"), question, accept=_("Erase")
            ):
                return
            done = await book.forget(who)
        except (StoreError, SettingsError) as exc:
            self._ctx.banner.show_error(exc.sentence)
            return
        window.statusBar().showMessage(said(done, team=book.on_team()), STATUS_MS)

    # -- the team's note on the licence on show ----------------------------------------
    def edit_note(self) -> asyncio.Task | None:
        """*Support → Note on this licence…*: the note of the licence on show, edited and
        kept in the book (the team's, with a team history), recorded in the history."""
        serial = self._lookup.serial
        if not serial:
            self._ctx.banner.show_error(_("Look up a licence first: the note belongs to it."))
            return None
        return self._ctx.runner.run("book.note", self._edit_note(serial))

    def ask_note(self, serial: str, current: str) -> str | None:
        """The note as edited; None when cancelled (tests replace this)."""
        text, ok = QInputDialog.getMultiLineText(
            self._ctx.window,
            _("Note on {serial}").format(serial=serial),
            _("A note for the team on this licence (empty: no note):"),
            current,
        )
        return text.strip()[:NOTE_LIMIT] if ok else None

    async def _edit_note(self, serial: str) -> None:
        book = self._ctx.book
        try:
            old = await book.note(serial)
            text = self.ask_note(serial, old.text if old else "")
            if text is None or text == (old.text if old else ""):
                return
            recorder = self._ctx.recorder
            async with recorder.record(
                "note", serial=serial, before={"note": old.text if old else None}
            ) as rec:
                who = recorder.display_name or os_user()
                await book.set_note(serial, text, who, datetime.now(UTC))
                rec.done(text or None)
        except StoreError as exc:
            self._ctx.banner.show_error(exc.sentence)
            return
        self._lookup.show_note(serial, text)

    def _load_note(self, serial: str) -> None:
        async def load() -> None:
            try:
                note = await self._ctx.book.note(serial)
            except StoreError:
                return  # the book's problem is said once, elsewhere
            self._lookup.show_note(serial, note.text if note else "")

        self._ctx.runner.run("book.loadNote", load)

    def _problem(self, sentence: str) -> None:
        self._ctx.banner.show_error(sentence, _("Lookups and changes work as usual."))


def install_book(ctx: DeskContext, lookup: LookupPort, parent=None) -> BookFeature:
    return BookFeature(ctx, lookup, parent)
