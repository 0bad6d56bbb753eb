"""Writing an export to disk: the text is built first, then written in one go."""

from __future__ import annotations

import contextlib
import os


def write_text_file(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8, newlines as given); raises OSError. A write that
    fails half-way removes the file, so no half-written export is left behind."""
    stream = open(path, "w", newline="", encoding="utf-8")  # noqa: SIM115 - closed below
    try:
        with stream:
            stream.write(text)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(path)
        raise
