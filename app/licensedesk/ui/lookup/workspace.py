"""The lookup workspace: profile selector, serial box, error banner, the three parts, and the
serial's history in a tab beside its activations.

Keyboard: Tab follows the eye, left to right and top to bottom: profile, *Profiles…*, the
serial box, *Look up* (and *Check all N* under a paste of several serials), the banner's
buttons, the card's *Links*, the products and their secrets, the Activations/History tabs,
then the tab on show (the activations: filter, table, bulk buttons). The card's labels
are no tab stops (see license_card.py)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QWidget,
)

from licensedesk.api.serials import SERIAL_RULE
from licensedesk.i18n import N_, _, ngettext

from ..activations.panel import ActivationsPanel
from ..history.panel import HistoryPanel
from ..profiles import PROFILES_TIP
from ..shared import colours
from ..shared.a11y import buddy, named, tab_chain
from ..shared.colours import text_style
from ..shared.error_banner import ErrorBanner
from ..shared.icons import icon
from ..shared.labels import plain_label
from ..shared.stacked import stacked
from .card_scroll import CardScroll
from .demo_serials import DemoSerials
from .device_room import give_devices_room
from .license_card import LOOK_UP_HINT, LicenseCard
from .lookup_button import LookupButton
from .products_panel import ProductsPanel
from .recent import RecentSerials

FOUND_IN_TEXT = N_("Looking up the serial found in the pasted text, {serial}.")
#: a pane's share of the card / products split, before the person sets one (any number
#: above both panes' minimum widths: only the ratio counts)
_SHARE = 10_000


class Workspace(QWidget):
    """Shows state and emits what the user asked for; holds no network code."""

    lookupRequested = Signal(str)  # a normalised serial
    stopRequested = Signal()  # the Look up button, while it reads "Stop"
    checkAllRequested = Signal(str)  # "Check all N" under a paste of several serials: the text
    profileSelected = Signal(str)
    manageProfilesRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.normalizer: Callable[[str], str] | None = None  # set once the api is loaded
        self.finder: Callable[[str], list[str]] | None = None  # serials in any text, likewise
        self._hint_about: str | None = None  # the serial whose lookup the hint explains
        self._pasted = ""  # the text the hint is about
        self._demo = False
        self._looking_up = False
        self._filling = False
        bar = self._build_bar()
        self._build_hint()
        self._build_parts()
        self._build_splitters()
        self._lay_out(bar)
        self._connect()
        tab_chain(  # as laid out; the parts follow in theirs
            self.profile_selector,
            self.profiles_button,
            self.serial_input,
            self.lookup_button,
            self.check_all_button,
        )

    def _build_bar(self) -> QHBoxLayout:
        """The top row: profile, *Profiles…*, the serial box, *Look up*, the demo marker."""
        self.profile_selector = named(QComboBox(), "profileSelector", _("Connection profile"))
        self.profile_selector.setAccessibleDescription(
            _("The licence service and keys the lookups and changes use")
        )
        self.profile_selector.setMinimumWidth(160)
        self.profile_selector.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.profiles_button = named(
            QPushButton(icon("preferences-system"), _("Profiles\u2026")),
            "profilesButton",
            _("Connection profiles"),
        )
        self.profiles_button.setAccessibleDescription(_(PROFILES_TIP))
        self._build_serial_input()
        self.lookup_button = LookupButton()
        self.demo_marker = named(
            QLabel(_("Demo data")),
            "demoMarker",
            described=_("Connected to the built-in sandbox with made-up data"),
        )
        self.demo_marker.setStyleSheet(
            "#demoMarker { background: #f39c12; color: black; font-weight: bold;"
            " border-radius: 3px; padding: 3px 8px; }"
        )
        self.demo_marker.hide()
        bar = QHBoxLayout()
        bar.addWidget(buddy(_("Profile:"), self.profile_selector))
        bar.addWidget(self.profile_selector)
        bar.addWidget(self.profiles_button)
        bar.addSpacing(12)
        bar.addWidget(self.serial_input, 1)
        bar.addWidget(self.lookup_button)
        bar.addWidget(self.demo_marker)
        return bar

    def _build_serial_input(self) -> None:
        """The serial box, completing the profile's found serials."""
        self.serial_input = named(QLineEdit(), "serialInput", _("Serial"))
        self.serial_input.setAccessibleDescription(_(LOOK_UP_HINT))
        self.serial_input.setPlaceholderText(_("Serial, e.g. ABCD-1234-EFGH-5678-IJKL"))
        self.serial_input.setClearButtonEnabled(True)
        self.serial_input.setMinimumWidth(300)
        self.recent = QStringListModel(self)  # the completer's list: the profile's found serials
        self.recent_by_profile = RecentSerials()  # what is saved (ui/shell/settings.py)
        completer = QCompleter(self.recent, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.serial_input.setCompleter(completer)

    def _build_hint(self) -> None:
        """The line under the serial box and *Check all N* beside it."""
        self.hint = named(
            plain_label(),
            "serialHint",  # echoes pasted text: never read as HTML
            _("About the serial"),
        )
        self.hint.setWordWrap(True)  # a long paste wraps; the window never widens for it
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.hint.hide()
        # offered beside the hint of a many-serial paste
        self.check_all_button = named(
            QPushButton(),
            "checkAllButton",
            described=_(
                "Check every serial of the pasted text in the \u201cCheck many serials\u201d window"
            ),
        )
        self.check_all_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.check_all_button.setStyleSheet(
            "#checkAllButton { color: palette(link); text-decoration: underline;"
            " border: none; padding: 0 4px; }"
        )
        self.check_all_button.hide()

    def _build_parts(self) -> None:
        """The banner, the demo's serials, and the parts that show a licence."""
        self.banner = ErrorBanner()
        self.demo_serials = DemoSerials()  # the demo's licences, until the first lookup
        self.card = LicenseCard()
        self.products = ProductsPanel()
        self.activations = ActivationsPanel()
        self.history = HistoryPanel()  # what was done to this serial (ui/history/)
        self.lower_tabs = named(QTabWidget(), "lowerTabs", _("Activations and history"))
        self.lower_tabs.setDocumentMode(True)
        self.lower_tabs.addTab(self.activations, _("Activations"))
        # TRANSLATORS: a tab: what was done to the serial on show
        self.lower_tabs.addTab(self.history, _("History"))

    def _build_splitters(self) -> None:
        """Card beside products, above the Activations/History tabs."""
        self.top_splitter = named(QSplitter(Qt.Orientation.Horizontal), "topSplitter")
        # wrapped rows are never clipped; a sentence in place of a licence never scrolls
        self.card_scroll = CardScroll(self.card, whole=self.card.shows_licence)
        self.card.state.currentChanged.connect(lambda _page: self.card_scroll.fit())
        self.top_splitter.addWidget(self.card_scroll)
        self.top_splitter.addWidget(self.products)
        # Half and half, until the person drags the handle (remembered: ui/shell/settings.py).
        # A splitter keeps the shares it was given (sizes as proportions, each raised to
        # the pane's minimum: hence large ones) and gives a pane more only when its
        # minimum asks. The card's minimum follows the licence (its longest word, an
        # e-mail address; the validity period): with a stretch factor each licence would
        # move the boundary. Half the default window holds the usual card, so the
        # boundary stays where it is.
        self.top_splitter.setSizes([_SHARE, _SHARE])
        self.main_splitter = named(QSplitter(Qt.Orientation.Vertical), "mainSplitter")
        self.main_splitter.addWidget(self.top_splitter)
        self.main_splitter.addWidget(self.lower_tabs)
        self.main_splitter.setStretchFactor(0, 0)  # the card keeps its height,
        self.main_splitter.setStretchFactor(1, 1)  # the devices get the rest
        # ...but never fewer than DEVICE_ROWS rows: in a short window the card scrolls
        # instead (card_scroll.py)
        self.activations.state.currentChanged.connect(
            lambda _page: give_devices_room(self.activations)
        )
        give_devices_room(self.activations)
        self.main_splitter.setChildrenCollapsible(False)

    def _lay_out(self, bar: QHBoxLayout) -> None:
        hint_row = QHBoxLayout()
        hint_row.addWidget(self.hint, 1)
        hint_row.addWidget(self.check_all_button)
        stacked(self, bar, hint_row, self.banner, self.demo_serials, (self.main_splitter, 1))

    def _connect(self) -> None:
        self.serial_input.textEdited.connect(self._on_edited)
        self.serial_input.returnPressed.connect(self.request_lookup)
        self.lookup_button.clicked.connect(self._lookup_clicked)
        self.check_all_button.clicked.connect(lambda: self.checkAllRequested.emit(self._pasted))
        self.demo_serials.chosen.connect(self._demo_serial_chosen)
        self.profiles_button.clicked.connect(self.manageProfilesRequested)
        self.profile_selector.currentTextChanged.connect(self._profile_changed)

    # -- serial ------------------------------------------------------------------
    def _normalise(self, text: str) -> str:
        """Normalised serial, or raise ValueError (the api's InvalidInput is one)."""
        if self.normalizer is None:
            raise ValueError("not ready")  # never shown: request_lookup says "Starting up…"
        return self.normalizer(text)

    def _on_edited(self, text: str) -> None:
        """Normalise as the user pastes/types: once it parses, show the canonical form."""
        self.hide_hint()
        try:
            normal = self._normalise(text)
        except Exception:
            return
        if normal != text:
            self.serial_input.setText(normal)

    def request_lookup(self) -> None:
        text = self.serial_input.text()
        try:
            serial = self._normalise(text)
        except Exception as exc:
            found = self.finder(text) if self.finder else []
            if not found:
                sentence = (
                    getattr(exc, "sentence", "") if self.normalizer else _("Starting up\u2026")
                )
                self.show_hint(sentence if text.strip() else _(SERIAL_RULE), error=True)
                self.banner.clear()  # an old result's error does not belong to this input
                self.serial_input.setFocus()
                return
            serial, n = found[0], len(found)
            if n > 1:
                note = ngettext(
                    "The pasted text holds {n} serial; looking up the first, {serial}.",
                    "The pasted text holds {n} serials; looking up the first, {serial}.",
                    n,
                )
            else:
                note = _(FOUND_IN_TEXT)
            self.show_hint(note.format(n=n, serial=serial), error=False, about=serial)
            if n > 1:
                self._offer_check_all(text, len(found))
        else:
            self.hide_hint()
        if serial != text:
            self.serial_input.setText(serial)
        self.lookupRequested.emit(serial)

    def _lookup_clicked(self) -> None:
        if self._looking_up:
            self.stopRequested.emit()
        else:
            self.request_lookup()

    def set_looking_up(self, on: bool) -> None:
        """While a lookup is in flight the button reads "Stop" (Esc does the same); Enter in
        the serial box still starts a new lookup."""
        if on == self._looking_up:
            return
        self._looking_up = on
        self.lookup_button.set_stop(on)

    def show_hint(self, text: str, *, error: bool, about: str | None = None) -> None:
        """A line under the serial box: what is wrong with the input (red), or what was done
        with it (muted); ``about``: the serial whose lookup it explains."""
        self._hint_about = about
        self.hint.setText(text)
        self.hint.setStyleSheet(text_style(colours.BAD if error else colours.MUTED))
        self.hint.setAccessibleDescription(text)
        self.hint.show()
        self.check_all_button.hide()
        self.serial_input.setAccessibleDescription(text)  # heard where the focus is

    def hint_goes_unless(self, serial: str) -> None:
        """A lookup of ``serial`` started: a hint about another paste (or another serial)
        no longer describes what is on show."""
        if self.hint.isVisibleTo(self) and self._hint_about != serial:
            self.hide_hint()

    def hide_hint(self) -> None:
        self._hint_about = None
        self.hint.hide()
        self.check_all_button.hide()
        self.serial_input.setAccessibleDescription(_(LOOK_UP_HINT))

    def _offer_check_all(self, text: str, n: int) -> None:
        """Beside the "holds N serials" hint: check them all in the batch window."""
        self._pasted = text
        # TRANSLATORS: a button beside "The pasted text holds {n} serials…"
        self.check_all_button.setText(ngettext("Check all {n}", "Check all {n}", n).format(n=n))
        self.check_all_button.setAccessibleName(
            ngettext("Check all {n} pasted serial", "Check all {n} pasted serials", n).format(n=n)
        )
        self.check_all_button.show()

    def remember(self, serial: str) -> None:
        """``serial`` was found on the current profile's service: offer it first."""
        profile = self.current_profile()
        if profile:
            self.recent.setStringList(self.recent_by_profile.remember(profile, serial))

    def recent_serials(self) -> list[str]:
        """The serials the completer offers (the current profile's)."""
        return self.recent.stringList()

    def _show_recent_of(self, profile: str | None) -> None:
        self.recent.setStringList(self.recent_by_profile.of(profile))

    def focus_serial(self) -> None:
        self.serial_input.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.serial_input.selectAll()

    # -- profiles ------------------------------------------------------------------
    def set_profiles(self, names: list[str], current: str | None) -> None:
        self._filling = True
        try:
            self.profile_selector.clear()
            self.profile_selector.addItems(names)
            if current in names:
                self.profile_selector.setCurrentText(current)
            else:
                self.profile_selector.setCurrentIndex(-1)  # none chosen yet: none shown
        finally:
            self._filling = False
        self._show_recent_of(current)

    def current_profile(self) -> str:
        return self.profile_selector.currentText()

    def _profile_changed(self, name: str) -> None:
        self._show_recent_of(name)
        if not self._filling and name:
            self.profileSelected.emit(name)

    def set_demo(self, on: bool) -> None:
        self._demo = on
        self.demo_marker.setVisible(on)
        self.demo_serials.show_while(on)

    def offer_demo_serials(self, offers: list[tuple[str, str]]) -> None:
        """The demo's licences to try, (serial, description) pairs: shown while the demo
        profile is on and nothing has been looked up."""
        self.demo_serials.offer(offers)
        tab_chain(self.check_all_button, *self.demo_serials.buttons)  # in the order shown
        self.demo_serials.show_while(self._demo)

    def _demo_serial_chosen(self, serial: str) -> None:
        self.serial_input.setText(serial)
        self.request_lookup()

    # -- parts ---------------------------------------------------------------------
    def update_seats(self, known: bool = True) -> None:
        """The products' "seats used" from the activations on show; ``known`` False: the
        devices are not on show (failed or still loading), so no count is made up."""
        counts = self.activations.model.activated_count_by_product() if known else None
        self.products.set_seats_used(counts)

    def clear_results(self) -> None:
        """Nothing looked up: every part as at the start (e.g. another profile), and no
        hint about an earlier paste."""
        self.hide_hint()
        self.banner.clear()
        for part in (self.card, self.products, self.activations):
            part.clear()
        self.history.clear()
        self.demo_serials.show_while(self._demo)

    def empty_results(self, keep: Collection[str] = ()) -> None:
        """A lookup runs: the previous serial's results go, but the parts in ``keep``
        ("license", "products", "activations"), whose new content is shown next in the
        same pass (emptied first, each part's page would change twice). The tables stay
        in place, emptied; the card says what to do, as at the start (filled in place,
        each label's new text would relay the visible form: slower than switching the
        page)."""
        self.banner.clear()
        self.demo_serials.hide()  # a licence takes the room: the devices need it
        if "license" not in keep:
            self.card.clear()
        for name, part in (("products", self.products), ("activations", self.activations)):
            if name not in keep:
                part.empty()
        self.history.clear()
