"""Validity of a subscription or trial, and the bar that shows it.

The bar shows the share of the period *left*: full when it has just begun, empty
when it is over. Each state has its own look, so an expired subscription never
passes for a healthy one: ``ok`` in the palette's accent, ``ending`` in the
warning colour, ``expired`` and ``no_subscription`` (a subscription without a period)
an empty red-tinted bar, ``not_started`` an empty neutral one. Colours come from the palette when painting (dark mode too) and
the text keeps a WCAG AA contrast against the bar under it; the words always say
the state, colour only repeats it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from PySide6.QtCore import Property, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QProgressBar

from licensedesk import clock
from licensedesk.i18n import N_, N_plural, _, ngettext
from licensedesk.licence_term import term

from ..shared import colours
from ..shared.values import as_datetime

#: the states a validity can be in (``Validity.state``, ``ValidityBar.state``)
STATES = ("ok", "ending", "expired", "not_started", "perpetual", "no_subscription")
DAY = 86400.0


@dataclass(frozen=True)
class Validity:
    percent: int  # 0..100 of the period left
    text: str  # "N days left" / "expired N days ago" / "starts in N days" (translated)
    state: str  # one of STATES


#: the words of a bar left empty, a period not begun or ended: on its day, and days away
_EMPTY_BAR = {
    "not_started": (
        # TRANSLATORS: on the validity bar of a licence whose period begins later today
        N_("starts today"),
        # TRANSLATORS: on the validity bar of a licence whose period has not begun
        N_plural("starts in {n} day", "starts in {n} days"),
    ),
    "expired": (
        # TRANSLATORS: on the validity bar: the licence's period ended today
        N_("expired today"),
        # TRANSLATORS: on the validity bar: the licence's period ended {n} days ago
        N_plural("expired {n} day ago", "expired {n} days ago"),
    ),
}


def validity(start, end, now: datetime | None = None, *, kind: str | None = None) -> Validity:
    """Where ``now`` sits between ``start`` and ``end`` (datetimes or unix seconds): the
    state and the days as :func:`licensedesk.licence_term.term` counts them everywhere
    (``kind``: the licence's type), the share of the period left for the bar."""
    now = now or clock.now()
    start_at, end_at = as_datetime(start), as_datetime(end)
    where = term(start_at, end_at, now, kind=kind)
    n = where.days
    if where.state == "no_subscription":
        # TRANSLATORS: on the validity bar of a subscription without a period
        return Validity(0, _("No active subscription"), "no_subscription")
    if where.state in _EMPTY_BAR:
        today, days = _EMPTY_BAR[where.state]
        text = _(today) if n == 0 else ngettext(*days, n).format(n=n)
        return Validity(0, text, where.state)
    if where.state == "perpetual":
        return Validity(100, _("No end date"), "perpetual")
    assert end_at is not None
    left = (end_at - now).total_seconds() / DAY
    percent = 100
    if start_at is not None:
        total = max(1.0, (end_at - start_at).total_seconds() / DAY)
        percent = max(1, round(100 * left / total))
    # TRANSLATORS: on the validity bar: the licence's period ends later today
    text = (
        _("ends today")
        if n == 0
        # TRANSLATORS: on the validity bar: days until the licence's period ends
        else ngettext("{n} day left", "{n} days left", n).format(n=n)
    )
    return Validity(percent, text, where.state)


@dataclass(frozen=True)
class BarLook:
    """The colours a :class:`ValidityBar` is painted with, for one state and palette."""

    groove: QColor  # the empty part
    fill: QColor  # the part left
    border: QColor
    text: QColor  # AA contrast on both groove and fill


def look_for(state: str, palette: QPalette) -> BarLook:
    """The bar's colours for ``state`` on ``palette`` (light or dark alike)."""
    role = QPalette.ColorRole
    base, window = palette.color(role.Base), palette.color(role.Window)
    muted = colours.mix(palette.color(role.Text), base, 0.5)  # a neutral grey either way
    accent = {
        "ending": QColor(colours.WARN),
        "expired": QColor(colours.BAD),
        "no_subscription": QColor(colours.BAD),
        "not_started": muted,
    }.get(state, palette.color(role.Highlight))
    tint = {"expired": 0.16, "no_subscription": 0.16, "not_started": 0.12}
    groove = colours.mix(accent, base, tint.get(state, 0.0))
    fill = colours.mix(accent, base, 0.45)
    words = palette.color(role.Text) if state in ("ok", "perpetual") else accent
    return BarLook(
        groove=groove,
        fill=fill,
        border=colours.readable(accent, window, ratio=3.0),  # WCAG: 3:1 for UI parts
        text=colours.readable(words, groove, fill),
    )


class ValidityBar(QProgressBar):
    """A QProgressBar that paints its ``state`` and is never narrower than its text.

    ``state`` is a Qt property: ``setProperty("state", "expired")`` restyles it as
    well as :meth:`show_validity` does.
    """

    PAD_X, PAD_Y, RADIUS = 8, 3, 3.0

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._state = "ok"
        self.setRange(0, 100)

    def show_validity(self, v: Validity) -> None:
        self.setValue(v.percent)
        self.setFormat(v.text)
        self.state = v.state

    def _get_state(self) -> str:
        return self._state

    def _set_state(self, state: str) -> None:
        if state != self._state:
            self._state = state
            self.update()

    state = Property(str, _get_state, _set_state)

    def setFormat(self, text: str) -> None:
        """Also tells the layout the new width and screen readers the words."""
        super().setFormat(text)
        self.setAccessibleDescription(self.text())
        self.updateGeometry()

    def look(self) -> BarLook:
        return look_for(self._state, self.palette())

    # -- size: the text always fits ---------------------------------------------------
    def _text_size(self) -> QSize:
        fm = self.fontMetrics()
        text = self.text() if self.isTextVisible() else ""
        return QSize(fm.horizontalAdvance(text) + 2 * self.PAD_X, fm.height() + 2 * self.PAD_Y)

    def minimumSizeHint(self) -> QSize:
        return self._text_size().expandedTo(QSize(4 * self.PAD_X, 0))

    def sizeHint(self) -> QSize:
        return self._text_size().expandedTo(super().sizeHint())

    # -- painting: the same on every platform style -----------------------------------
    def paintEvent(self, _event) -> None:
        look = self.look()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        outer = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(look.border, 1.0))
        painter.setBrush(look.groove)
        painter.drawRoundedRect(outer, self.RADIUS, self.RADIUS)
        span = self.maximum() - self.minimum()
        share = (self.value() - self.minimum()) / span if span > 0 else 0.0
        if share > 0:
            inner = outer.adjusted(1.5, 1.5, -1.5, -1.5)
            inner.setWidth(inner.width() * min(1.0, share))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(look.fill)
            painter.drawRoundedRect(inner, self.RADIUS - 1, self.RADIUS - 1)
        if self.isTextVisible():
            painter.setPen(look.text)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.text())
        painter.end()
