"""The demo dataset with three licences moved to end 3, 20 and 45 days from now.

Built the way the sandbox builds its demo (``sandbox.demo.build``, dates relative to the
sandbox's clock) and loaded with its own loader (``sandbox.dataset.load``); only three
licences' ``end_at`` differ, so the credentials, serials and everything else are the
demo's. Nothing of the sandbox's behaviour changes: it serves the file it is given.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

DAY = 86400
#: demo kind → days from now to its end: a subscription, a trial and a subscription
ENDING = {"subscription_active": 3, "trial": 20, "subscription_expired": 45}


def ending_demo(
    db_path: Path, ending: dict[str, int] = ENDING, names: dict[str, str] | None = None
) -> dict[str, Any]:
    """Write the dataset to ``db_path`` (``ending``: kind → days to its end; ``names``:
    kind → its licensee's name instead of the demo's); returns it (``catalogue`` as the
    demo's)."""
    from licensedesk.sandbox import dataset
    from licensedesk.sandbox.db import now
    from licensedesk.sandbox.demo import build

    data = build()
    at = now()
    serials = data["catalogue"]["serials"]
    for row in data["licenses"]:
        for kind, days in ending.items():
            if row["serial"] == serials[kind]:
                row["end_at"] = at + days * DAY
        for kind, name in (names or {}).items():
            if row["serial"] == serials[kind]:
                row["name"] = name
    dataset.load(db_path, data)
    return data


def serials_ending(data: dict[str, Any]) -> list[str]:
    """The three serials, soonest end first (3, 20, 45 days)."""
    return [data["catalogue"]["serials"][kind] for kind in ENDING]


def serve_ending_demo(
    sandbox: Any, folder: Path, names: dict[str, str] | None = None
) -> dict[str, Any]:
    """The test's ``sandbox`` fixture serving :func:`ending_demo` (its own file in
    ``folder``; ``names`` as there) instead of the plain demo; returns the dataset."""
    path = folder / "ending-demo.db"
    data = ending_demo(path, names=names)
    sandbox.server.use_database(path)
    sandbox.data = data
    return data


def end_of(data: dict[str, Any], serial: str) -> Any:
    """The licence's end as the client reads it (aware, UTC)."""
    from datetime import UTC, datetime

    row = next(r for r in data["licenses"] if r["serial"] == serial)
    return datetime.fromtimestamp(row["end_at"], UTC)


def dealer_of(data: dict[str, Any], serial: str) -> str:
    row = next(r for r in data["licenses"] if r["serial"] == serial)
    return next(d["name"] for d in data["dealers"] if d["id"] == row["dealer_id"])
