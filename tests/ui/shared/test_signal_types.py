"""No Qt signal of the window carries a ``list`` or ``dict`` by type: PySide converts
every item of such an argument to a QVariant and back at each emit (~2 ms for a serial's
5,000 activations, on the UI thread: part of the issue #14 stall). ``object`` passes the
Python object itself."""

from __future__ import annotations

import re
from pathlib import Path

UI = Path(__file__).resolve().parents[3] / "app" / "licensedesk" / "ui"
CONVERTED = re.compile(r"\bSignal\(([^)]*\b(?:list|dict|tuple|set)\b[^)]*)\)")


def test_no_signal_is_typed_list_or_dict():
    found = [
        f"{path.relative_to(UI)}:{n}: {line.strip()}"
        for path in sorted(UI.rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if CONVERTED.search(line.split("#", 1)[0])
    ]
    assert not found, "use Signal(object) for lists and dicts:\n" + "\n".join(found)


def test_the_pattern_finds_what_it_should():
    assert CONVERTED.search("    done = Signal(list)  # ids")
    assert CONVERTED.search("x = Signal(str, dict)")
    assert not CONVERTED.search("x = Signal(str, object)  # a list of ids")
