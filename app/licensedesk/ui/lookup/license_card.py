"""The licence card: who holds it, which SKU, its type and validity period.

Its labels show data: no tab stops (Tab goes from the serial box to the controls), text
selectable by mouse. A screen reader hears each as its field and its value ("Licensee",
"ACME GmbH": the accessible name and description). Its links (the licensee's e-mail, the
SKU's page, the image) are clickable in the labels and, for the keyboard, in the menu of
the card's one tab stop, the *Links* button.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QImage, QImageReader, QPixmap
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from licensedesk.i18n import N_, _

from ..shared import colours
from ..shared.a11y import named
from ..shared.colours import text_style
from ..shared.labels import html_or_dash, or_dash, plain_label, plain_tip, rich_label, shown
from ..shared.part_state import PartState
from ..shared.stacked import stacked
from ..shared.support_dialog import selectable
from ..shared.values import local_time
from .validity import ValidityBar, validity


def _mouse_only(label: QLabel, links: bool = False) -> QLabel:
    """Selectable (and its links clickable) by mouse only: a label that shows data is
    no tab stop, so Tab goes from the serial box to the controls, not through ten
    labels that show no focus mark (keyboard flags would make it one)."""
    selectable(label)  # TextSelectableByMouse, word wrap
    if links:
        label.setTextInteractionFlags(
            label.textInteractionFlags() | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
    label.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # after the flags: they set ClickFocus
    return label


IMAGE_FAILED = N_("Image could not be loaded")
#: what to do on an empty workspace: the card says it, the serial box describes itself so
LOOK_UP_HINT = N_("Type or paste a serial and press Enter to look it up.")
#: the card's fields, in its order: key (object name ``license_<key>``), the row's label,
#: the field's name for a screen reader
FIELD_TITLES = {
    "licensee": (N_("Licensee:"), N_("Licensee")),
    "sku": (N_("SKU:"), N_("SKU")),
    "dealer": (N_("Dealer:"), N_("Dealer")),
    # TRANSLATORS: the licence's type (perpetual, subscription, trial…)
    "type": (N_("Type:"), N_("Type")),
    # TRANSLATORS: whether the licence is registered (Yes/No)
    "registered": (N_("Registered:"), N_("Registered")),
    # TRANSLATORS: when the licence was created
    "created": (N_("Created:"), N_("Created")),
    # TRANSLATORS: when the licence was last changed
    "updated": (N_("Updated:"), N_("Updated")),
    "skuUpgrade": (N_("Upgrades from SKU:"), N_("Upgrades from SKU")),
    "definer": (N_("Definer:"), N_("Definer")),
}
#: the licence types of the spec (§2), as the card names them; another type the service
#: may add is shown as it comes, capitalised
LICENCE_TYPES = {
    # TRANSLATORS: a licence type: never expires
    "perpetual": N_("Perpetual"),
    # TRANSLATORS: a licence type: valid for a paid period
    "subscription": N_("Subscription"),
    # TRANSLATORS: a licence type: a time-limited trial
    "trial": N_("Trial"),
}


def thumbnail(
    data: bytes, content_type: str, width: int, height: int, ratio: float = 1.0
) -> QPixmap | None:
    """Decode ``data`` (size already capped by the fetch) into a pixmap that fits
    ``width`` x ``height`` device-independent pixels at ``ratio``; None when Qt cannot.

    QImageReader rather than QImage.loadFromData: it reads the size from the
    header first and decodes straight to the thumbnail's size where the format
    can (SVG is rendered crisp at that size, JPEG decodes scaled), so a small
    file declaring a huge picture never becomes a huge QImage. Raster images
    are scaled down to fit, never up beyond their own size (times the device
    pixel ratio). Qt's allocation limit (256 MB) still applies.
    """
    if not data:
        return None
    ratio = ratio if ratio and ratio > 0 else 1.0
    target = QSize(max(1, round(width * ratio)), max(1, round(height * ratio)))
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    svg = "svg" in content_type.lower()
    reader = QImageReader(buffer, b"svg" if svg else b"")
    reader.setAutoTransform(True)
    size = reader.size()
    if size.isValid() and not size.isEmpty():
        box = QSize(max(1, width), max(1, height))
        if svg or size.width() > box.width() or size.height() > box.height():
            size = size.scaled(box, Qt.AspectRatioMode.KeepAspectRatio)
        device = QSize(max(1, round(size.width() * ratio)), max(1, round(size.height() * ratio)))
        reader.setScaledSize(device)
    image: QImage = reader.read()
    buffer.close()
    if image.isNull():
        return None
    if image.width() > target.width() or image.height() > target.height():
        image = image.scaled(
            target, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
        )
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


def _is_web(url: Any) -> bool:
    """Whether ``url`` is an http(s) address: the only links the card makes of a URL."""
    return bool(url) and str(url).startswith(("http://", "https://"))


def _links(lic: Any) -> list[tuple[str, str, str]]:
    """The card's links of ``lic``: (menu text, marked for translation; address; the
    menu entry's object name)."""
    links = []
    if lic.email:
        links.append((N_("&E-mail the licensee"), "mailto:" + str(lic.email), "licenseEmailAction"))
    if _is_web(lic.sku_url):
        links.append((N_("Open the &SKU's page"), str(lic.sku_url), "licenseSkuAction"))
    if _is_web(lic.image_url):
        links.append((N_("Open the &image"), str(lic.image_url), "licenseImageAction"))
    return links


class LicenseCard(QGroupBox):
    """Shows one License; its own busy state and error (see :class:`PartState`)."""

    #: shown as rich text, for their links; the others are plain text
    LINKED = ("licensee", "sku")

    def __init__(self, parent=None) -> None:
        super().__init__(_("Licence"), parent)
        self.setObjectName("licenseCard")
        self.setAccessibleName(_("Licence"))
        body = QWidget()
        form = self._build_form()
        self._build_image()
        self._build_links()
        side = QVBoxLayout()
        side.addWidget(self.image, 0, Qt.AlignmentFlag.AlignHCenter)
        side.addWidget(self.links_button, 0, Qt.AlignmentFlag.AlignHCenter)
        side.addStretch(1)
        row = QHBoxLayout(body)
        row.setContentsMargins(0, 0, 0, 0)  # the frame's margins only, as the products'
        row.addLayout(form, 1)
        row.addLayout(side)
        self.state = PartState(body, "licence")
        self.state.show_message(_(LOOK_UP_HINT))
        self.note = _mouse_only(named(plain_label(), "licenseNote", _("The team's note")))
        self.note.setStyleSheet(text_style(colours.MUTED))
        self.note.hide()
        stacked(self, self.state, self.note)
        self.license: Any = None
        #: none | link | loading | image | failed (tests and screen readers)
        self.image_state = "none"

    def _build_form(self) -> QFormLayout:
        """A row a field, with the validity bar and its caption (hidden until known) right
        under the type: in a short window the card scrolls (card_scroll.py), and what a
        subscription's reader looks for, how long it runs, is then among the rows on show."""
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.labels: dict[str, QLabel] = {}
        for key, (row_title, name) in FIELD_TITLES.items():
            rich = key in self.LINKED
            label = named(rich_label() if rich else plain_label(), f"license_{key}", _(name))
            self.labels[key] = _mouse_only(label, links=rich)
            label.setOpenExternalLinks(True)
            form.addRow(_(row_title), label)
            if key == "type":
                self._add_validity_row(form)
        self._form = form
        form.setRowVisible(self.validity_row, False)
        return form

    def _add_validity_row(self, form: QFormLayout) -> None:
        """The validity bar and, under it, the period (subscriptions and trials)."""
        self.validity_bar = named(ValidityBar(), "validityBar", _("Validity"))
        self.validity_caption = named(plain_label(), "validityCaption", _("Validity period"))
        self.validity_row = QWidget()
        vrow = stacked(self.validity_row, self.validity_bar, self.validity_caption)
        vrow.setContentsMargins(0, 0, 0, 0)
        form.addRow(_("Validity:"), self.validity_row)

    def _build_image(self) -> None:
        self.image = named(rich_label(_("No image")), "licenseImage", _("Licence image"))
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.image.setFixedSize(96, 96)
        self.image.setFrameShape(QFrame.Shape.StyledPanel)
        _mouse_only(self.image, links=True)
        self.image.setOpenExternalLinks(True)

    def _build_links(self) -> None:
        """*Links*: a menu of the licence's links, filled as it opens."""
        self.links_menu = named(QMenu(self), "licenseLinksMenu")
        self.links_menu.aboutToShow.connect(self._fill_links_menu)
        self._links: list[tuple[str, str, str]] = []
        # TRANSLATORS: a button on the licence card that opens a menu of its links
        self.links_button = named(
            QToolButton(),
            "licenseLinksButton",
            _("Licence links"),
            _("E-mail the licensee, open the SKU's page or the licence image"),
        )
        self.links_button.setText(_("Links"))
        self.links_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.links_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.links_button.setMenu(self.links_menu)
        self.links_button.hide()

    def shows_licence(self) -> bool:
        """Whether the card shows a licence's rows (not a sentence, nor "Loading…")."""
        return self.state.currentWidget() is self.state.content

    def set_busy(self, busy: bool) -> None:
        self.state.set_busy(busy)

    def show_note(self, text: str) -> None:
        """The team's note on the licence (the licence book's), under its fields; "" hides it."""
        # TRANSLATORS: the team's note on a licence, shown on the licence card
        self.note.setText(_("Note: {note}").format(note=text) if text else "")
        self.note.setAccessibleDescription(text)
        self.note.setVisible(bool(text))

    def show_error(self, sentence: str) -> None:
        self.license = None
        self.state.show_message(sentence, error=True)

    def clear(self) -> None:
        """Back to the prompt (the note is the lookup's to change: it may be in first)."""
        self.license = None
        self._show_links(None)
        self.state.show_message(_(LOOK_UP_HINT))

    def _set(self, key: str, text: str, words: str | None = None) -> None:
        """Show ``text`` in field ``key``; ``words`` (default: the text) is what a screen
        reader says after the field's name (plain words for a label with markup)."""
        label = self.labels[key]
        label.setText(text)
        label.setAccessibleDescription(label.text() if words is None else words)

    def show_license(self, lic: Any) -> None:
        self.license = lic
        name, email = lic.name, lic.email
        who, who_words = html_or_dash(name), or_dash(name)
        if email:
            address = escape(shown(email))
            who += f' &lt;<a href="mailto:{address}">{address}</a>&gt;'
            who_words += f" <{shown(email)}>"
        self._set("licensee", who, who_words)
        sku = f"{html_or_dash(lic.sku_name)} ({html_or_dash(lic.sku_number)})"
        sku_words = f"{or_dash(lic.sku_name)} ({or_dash(lic.sku_number)})"
        url = lic.sku_url
        if _is_web(url):
            sku = f'<a href="{escape(str(url))}">{sku}</a>'
        self._set("sku", sku, sku_words)
        self._set("dealer", or_dash(lic.dealer_name))
        kind = lic.type or ""
        known = LICENCE_TYPES.get(str(kind))
        self._set("type", _(known) if known else or_dash(str(kind).capitalize()))
        self._set("registered", _("Yes") if lic.registered else _("No"))
        self._set("created", or_dash(local_time(lic.created_at)))
        self._set("updated", or_dash(local_time(lic.updated_at)))
        self._set("skuUpgrade", or_dash(lic.sku_upgrade))
        self._set("definer", or_dash(lic.definer))
        if kind in ("subscription", "trial"):
            v = validity(lic.start_at, lic.end_at, kind=kind)
            self.validity_bar.show_validity(v)
            start, end = local_time(lic.start_at), local_time(lic.end_at)
            self.validity_caption.setText(f"{start} \u2192 {end}")  # no words: not translated
            # TRANSLATORS: a licence's validity period as a screen reader says it
            self.validity_caption.setAccessibleDescription(
                _("from {start} to {end}").format(start=start, end=end)
            )
            self._form.setRowVisible(self.validity_row, True)
        else:
            self.validity_bar.setFormat("")
            self._form.setRowVisible(self.validity_row, False)
        self._show_image_link(lic.image_url)
        self._show_links(lic)
        self.state.show_content()

    # -- the links, for the keyboard: the Links button's menu --------------------
    def _show_links(self, lic: Any) -> None:
        """The Links button when the card shows a link (none: no button, so no dead tab
        stop). Its menu is filled as it opens: building it with every licence would take
        time from the frame a lookup's answers arrive in."""
        self._links = [] if lic is None else _links(lic)
        self.links_button.setVisible(bool(self._links))

    def _fill_links_menu(self) -> None:
        """One menu entry per link the card shows."""
        self.links_menu.clear()
        for text, url, name in self._links:
            action = self.links_menu.addAction(_(text))
            action.setObjectName(name)
            action.setToolTip(plain_tip(url))
            action.setData(url)
            action.triggered.connect(lambda _checked=False, u=url: self.open_link(u))

    def link_urls(self) -> list[str]:
        """The addresses the Links menu offers, in its order."""
        return [url for _text, url, _name in self._links]

    def open_link(self, url: str) -> bool:
        """Open ``url`` as a click on the label's link would (the system's handler)."""
        return QDesktopServices.openUrl(QUrl(url))

    # -- the licence's image (fetched by lookup/image.py) -----------------
    def _show_image_link(self, image_url: Any, note: str = "") -> None:
        """No picture: the link (or "No image"), and an optional short note under it."""
        if image_url:
            # TRANSLATORS: the link to the licence's image on the card (its picture failed)
            text = f'<a href="{escape(str(image_url))}">{escape(_("Image"))}</a>'
        else:
            text = escape(_("No image"))
        if note:
            text += f"<br><small>{escape(note)}</small>"
        self.image.setText(text)  # also drops a pixmap
        self.image.setToolTip(plain_tip(str(image_url)) if image_url else "")
        self.image_state = "failed" if note else ("link" if image_url else "none")
        self.image.setAccessibleDescription(
            note or (_("A link to the image") if image_url else _("No image"))
        )

    def _wants_image(self, url: str) -> bool:
        return self.license is not None and self.license.image_url == url

    def show_image_loading(self, url: str) -> None:
        if self._wants_image(url):
            self.image.setText(escape(_("Loading image\u2026")))
            self.image.setAccessibleDescription(_("Loading image\u2026"))
            self.image_state = "loading"

    def show_image(self, url: str, data: bytes, content_type: str = "") -> None:
        """Show the fetched image of ``url`` as a thumbnail; bytes Qt cannot decode
        end like a failed fetch. Ignored when the card shows another licence meanwhile."""
        if not self._wants_image(url):
            return
        box = self.image.contentsRect().size()
        pixmap = thumbnail(data, content_type, box.width(), box.height(), self.devicePixelRatioF())
        if pixmap is None:
            self.show_image_failed(url)
            return
        self.image.setPixmap(pixmap)
        self.image.setToolTip(plain_tip(url))
        self.image.setAccessibleDescription(_("The licence's image"))
        self.image_state = "image"

    def show_image_failed(self, url: str, _reason: str = "") -> None:
        """Quietly: the link as before, plus a short note (never a banner)."""
        if self._wants_image(url):
            self._show_image_link(url, _(IMAGE_FAILED))

    def image_pixmap(self) -> QPixmap:
        """The thumbnail on show (a null pixmap when there is none)."""
        return self.image.pixmap()

    def validity_text(self) -> str:
        return self.validity_bar.format() if self.validity_row.isVisibleTo(self.state) else ""
