"""One way for every benchmark to state a figure, so ``make bench`` can table them.

A bench prints its own lines as before and calls :func:`figure` for each figure
that has a goal. :func:`figure` prints one line and, when
``LICENSEDESK_BENCH_OUT`` names a file (``scripts/bench_table.py`` sets it),
appends the figure to it as a JSON line. Goals are printed, never asserted.
"""

from __future__ import annotations

import json
import os
import statistics
from collections.abc import Sequence

OUT_ENV = "LICENSEDESK_BENCH_OUT"


def spread(values: Sequence[float], digits: int = 2) -> str:
    """``min–max of N``: how far the runs were apart."""
    return f"{min(values):.{digits}f}\u2013{max(values):.{digits}f} of {len(values)}"


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def figure(
    key: str,
    label: str,
    value: float,
    goal: float | None,
    *,
    op: str = "<=",
    unit: str = "",
    runs: Sequence[float] = (),
    note: str = "",
    record: bool = True,
) -> None:
    """Print ``label: value unit (spread) goal`` and record it for the table (unless
    ``record`` is false: a figure for information only)."""
    digits = 3 if unit in ("", "x") and value < 10 else 1
    shown = f"{value:.{digits}f}{' ' + unit if unit not in ('', 'x') else ''}"
    met = None if goal is None else (value <= goal if op == "<=" else value >= goal)
    unit_text = f" {unit}" if unit not in ("", "x") else ""
    goal_text = "" if goal is None else f"goal {op} {goal:g}{unit_text}"
    runs_text = spread(runs, digits) if runs else ""
    print(
        f"  {label}: {shown}"
        + (f"  (runs {runs_text})" if runs_text else "")
        + (
            f"  [{goal_text}{'' if met is None else ', met' if met else ', NOT met'}]"
            if goal_text
            else ""
        )
        + (f"  {note}" if note else ""),
        flush=True,
    )
    path = os.environ.get(OUT_ENV)
    if path and record:
        row = {
            "key": key,
            "label": label,
            "value": value,
            "unit": unit,
            "goal": goal,
            "op": op,
            "met": met,
            "spread": runs_text,
            "low": min(runs, default=value),
            "high": max(runs, default=value),
            "note": note,
        }
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")
