"""Status colours, in one place: good, bad, warning, and the muted text of an empty part.

Used for verdicts, hints, error lines and the banner's border. Text in these
colours is always accompanied by words (never colour alone).
"""

from __future__ import annotations

from PySide6.QtGui import QColor

OK = "#1e8449"
BAD = "#c0392b"
WARN = "#b9770e"
MUTED = "palette(mid)"


def text_style(colour: str, *, bold: bool = False) -> str:
    """A style sheet for a label's text in ``colour``."""
    return f"color: {colour};" + (" font-weight: bold;" if bold else "")


# -- palette-aware colours (dark mode): computed at paint time, never cached ------------
#
# The fixed colours above are made for a light window. Where a colour must also
# read on a dark palette (or any palette a user picks), go through these: they
# keep the hue and move it towards black or white just enough for the WCAG ratio.

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
