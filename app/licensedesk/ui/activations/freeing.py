"""An old list of devices freed off the UI thread: a site licence's 200,000 rows (and
their search texts) took the UI thread ~100 ms to free when a new lookup replaced them."""

from __future__ import annotations

from typing import Any

from licensedesk.api.offload import submit

#: items freed at a time in the worker (between two, the UI thread may take the GIL)
_DROP = 4096


def release(*parts: Any) -> None:
    """Free big lists and dicts (None: nothing) in the decode worker, a slice at a time;
    small ones here."""
    given = [p for p in parts if p]
    if sum(map(len, given)) > _DROP:
        submit(_drop, *given)


def _drop(*parts: Any) -> None:
    for part in parts:
        if isinstance(part, list):
            while part:
                del part[-_DROP:]
        else:
            part.clear()
