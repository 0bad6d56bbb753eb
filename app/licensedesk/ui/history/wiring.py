"""Wires the history: the workspace's History tab, the History window (View → History…,
Ctrl+H), the settings dialog (File → History settings…) and the notice when the
history cannot be written.

Recording itself is the controllers' (each wraps its write call, through
:func:`licensedesk.history.record`, in a block of the desk's
:class:`.desk_recorder.DeskRecorder`). This feature keeps the recorder told of the
profile in use (its name and its service's address go into every entry), and shows
what was recorded:

- the History tab reads the serial's entries at each lookup and after each
  change recorded for it (``DeskRecorder.recorded``), off the UI thread;
- the History window reads its filtered list when opened, when a filter or the
  order changes, after every change recorded (unless scrolled past the first page)
  and on Refresh (F5): its first page, then how many match, then the pages the table
  scrolls to (a window of them is held, ``page_window.py``); opening it starts
  building the search index of a history that lacks one;
- the History window's exports read the whole list again from the store
  (``export_flow.py``), with the command line's writers; closing the window or
  switching stores stops one;
- a store that cannot be written is said once, in the workspace's banner, and
  a mark stays in the status bar (its tooltip says why).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel

from licensedesk.api.serials import normalize_serial
from licensedesk.history.paging import Sort
from licensedesk.i18n import N_, _

from ..shared.labels import plain_tip
from ..shared.tasks import TaskRunner
from .controller import HistoryController

if TYPE_CHECKING:
    from licensedesk.history import HistoryQuery, HistorySettings

    from ..shared.context import DeskContext, LookupPort
    from .export_flow import HistoryExport
    from .page_window import PageRead
    from .panel import HistoryPanel
    from .settings_flow import HistorySettingsFlow
    from .window import HistoryWindow

TAB_TITLE = N_("History")
# TRANSLATORS: a mark in the status bar: changes are not being recorded in the history
NOT_RECORDED_MARK = N_("History off")


class HistoryFeature(QObject):
    def __init__(
        self,
        ctx: DeskContext,
        lookup: LookupPort,
        panel: HistoryPanel,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._lookup = lookup
        self.recorder = ctx.recorder
        self.runner = TaskRunner(self)  # reads of the store: not "Last request" of the service
        self.runner.unexpected.connect(lambda _name, f: ctx.show_unexpected(f))
        self.controller = c = HistoryController(
            self.runner, self.recorder, self, after=lookup.in_flight
        )
        self.panel = panel
        self.window: HistoryWindow | None = None
        self.export: HistoryExport | None = None  # the window's exports (made with it)
        self._settings: HistorySettingsFlow | None = None
        self.problem_mark: QLabel | None = None
        self._listed: HistoryQuery | None = None  # the window's list on show

        c.serialBusy.connect(panel.set_busy)
        c.serialLoaded.connect(self._serial_loaded)
        c.serialFailed.connect(self._serial_failed)
        panel.countChanged.connect(self._count_changed)
        panel.openRequested.connect(lambda serial: self.open(serial or None))
        lookup.started.connect(self.load_serial)
        self.recorder.recorded.connect(self._recorded)
        self.recorder.switched.connect(self._switched)
        self.recorder.problemFound.connect(self._problem)
        connections = ctx.connections
        connections.currentChanged.connect(self._profile_chosen)
        connections.profilesChanged.connect(lambda: self._use_profile(connections.current))
        registry = ctx.window.registry
        registry["history"].triggered.connect(lambda _checked=False: self.open())
        registry["historySettings"].triggered.connect(lambda _checked=False: self.settings())

    # -- what the menu, the tab and tests use ---------------------------------------------
    def open(self, serial: str | None = None) -> HistoryWindow:
        """Show the History window (made on first use) in front; with ``serial``, filtered
        to that serial. Returns it (tests drive it)."""
        w = self._window()
        w.show()
        if serial is not None:
            w.filters.set_serial(serial)  # reads the list (the filters changed)
        else:
            self.refresh_window()
        w.raise_()
        w.activateWindow()
        return w

    def settings(self):
        """Open the History settings dialog (its flow made on first use); returns it."""
        if self._settings is None:
            from .settings_flow import HistorySettingsFlow

            self._settings = HistorySettingsFlow(
                self.runner, self.recorder, self._ctx.executor, self._ctx.window, self
            )
        parent = (
            self.window
            if self.window is not None and self.window.isActiveWindow()
            else self._ctx.window
        )
        return self._settings.open(parent)

    def load_serial(self, serial: str) -> None:
        """Read ``serial``'s history into the workspace's tab."""
        if serial:
            self.controller.load_serial(serial)

    def refresh_window(self) -> None:
        """Read the History window's list again (when it is open)."""
        w = self.window
        if w is None or not w.isVisible():
            return
        query = w.filters.query()
        if query is not None:
            self._listed = query
            self.controller.query(query)

    # -- handlers -------------------------------------------------------------------------
    def _window(self) -> HistoryWindow:
        if self.window is None:
            from .export_flow import HistoryExport
            from .window import HistoryWindow

            w = self.window = HistoryWindow(self._ctx.window)
            w.filters.normalizer = normalize_serial
            c = self.controller
            x = self.export = HistoryExport(
                w, self._ctx.settings.qsettings, self.runner, self.recorder
            )
            w.filtersChanged.connect(self.refresh_window)
            w.refreshRequested.connect(self.refresh_window)
            w.exportRequested.connect(
                lambda kind: x.start(kind, self._listed, c.sort, w.filters.serial_filter())
            )
            w.exportCancelRequested.connect(x.cancel)
            w.closed.connect(x.cancel)
            w.settingsRequested.connect(self.settings)
            w.serialActivated.connect(self._lookup.show_in_front)
            c.queryBusy.connect(w.set_busy)
            c.queried.connect(lambda _q, entries, more: w.show_entries(entries, more))
            c.queryFailed.connect(w.show_error)
            c.paged.connect(
                lambda q, read, entries: w.show_page(read, entries) if q == self._listed else None
            )
            c.pageFailed.connect(w.show_page_error)
            c.counted.connect(lambda q, n: w.show_count(n) if q == self._listed else None)
            c.indexProgress.connect(w.show_index)
            c.indexBuilt.connect(self._index_built)
            w.model.readWanted.connect(self._read)
            w.model.sortWanted.connect(self._sort)
            self._show_store()
            c.build_index()
        return self.window

    def _serial_loaded(self, serial: str, entries) -> None:
        if serial == self._lookup.serial:  # not an older serial's late answer
            self.panel.show_entries(serial, entries)

    def _serial_failed(self, serial: str, sentence: str) -> None:
        if serial == self._lookup.serial:
            self.panel.show_error(serial, sentence)

    def _count_changed(self, n: int) -> None:
        # TRANSLATORS: the History tab's title with how many entries it shows
        self._lookup.set_tab_title(
            self.panel, _("History ({n})").format(n=n) if n >= 0 else _(TAB_TITLE)
        )

    def _recorded(self, serial: str) -> None:
        """A change was recorded: what shows it reads again (a moment later, once a burst)."""
        shown = serial if serial and serial == self._lookup.serial else None
        w = self.window
        query = w.filters.query() if w is not None and w.isVisible() else None
        if query is not None and w is not None and w.model.paged_on:
            query = None  # scrolled past the first page: the rows stay, Refresh (F5) reads
        if query is not None:
            self._listed = query
        if shown or query is not None:
            self.controller.after_change(shown, query)

    def _switched(self) -> None:
        if self.export is not None:
            self.export.cancel()  # its next page would be the other store's
        self._show_store()
        shown = self._lookup.serial
        if shown and self.panel.serial == shown:  # the tab shows it (not a cleared workspace)
            self.controller.load_serial(shown)
        self.refresh_window()
        if self.window is not None:
            self.window.show_index(None)
            self.controller.build_index()
        if self.problem_mark is not None:  # a new store: a new chance
            self.problem_mark.hide()

    def _problem(self, sentence: str) -> None:
        """Said once per store: the banner (dismissable), and a mark that stays."""
        window = self._ctx.window
        self._ctx.banner.show_error(
            sentence,
            _(
                "The change itself was sent as usual. File \u2192 History "
                "settings\u2026 shows where the history is kept."
            ),
        )
        if self.problem_mark is None:
            self.problem_mark = QLabel(_(NOT_RECORDED_MARK))
            self.problem_mark.setObjectName("historyProblemMark")
            window.statusBar().addPermanentWidget(self.problem_mark)
        self.problem_mark.setToolTip(plain_tip(sentence))
        self.problem_mark.setAccessibleDescription(sentence)
        self.problem_mark.show()
        if self.window is not None:
            self.window.banner.show_error(sentence)

    def _profile_chosen(self, name: str) -> None:
        self.controller.cancel_serial()  # the workspace was cleared: no late list in it
        self._use_profile(name)

    def _use_profile(self, name: str | None) -> None:
        connections = self._ctx.connections
        demo = bool(name) and connections.is_memory_only(name) and self._ctx.demo_running()
        self.recorder.use_session_store(demo)
        self.recorder.use_connection(name or None, connections.server_of(name) or None)

    def _show_store(self) -> None:
        if self.window is None:
            return
        from licensedesk.history import SettingsError, load_settings, local_history_path
        from licensedesk.storage.settings import describe_team_url

        try:
            settings: HistorySettings | None = load_settings()
        except SettingsError:
            settings = None
        name = self.recorder.display_name
        if self.recorder.session_only:
            words = (
                _("The demo's history: kept for this session only \u2014 you appear as {name}")
                if name
                else _("The demo's history: kept for this session only")
            )
            where = ""
        elif settings is not None and settings.store == "team" and settings.team_url:
            words = (
                _("The team's history: {where} \u2014 you appear as {name}")
                if name
                else _("The team's history: {where}")
            )
            where = describe_team_url(settings.team_url)
        else:
            words = (
                _("This computer's history: {where} \u2014 you appear as {name}")
                if name
                else _("This computer's history: {where}")
            )
            where = str(local_history_path())
        self.window.show_store(words.format(where=where, name=name))

    def _read(self, read: PageRead) -> None:
        """The table's window of pages asks for a page of the list on show."""
        if self._listed is not None:
            self.controller.read(self._listed, read)

    def _sort(self, key: str, descending: bool) -> None:
        """A header was clicked: the store reads the list in that order."""
        self.controller.sort = Sort(key, descending)
        self.refresh_window()

    def _index_built(self, built: bool) -> None:
        w = self.window  # made before any build started: the build is the window's
        w.show_index(None)
        if built and self._listed is not None and self._listed.text and not w.model.paged_on:
            self.refresh_window()  # the search on show, from the index now

    async def aclose(self) -> None:
        """On quit: nothing more is read (the recorder is closed next)."""
        await self.controller.aclose()


def install_history(
    ctx: DeskContext, lookup: LookupPort, panel: HistoryPanel, parent: QObject | None = None
) -> HistoryFeature:
    """Connect the History tab (``panel``), the History window, its settings and the
    problem notice."""
    return HistoryFeature(ctx, lookup, panel, parent)
