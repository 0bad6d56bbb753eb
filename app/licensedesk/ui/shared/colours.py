"""Status colours, in one place: good, bad, warning, and the muted text of an empty part.

Used for verdicts, hints, error lines and the banner's border. Text in these
colours is always accompanied by words (never colour alone).

Every colour is resolved against the palette in use when it is asked for: ``OK``,
``BAD``, ``WARN`` and ``MUTED`` are looked up (a module ``__getattr__``) as the hue
darkened or lightened just enough to reach WCAG AA (4.5:1) on both the palette's
window and base colours, so a red hint reads on a light window, a dark one and a
high-contrast one alike. :func:`text_style` resolves whatever colour it is given the
same way. Read them at use (``colours.BAD``), never ``from .colours import BAD``
into a module constant: that would keep the palette of import time.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette

#: the hues, made for a light window (what a palette-less caller gets)
HUES = {"OK": "#1e8449", "BAD": "#c0392b", "WARN": "#b9770e"}


def __getattr__(name: str) -> str:
    """``OK``, ``BAD``, ``WARN``: the hue readable on the palette in use; ``MUTED``: the
    palette's placeholder text colour, made readable too (``#rrggbb`` each)."""
    if name in HUES:
        return status_colour(HUES[name]).name()
    if name == "MUTED":
        return muted_colour().name()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def text_style(colour: str | QColor, *, bold: bool = False) -> str:
    """A style sheet for a label's text in ``colour``, made readable on the palette in use
    (call it when the text is shown: the palette is read then)."""
    shade = status_colour(colour) if QColor(colour).isValid() else muted_colour()
    return f"color: {shade.name()};" + (" font-weight: bold;" if bold else "")


#: (colour, window, base) as rgba → the readable shade; palettes are few, colours fewer
_resolved: dict[tuple[int, int, int], QColor] = {}


def status_colour(colour: str | QColor) -> QColor:
    """``colour`` as text on the palette in use: readable (4.5:1) on window and base."""
    hue = QColor(colour)
    if QGuiApplication.instance() is None:  # no palette yet
        return hue
    palette = QGuiApplication.palette()
    window = palette.color(QPalette.ColorRole.Window)
    base = palette.color(QPalette.ColorRole.Base)
    key = (hue.rgba(), window.rgba(), base.rgba())
    shade = _resolved.get(key)
    if shade is None:
        if len(_resolved) > 256:
            _resolved.clear()
        shade = _resolved[key] = readable(hue, window, base)
    return QColor(shade)


def muted_colour() -> QColor:
    """Secondary text (an empty part, a note): the palette's placeholder colour laid over
    its base (placeholders are often half transparent), then made readable: the
    ``palette(mid)`` it replaces read at under 2:1 on Fusion's light window."""
    if QGuiApplication.instance() is None:
        return QColor("#595959")
    palette = QGuiApplication.palette()
    placeholder = palette.color(QPalette.ColorRole.PlaceholderText)
    base = palette.color(QPalette.ColorRole.Base)
    return status_colour(mix(placeholder, base, placeholder.alphaF()))


# -- contrast (WCAG 2) ------------------------------------------------------------------
#
# They keep the hue and move it towards black or white just enough for the ratio.

#: WCAG 2 AA: the least contrast for normal-sized text
AA_TEXT = 4.5


def luminance(colour: QColor) -> float:
    """WCAG 2 relative luminance, 0 (black) .. 1 (white)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = linear(colour.redF()), linear(colour.greenF()), linear(colour.blueF())
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio of two colours, 1 .. 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def mix(colour: QColor | str, background: QColor | str, amount: float) -> QColor:
    """``colour`` laid over ``background`` at ``amount`` (0..1) opacity, as an opaque colour."""
    top, under = QColor(colour), QColor(background)

    def blend(t: float, u: float) -> float:
        return amount * t + (1 - amount) * u

    return QColor.fromRgbF(
        blend(top.redF(), under.redF()),
        blend(top.greenF(), under.greenF()),
        blend(top.blueF(), under.blueF()),
    )


def readable(colour: QColor | str, *backgrounds: QColor, ratio: float = AA_TEXT) -> QColor:
    """``colour``, darkened or lightened as little as needed to reach ``ratio`` on every
    background: a red stays red on white and on a dark grey, only deeper or paler.
    Black or white (whichever reads better) when no shade of it can."""
    start = QColor(colour)

    def ok(c: QColor) -> bool:
        return all(contrast_ratio(c, b) >= ratio for b in backgrounds)

    if ok(start):
        return start
    for step in range(1, 21):
        for end in ("#000000", "#ffffff"):
            candidate = mix(end, start, step / 20)
            if ok(candidate):
                return candidate
    return max(
        (QColor("#000000"), QColor("#ffffff")),
        key=lambda c: min(contrast_ratio(c, b) for b in backgrounds),
    )
