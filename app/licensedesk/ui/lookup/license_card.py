"""The licence card: who holds it, which SKU, its type and validity period."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPixmap
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from ..shared.labels import html_or_dash, or_dash, plain_label, rich_label, shown
from ..shared.part_state import PartState
from ..shared.support_dialog import selectable
from ..shared.values import local_time
from .validity import ValidityBar, validity


def _label(name: str, rich: bool = False) -> QLabel:
    label = _mouse_only(rich_label() if rich else plain_label(), links=rich)
    label.setObjectName(name)
    label.setAccessibleName(name)
    return label


def _mouse_only(label: QLabel, links: bool) -> QLabel:
    """Selectable (and its links clickable) by mouse only: a label that shows data is
    no tab stop, so Tab goes from the serial box to the controls, not through ten
    labels that show no focus mark (keyboard flags would make it one)."""
    selectable(label)  # TextSelectableByMouse, word wrap
    if links:
        label.setTextInteractionFlags(
            label.textInteractionFlags() | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
    return label


IMAGE_FAILED = "Image could not be loaded"


def thumbnail(data: bytes, content_type: str, width: int, height: int,
              ratio: float = 1.0) -> QPixmap | None:
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
        image = image.scaled(target, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


class LicenseCard(QGroupBox):
    """Shows one License; its own busy state and error (see :class:`PartState`)."""

    FIELDS = ("licensee", "sku", "dealer", "type", "registered", "created", "updated",
              "skuUpgrade", "definer")
    #: shown as rich text, for their links; the others are plain text
    LINKED = ("licensee", "sku")

    def __init__(self, parent=None) -> None:
        super().__init__("Licence", parent)
        self.setObjectName("licenseCard")
        self.setAccessibleName("Licence")
        body = QWidget()
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.labels: dict[str, QLabel] = {}
        titles = {
            "licensee": "Licensee", "sku": "SKU", "dealer": "Dealer", "type": "Type",
            "registered": "Registered", "created": "Created", "updated": "Updated",
            "skuUpgrade": "Upgrades from SKU", "definer": "Definer",
        }
        for key in self.FIELDS:
            self.labels[key] = _label(f"license_{key}", rich=key in self.LINKED)
            self.labels[key].setOpenExternalLinks(True)
            form.addRow(f"{titles[key]}:", self.labels[key])
        self.validity_bar = ValidityBar()
        self.validity_bar.setObjectName("validityBar")
        self.validity_bar.setAccessibleName("Validity")
        self.validity_bar.setRange(0, 100)
        self.validity_caption = plain_label()
        self.validity_caption.setObjectName("validityCaption")
        self.validity_row = QWidget()
        vrow = QVBoxLayout(self.validity_row)
        vrow.setContentsMargins(0, 0, 0, 0)
        vrow.addWidget(self.validity_bar)
        vrow.addWidget(self.validity_caption)
        form.addRow("Validity:", self.validity_row)
        self._form = form
        form.setRowVisible(self.validity_row, False)
        self.image = rich_label("No image")
        self.image.setObjectName("licenseImage")
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.image.setFixedSize(96, 96)
        self.image.setFrameShape(QFrame.Shape.StyledPanel)
        _mouse_only(self.image, links=True)
        self.image.setOpenExternalLinks(True)
        row = QHBoxLayout(body)
        row.addLayout(form, 1)
        row.addWidget(self.image, 0, Qt.AlignmentFlag.AlignTop)
        self.state = PartState(body, "licence")
        self.state.show_message("Enter a serial and press Enter to look it up.")
        lay = QVBoxLayout(self)
        lay.addWidget(self.state)
        self.license: Any = None
        #: none | link | loading | image | failed (tests and screen readers)
        self.image_state = "none"

    def set_busy(self, busy: bool) -> None:
        self.state.set_busy(busy)

    def show_error(self, sentence: str) -> None:
        self.license = None
        self.state.show_message(sentence, error=True)

    def clear(self) -> None:
        self.license = None
        self.state.show_message("Enter a serial and press Enter to look it up.")

    def show_license(self, lic: Any) -> None:
        self.license = lic
        name, email = lic.name, lic.email
        who = html_or_dash(name)
        if email:
            address = escape(shown(email))
            who += f' &lt;<a href="mailto:{address}">{address}</a>&gt;'
        self.labels["licensee"].setText(who)
        sku = f"{html_or_dash(lic.sku_name)} ({html_or_dash(lic.sku_number)})"
        url = lic.sku_url
        if url and str(url).startswith(("http://", "https://")):
            sku = f'<a href="{escape(str(url))}">{sku}</a>'
        self.labels["sku"].setText(sku)
        self.labels["dealer"].setText(or_dash(lic.dealer_name))
        kind = lic.type or ""
        self.labels["type"].setText(or_dash(str(kind).capitalize()))
        self.labels["registered"].setText("Yes" if lic.registered else "No")
        self.labels["created"].setText(or_dash(local_time(lic.created_at)))
        self.labels["updated"].setText(or_dash(local_time(lic.updated_at)))
        self.labels["skuUpgrade"].setText(or_dash(lic.sku_upgrade))
        self.labels["definer"].setText(or_dash(lic.definer))
        if kind in ("subscription", "trial"):
            v = validity(lic.start_at, lic.end_at)
            self.validity_bar.show_validity(v)
            self.validity_caption.setText(
                f"{local_time(lic.start_at)} \u2192 {local_time(lic.end_at)}"
            )
            self._form.setRowVisible(self.validity_row, True)
        else:
            self.validity_bar.setFormat("")
            self._form.setRowVisible(self.validity_row, False)
        self._show_image_link(lic.image_url)
        self.state.show_content()

    # -- the licence's image (fetched by lookup/image.py) -----------------
    def _show_image_link(self, image_url: Any, note: str = "") -> None:
        """No picture: the link (or "No image"), and an optional short note under it."""
        text = f'<a href="{escape(str(image_url))}">Image</a>' if image_url else "No image"
        if note:
            text += f"<br><small>{escape(note)}</small>"
        self.image.setText(text)  # also drops a pixmap
        self.image.setToolTip(str(image_url) if image_url else "")
        self.image_state = "failed" if note else ("link" if image_url else "none")

    def _wants_image(self, url: str) -> bool:
        return self.license is not None and self.license.image_url == url

    def show_image_loading(self, url: str) -> None:
        if self._wants_image(url):
            self.image.setText("Loading image\u2026")
            self.image_state = "loading"

    def show_image(self, url: str, data: bytes, content_type: str = "") -> None:
        """Show the fetched image of ``url`` as a thumbnail; bytes Qt cannot decode
        end like a failed fetch. Ignored when the card shows another licence meanwhile."""
        if not self._wants_image(url):
            return
        box = self.image.contentsRect().size()
        pixmap = thumbnail(data, content_type, box.width(), box.height(),
                           self.devicePixelRatioF())
        if pixmap is None:
            self.show_image_failed(url)
            return
        self.image.setPixmap(pixmap)
        self.image.setToolTip(url)
        self.image_state = "image"

    def show_image_failed(self, url: str, _reason: str = "") -> None:
        """Quietly: the link as before, plus a short note (never a banner)."""
        if self._wants_image(url):
            self._show_image_link(url, IMAGE_FAILED)

    def image_pixmap(self) -> QPixmap:
        """The thumbnail on show (a null pixmap when there is none)."""
        return self.image.pixmap()

    def validity_text(self) -> str:
        return self.validity_bar.format() if self.validity_row.isVisibleTo(self.state) else ""
