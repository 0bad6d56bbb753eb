"""Status colours, in one place: good, bad, warning, and the muted text of an empty part.

Used for verdicts, hints, error lines and the banner's border. Text in these
colours is always accompanied by words (never colour alone).
"""

OK = "#1e8449"
BAD = "#c0392b"
WARN = "#b9770e"
MUTED = "palette(mid)"


def text_style(colour: str, *, bold: bool = False) -> str:
    """A style sheet for a label's text in ``colour``."""
    return f"color: {colour};" + (" font-weight: bold;" if bold else "")
