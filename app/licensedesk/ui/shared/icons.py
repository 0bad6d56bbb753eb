"""License Desk's own icons: monochrome SVGs that follow the palette (DESIGN.md §1).

The SVGs live in ``licensedesk/ui/icons/<name>.svg`` (package data, shipped in
the wheel) and are drawn with ``currentColor``. :func:`icon` returns a QIcon
whose engine renders the SVG *when it is painted*, with ``currentColor``
replaced by the application palette's colour for the icon's mode:

- Normal / Active: ``WindowText`` of the active group;
- Disabled: ``WindowText`` of the disabled group;
- Selected: ``HighlightedText`` of the active group.

So a palette change (dark mode, ``QApplication.setPalette``) recolours every
icon on the next paint; nothing is rebuilt. An SVG without ``currentColor``
keeps its own colours (``dialog-error`` red, ``dialog-warning`` amber) and is
only faded when disabled.

An unknown name logs a warning and gives an empty ``QIcon()`` (a widget then
simply shows no icon, the app goes on); ``tests/ui/test_icons.py`` fails for
any ``icon("…")`` in the code that has no SVG. To add an icon, see docs/ui.md.

Start-up: this module imports no QtSvg; ``PySide6.QtSvg`` is imported when an
icon is first rendered, which is after the window's first paint.
"""

from __future__ import annotations

import logging
import re
from functools import cache
from importlib import resources

import shiboken6
from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QIcon,
    QIconEngine,
    QPainter,
    QPalette,
    QPixmap,
)

log = logging.getLogger(__name__)

ICON_PACKAGE = "licensedesk.ui.icons"
_NAME = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
_CURRENT = b"currentColor"
_DISABLED_OPACITY = 0.45  # fixed-colour icons (error, warning) when disabled
_MAX_PIXMAPS = 256
# PySide6 leaves an engine returned by a Python clone() owned by Python: it would be
# deleted as soon as clone() returns. Hold clones here until their QIcon deletes them.
_clones: list[QIconEngine] = []


def names() -> list[str]:
    """Every icon name there is an SVG for, sorted."""
    folder = resources.files(ICON_PACKAGE)
    return sorted(f.name[:-4] for f in folder.iterdir() if f.name.endswith(".svg"))


@cache
def svg_bytes(name: str) -> bytes | None:
    """The SVG source of ``name`` (read once per name), or None when there is none."""
    if not _NAME.match(name):
        return None
    try:
        return resources.files(ICON_PACKAGE).joinpath(f"{name}.svg").read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        return None


def icon(name: str) -> QIcon:
    """Our icon ``name`` following the palette; an empty QIcon (and a warning) if unknown."""
    data = svg_bytes(name)
    if data is None:
        log.warning("no icon named %r in %s", name, ICON_PACKAGE)
        return QIcon()
    return QIcon(PaletteSvgIconEngine(name, data))


def colour_for(mode: QIcon.Mode) -> QColor:
    """The palette colour an icon in ``mode`` is drawn with, read now (not cached)."""
    palette = QGuiApplication.palette()
    if mode == QIcon.Mode.Disabled:
        return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    if mode == QIcon.Mode.Selected:
        return palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.HighlightedText)
    return palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.WindowText)


@cache
def _renderer(name: str, colour: str):
    """A QSvgRenderer of ``name`` with ``currentColor`` set to ``colour`` (#aarrggbb)."""
    from PySide6.QtSvg import QSvgRenderer  # first render: after the first paint

    data = svg_bytes(name) or b""
    if colour:
        # SVG colours are #rrggbb; alpha goes to an opacity attribute on the root
        rgb = ("#" + colour[3:]).encode()
        data = data.replace(_CURRENT, rgb)
        alpha = int(colour[1:3], 16)
        if alpha < 255:
            data = data.replace(b"<svg ", f'<svg opacity="{alpha / 255:.3f}" '.encode(), 1)
    return QSvgRenderer(QByteArray(data))


class PaletteSvgIconEngine(QIconEngine):
    """Renders one SVG at paint time in the current palette's colour for the icon's mode."""

    def __init__(self, name: str, data: bytes) -> None:
        super().__init__()
        self._name = name
        self._follows_palette = _CURRENT in data
        self._pixmaps: dict[tuple, QPixmap] = {}

    def _render(self, painter: QPainter, rect: QRectF, mode: QIcon.Mode) -> None:
        colour = colour_for(mode).name(QColor.NameFormat.HexArgb) if self._follows_palette else ""
        renderer = _renderer(self._name, colour)
        painter.save()
        if not self._follows_palette and mode == QIcon.Mode.Disabled:
            painter.setOpacity(painter.opacity() * _DISABLED_OPACITY)
        renderer.render(painter, rect)
        painter.restore()

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        self._render(painter, QRectF(rect), mode)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(
        self, size: QSize, mode: QIcon.Mode, state: QIcon.State, scale: float
    ) -> QPixmap:
        """``size`` in device-independent pixels; the pixmap has ``size * scale`` pixels
        and ``scale`` as its device pixel ratio, so it is sharp on HiDPI screens."""
        try:  # an exception escaping a virtual that returns a value crashes PySide6
            return QPixmap(self._cached_pixmap(size, mode, scale if scale > 0 else 1.0))
        except Exception:
            log.exception("icon %r: cannot render %s", self._name, size)
            return QPixmap()

    def _cached_pixmap(self, size: QSize, mode: QIcon.Mode, scale: float) -> QPixmap:
        colour = colour_for(mode).rgba() if self._follows_palette else 0
        key = (size.width(), size.height(), round(scale * 100), mode.value, colour)
        cached = self._pixmaps.get(key)
        if cached is not None:
            return cached
        cached = QPixmap(max(1, round(size.width() * scale)), max(1, round(size.height() * scale)))
        cached.fill(Qt.GlobalColor.transparent)
        if not size.isEmpty():
            painter = QPainter(cached)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._render(painter, QRectF(cached.rect()), mode)
            painter.end()
        cached.setDevicePixelRatio(scale)
        if len(self._pixmaps) >= _MAX_PIXMAPS:
            self._pixmaps.clear()
        self._pixmaps[key] = cached
        return cached

    def actualSize(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QSize:
        return QSize(size)

    def clone(self) -> QIconEngine:
        """A copy for a detaching QIcon (``addPixmap`` on a copy); kept alive, see ``_clones``."""
        _clones[:] = [e for e in _clones if shiboken6.isValid(e)]
        twin = PaletteSvgIconEngine(self._name, svg_bytes(self._name) or b"")
        _clones.append(twin)
        return twin

    def key(self) -> str:
        return "licensedesk-palette-svg"

    def iconName(self) -> str:
        return self._name

    def isNull(self) -> bool:
        return False
