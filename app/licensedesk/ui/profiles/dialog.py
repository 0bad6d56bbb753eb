"""Connection profiles: add, edit, remove; test each credential pair; say where keys go.

Opened with ``open()`` (window-modal, no nested loop). The dialog holds no async
work: "Test connection" and "Remove…" are asked of the profiles controller
(:attr:`ProfilesDialog.testRequested`, :attr:`ProfilesDialog.removeRequested`),
which answers through :meth:`show_test_result` and :meth:`profile_removed`.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from types import SimpleNamespace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from licensedesk.i18n import N_, _
from licensedesk.profiles.model import BATCH_CONCURRENCY, MAX_TIMEOUT, Profile

from ..shared import colours
from ..shared.a11y import buddy, named, tab_chain
from ..shared.colours import text_style
from ..shared.labels import plain_label
from .pair_box import PairBox, http_warning, suffixed
from .unsaved import CANCEL, DISCARD, SAVE, UnsavedDialog, form_state

TRANSPORT_CHOICES = (
    (N_("Client default (JSON body)"), None),
    (N_("JSON body"), "json"),
    (N_("Form body"), "form"),
    (N_("Query string"), "query"),
)


def _new_profile() -> SimpleNamespace:
    """What the form of a new profile starts with: no name, no address, no app ID, and
    every option as a Profile has it by default (one place says the defaults)."""
    defaults = {f.name: f.default for f in fields(Profile) if f.default is not MISSING}
    return SimpleNamespace(**{**defaults, "name": "", "base_url": ""})


class ProfilesDialog(QDialog):
    testRequested = Signal(str, object, str, object)  # pair, Profile, typed key, editing name
    removeRequested = Signal(str)  # profile name

    def __init__(self, connections, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("profilesDialog")
        self.setWindowTitle(_("Connection profiles"))
        self.setModal(True)
        self.resize(820, 600)
        self.connections = connections
        self._editing: str | None = None
        self._clean, self._asking = (), False  # the form as loaded or saved; a question open
        left = self._build_list()
        self._build_fields()
        self._build_options()
        self.editor = QWidget()
        self.editor.setLayout(self._editor_layout())
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addWidget(self.editor, 3)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(self._close_box())
        self._connect()
        self._say_where_keys_go()
        self._tab_order()

    def _build_list(self) -> QVBoxLayout:
        """The profiles and the Add / Remove… buttons under them."""
        self.list = named(QListWidget(), "profilesList", _("Profiles"))
        self.add_button = named(QPushButton(_("Add")), "addProfileButton", _("Add a profile"))
        self.remove_button = named(
            QPushButton(_("Remove\u2026")),
            "removeProfileButton",
            _("Remove the chosen profile\u2026"),
        )
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        left.addLayout(buttons)
        return left

    def _build_fields(self) -> None:
        """Name, address, the http:// consent and its warning, the two pairs, the notes."""
        self.name = named(QLineEdit(), "profileName", _("Profile name"))
        self.base_url = named(QLineEdit(), "profileBaseUrl")
        self.base_url.setPlaceholderText("https://licences.example.com")
        self.insecure = named(
            QCheckBox(_("Allow unencrypted http:// to this host (keys travel in clear)")),
            "allowInsecureHttp",
        )
        self.http_warning = named(plain_label(), "httpWarning")  # names the typed host
        self.http_warning.setWordWrap(True)
        self.http_warning.setStyleSheet(text_style(colours.WARN))
        self.http_warning.hide()
        self.read_box = PairBox("read")
        self.write_box = PairBox("write")
        self.keys_note = named(plain_label(), "keysNote")  # names the keyring backend
        self.keys_note.setWordWrap(True)
        self.message = named(plain_label(), "profileMessage")  # names, addresses, errors
        self.message.setWordWrap(True)
        self.save_button = named(QPushButton(_("Save")), "saveProfileButton", _("Save the profile"))

    def _build_options(self) -> None:
        """How calls are sent: body form, routes, time-outs, batch size, zone, TLS."""
        self.transport = named(QComboBox(), "profileTransport")
        for text, value in TRANSPORT_CHOICES:
            self.transport.addItem(_(text), value)
        self.legacy = named(
            QCheckBox(_("Use the deprecated activation routes (update-api / destroy-api)")),
            "legacyRoutes",
        )
        self.connect_timeout = named(
            QDoubleSpinBox(), "profileConnectTimeout", _("Connect time-out")
        )
        self.read_timeout = named(QDoubleSpinBox(), "profileReadTimeout", _("Read time-out"))
        # a whole call, retries included (docs/client.md)
        self.deadline = named(
            QDoubleSpinBox(),
            "profileDeadline",
            _("Deadline of a whole call"),
            _(
                "The longest a call may take, retries included, however "
                "slowly the service sends its answer"
            ),
        )
        for spin in (self.connect_timeout, self.read_timeout, self.deadline):
            spin.setRange(0.1, MAX_TIMEOUT)
            # TRANSLATORS: the unit after a number of seconds in a spin box (keep the space)
            spin.setSuffix(_(" s"))
            spin.setDecimals(1)
        self.deadline.setValue(60.0)
        self.batch_concurrency = named(
            QSpinBox(),
            "batchConcurrency",
            _("Parallel requests of a batch check"),
            _("How many requests a batch check keeps in flight at once (1 to 32)"),
        )
        self.batch_concurrency.setRange(*BATCH_CONCURRENCY)
        self.batch_concurrency.setValue(8)
        self.timezone = named(QLineEdit("UTC"), "serverTimezone")
        self.verify = named(QCheckBox(_("Verify TLS certificates")), "verifyTls")
        self.ca_bundle = named(QLineEdit(), "caBundle")
        self.ca_bundle.setPlaceholderText(_("optional: path to a CA bundle (PEM)"))

    def _editor_layout(self) -> QVBoxLayout:
        """The form on the right: fields, pairs, options, notes and Save."""
        form = QFormLayout()
        form.addRow(_("Name:"), self.name)
        form.addRow(_("Service address:"), self.base_url)
        form.addRow("", self.insecure)
        form.addRow("", self.http_warning)
        options = QFormLayout()
        options.addRow(_("Arguments sent as:"), self.transport)
        options.addRow("", self.legacy)
        options.addRow(_("Time-outs:"), self._timeouts_row())
        options.addRow(_("Batch check:"), suffixed(self.batch_concurrency, _("requests at once")))
        options.addRow(_("Server time zone:"), self.timezone)
        options.addRow("", self.verify)
        options.addRow(_("CA bundle:"), self.ca_bundle)
        right = QVBoxLayout()
        right.addLayout(form)
        right.addWidget(self.read_box)
        right.addWidget(self.write_box)
        right.addLayout(options)
        right.addWidget(self.keys_note)
        right.addWidget(self.message)
        save_row = QHBoxLayout()
        save_row.addStretch(1)
        save_row.addWidget(self.save_button)
        right.addLayout(save_row)
        return right

    def _timeouts_row(self) -> QHBoxLayout:
        timeouts = QHBoxLayout()
        # TRANSLATORS: "Time-outs:" row of the profiles dialog: the time-out to connect
        timeouts.addWidget(buddy(_("connect"), self.connect_timeout))
        timeouts.addWidget(self.connect_timeout)
        # TRANSLATORS: "Time-outs:" row of the profiles dialog: the time-out to read an answer
        timeouts.addWidget(buddy(_("read"), self.read_timeout))
        timeouts.addWidget(self.read_timeout)
        # TRANSLATORS: "Time-outs:" row of the profiles dialog: a whole call, retries included
        timeouts.addWidget(buddy(_("whole call"), self.deadline))
        timeouts.addWidget(self.deadline)
        timeouts.addStretch(1)
        return timeouts

    def _close_box(self) -> QDialogButtonBox:
        """Close; Enter saves the profile in the form (its own action), no other default."""
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.button(QDialogButtonBox.StandardButton.Close).setObjectName("profilesCloseButton")
        close.rejected.connect(self.reject)
        for button in (
            self.add_button,
            self.remove_button,
            close.button(QDialogButtonBox.StandardButton.Close),
        ):
            button.setAutoDefault(False)
        self.save_button.setDefault(True)
        return close

    def _connect(self) -> None:
        self.list.currentTextChanged.connect(self._load)
        self.add_button.clicked.connect(self.new_profile)
        self.remove_button.clicked.connect(self.remove_current)
        self.save_button.clicked.connect(self.save)
        self.base_url.textChanged.connect(self._update_warning)
        self.insecure.toggled.connect(self._update_warning)
        self.read_box.test_button.clicked.connect(lambda: self.test_pair("read"))
        self.write_box.test_button.clicked.connect(lambda: self.test_pair("write"))

    def _tab_order(self) -> None:
        """Tab goes as a person reads: the list and its buttons, then the form top to
        bottom, Save, Close (the form rows sit in nested layouts, so Qt's order of
        creation would not be that order)."""
        tab_chain(
            self.list,
            self.add_button,
            self.remove_button,
            self.name,
            self.base_url,
            self.insecure,
            *(
                w
                for box in (self.read_box, self.write_box)
                for w in (box.app_id, box.api_key, box.test_button)
            ),
            self.transport,
            self.legacy,
            self.connect_timeout,
            self.read_timeout,
            self.deadline,
            self.batch_concurrency,
            self.timezone,
            self.verify,
            self.ca_bundle,
            self.save_button,
            self.findChild(QDialogButtonBox),
        )

    # -- list ------------------------------------------------------------------
    def reload(self, select: str | None = None) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItems(self.connections.names())
        self.list.blockSignals(False)
        items = self.list.findItems(select, Qt.MatchFlag.MatchExactly) if select else []
        if items:
            self.list.setCurrentItem(items[0])
        elif self.list.count():
            self.list.setCurrentRow(0)
        else:
            self.new_profile()
        self._say_where_keys_go()

    def _say_where_keys_go(self) -> None:
        secrets = self.connections.secrets
        if secrets is None or not secrets.persistent:
            self.keys_note.setText(
                _(
                    "API keys are kept in: memory only, this session. The profile file holds the "
                    "address, app IDs and options, never a key."
                )
            )
            return
        self.keys_note.setText(
            _(
                "API keys are kept in: {where}. The profile file holds the address, app IDs and "
                "options, never a key."
            ).format(where=secrets.backend_description)
        )

    def _load(self, name: str) -> None:
        self.message.clear()
        for box in (self.read_box, self.write_box):
            box.set_result(None, "")
            box.api_key.clear()
        if not name:
            return
        profile = self.connections.profile(name)
        self._editing = name
        memory = self.connections.is_memory_only(name)
        self._fill(profile)
        for box in (self.read_box, self.write_box):
            stored = memory or (
                self.connections.secrets is not None
                and self.connections.secrets.has(name, box.pair)
            )
            box.api_key.setPlaceholderText(
                _("stored \u2014 leave empty to keep it") if stored else _("not set")
            )
        self.save_button.setEnabled(not memory)
        self.remove_button.setEnabled(not memory)
        if memory:
            self.message.setText(_("This profile exists for this session only and is not saved."))
        self._clean = form_state(self)

    def new_profile(self) -> None:
        self.list.clearSelection()
        self.list.setCurrentRow(-1)
        self._editing = None
        self._fill(_new_profile())
        for box in (self.read_box, self.write_box):
            box.api_key.clear()
            box.api_key.setPlaceholderText("")
            box.set_result(None, "")
        self.save_button.setEnabled(True)
        self.remove_button.setEnabled(False)
        self.message.setText(_("New profile: fill in the address and at least one app ID."))
        self.name.setFocus()
        self._clean = form_state(self)

    def _fill(self, profile) -> None:
        """The form's fields from ``profile`` (a Profile, or :func:`_new_profile`)."""
        self.name.setText(profile.name)
        self.base_url.setText(profile.base_url)
        self.insecure.setChecked(profile.allow_insecure_http)
        self.read_box.app_id.setText(profile.read_app_id or "")
        self.write_box.app_id.setText(profile.write_app_id or "")
        self.transport.setCurrentIndex(
            next(i for i, (_t, v) in enumerate(TRANSPORT_CHOICES) if v == profile.transport)
        )
        self.legacy.setChecked(profile.legacy_activation_routes)
        self.connect_timeout.setValue(profile.connect_timeout)
        self.read_timeout.setValue(profile.read_timeout)
        self.deadline.setValue(profile.deadline)
        self.batch_concurrency.setValue(profile.batch_concurrency)
        self.timezone.setText(profile.server_timezone)
        self.verify.setChecked(profile.verify_tls)
        self.ca_bundle.setText(profile.ca_bundle or "")

    # -- form -> profile ---------------------------------------------------------
    def form_profile(self):
        """The Profile in the form (raises ProfileError with a sentence)."""
        return Profile(
            name=self.name.text(),
            base_url=self.base_url.text(),
            read_app_id=self.read_box.app_id.text() or None,
            write_app_id=self.write_box.app_id.text() or None,
            transport=self.transport.currentData(),
            legacy_activation_routes=self.legacy.isChecked(),
            connect_timeout=self.connect_timeout.value(),
            read_timeout=self.read_timeout.value(),
            deadline=self.deadline.value(),
            batch_concurrency=self.batch_concurrency.value(),
            server_timezone=self.timezone.text() or "UTC",
            verify_tls=self.verify.isChecked(),
            ca_bundle=self.ca_bundle.text() or None,
            allow_insecure_http=self.insecure.isChecked(),
        )

    def _update_warning(self, *_args) -> None:
        text = http_warning(self.base_url.text(), self.insecure.isChecked())
        self.http_warning.setText(text)
        self.http_warning.setVisible(bool(text))

    def save(self) -> bool:
        try:
            profile = self.form_profile()
        except ValueError as exc:
            self.message.setText(getattr(exc, "sentence", str(exc)))
            return False
        keys: dict[str, str | None] = {
            # no app ID: the pair's key is dropped (""); its field left empty: kept (None)
            box.pair: (box.api_key.text() or None) if box.app_id.text() else ""
            for box in (self.read_box, self.write_box)
        }
        if self._editing is None and profile.name in self.connections.names():
            self.message.setText(
                _("A profile named \u201c{name}\u201d exists already.").format(name=profile.name)
            )
            return False
        try:
            self.connections.save_profile(profile, keys, old_name=self._editing)
        except Exception as exc:
            self.message.setText(getattr(exc, "sentence", None) or str(exc))
            return False
        self.reload(profile.name)
        self.message.setText(_("Saved."))
        return True

    def reject(self) -> None:
        """Close, Esc or the window's X: a profile changed and not saved is not dropped
        without asking (save / discard / cancel)."""
        if self._asking:  # the question is open already
            return
        if not self.save_button.isEnabled() or form_state(self) == self._clean:
            super().reject()
            return
        self._asking = True
        UnsavedDialog.ask(self, self.name.text()).add_done_callback(self._unsaved_answered)

    def _unsaved_answered(self, future) -> None:
        self._asking = False
        choice = CANCEL if future.cancelled() else future.result()
        if choice == DISCARD or (choice == SAVE and self.save()):
            super().reject()

    # -- asked of the profiles controller ----------------------------------------------
    def box(self, pair: str) -> PairBox:
        return self.read_box if pair == "read" else self.write_box

    def test_pair(self, pair: str) -> bool:
        """Test the pair as typed (the stored key when its field is empty); False when the
        form itself is wrong (said in the pair's result line, nothing sent)."""
        box = self.box(pair)
        try:
            profile = self.form_profile()
        except ValueError as exc:
            box.set_result(False, getattr(exc, "sentence", str(exc)))
            return False
        box.set_result(None, _("Testing\u2026"))
        self.testRequested.emit(pair, profile, box.api_key.text(), self._editing)
        return True

    def set_testing(self, pair: str, busy: bool) -> None:
        self.box(pair).test_button.setEnabled(not busy)

    def show_test_result(self, pair: str, ok: bool, sentence: str) -> None:
        self.box(pair).set_result(ok, sentence)

    def remove_current(self) -> None:
        if self._editing:
            self.removeRequested.emit(self._editing)

    def profile_removed(self, name: str) -> None:
        self._editing = None
        self.reload()
        self.message.setText(_("Removed \u201c{name}\u201d.").format(name=name))
