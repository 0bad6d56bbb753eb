"""``make bench``: run every benchmark in tests/bench, then one table of all figures
against their goals, with the machine's yardstick (a bare QMainWindow's first paint)
so that two machines' tables can be compared.

Each bench prints its own lines as it goes; the figures are collected through
``LICENSEDESK_BENCH_OUT`` (tests/bench/_figures.py), and each figure with a goal is
said to be met, within its runs' spread of it, or not. Nothing here fails on a missed
goal: a benchmark informs, it does not gate. The benches take the app from the
interpreter's path: ``PYTHONPATH=<tree>/app`` measures another tree's code.
Usage: python scripts/bench_table.py [NAME...] [--before OLD_TREE/app] [--write]
(e.g. ui_startup cli_startup)

``--write`` (what ``make bench`` passes) keeps each figure measured, with its date and
the machine it was measured on, in ``docs/bench-figures.json`` and writes the table of
``docs/performance.md`` from it: a figure of a bench not run this time keeps the date of
the run that measured it. The table is never typed by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "tests" / "bench"
FIGURES = ROOT / "docs" / "bench-figures.json"
PAGE = ROOT / "docs" / "performance.md"
BEGIN = "<!-- the table below is written by `make bench` (scripts/bench_table.py --write) -->"
END = "<!-- end of the table written by make bench -->"
#: the yardstick first, then the rest, the slow network ones last
ORDER = (
    "ui_startup",
    "cli_startup",
    "ui_lookup",
    "ui_first_lookup",
    "ui_stall",
    "ui_batch",
    "client",
    "history",
    "book_changes",
    "batch",
    "sandbox",
)


def verdict(row: dict) -> str:
    """``yes``, ``within spread`` (missed by the median, but the goal lies inside the runs'
    min–max: on a shared machine that is as near as one run can say), or ``**no**``."""
    if row["met"] is None:
        return ""
    if row["met"]:
        return "yes"
    low, high = row.get("low", row["value"]), row.get("high", row["value"])
    inside = low <= row["goal"] if row["op"] == "<=" else high >= row["goal"]
    return "within spread" if inside else "**no**"


def benches(names: list[str]) -> list[Path]:
    found = {p.stem.removeprefix("bench_"): p for p in BENCH.glob("bench_*.py")}
    chosen = names or [n for n in ORDER if n in found] + sorted(set(found) - set(ORDER))
    unknown = [n for n in chosen if n not in found]
    if unknown:
        sys.exit(f"no such bench: {', '.join(unknown)} (have: {', '.join(sorted(found))})")
    return [found[n] for n in chosen]


def table(rows: list[dict], seconds: dict[str, float]) -> str:
    yard = next((r for r in rows if r["key"] == "bare_paint"), None)
    lines = [
        machine()
        + (
            f"; bare QMainWindow first paint {yard['value']:.1f} ms ({yard['spread']})"
            if yard
            else ""
        ),
        "",
        "| figure | goal | measured | runs (min–max of n) | met |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        unit = f" {r['unit']}" if r["unit"] not in ("", "x") else ""
        goal = "" if r["goal"] is None else f"{r['op']} {r['goal']:g}{unit}"
        digits = 3 if not unit and r["value"] < 10 else 1
        lines.append(
            f"| {r['label']} | {goal} | {r['value']:.{digits}f}{unit} | "
            f"{r['spread']} | {verdict(r)} |"
        )
    lines.append("")
    lines.append("bench wall time: " + ", ".join(f"{k} {v:.0f} s" for k, v in seconds.items()))
    return "\n".join(lines)


def machine() -> str:
    return f"python {platform.python_version()}, {os.cpu_count()} CPUs, {platform.machine()}"


def kept_figures(rows: list[dict], when: str) -> dict[str, dict]:
    """The figures kept so far, with this run's rows replacing theirs by key."""
    kept = json.loads(FIGURES.read_text(encoding="utf-8")) if FIGURES.exists() else {}
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    for row in rows:
        kept[row["key"]] = {**row, "measured": when, "machine": machine(), "load": load}
    return kept


def page_table(kept: dict[str, dict]) -> str:
    """The goals first (in the benches' order of the last run), then the other figures."""
    lines = [
        "| figure | goal | measured | runs (min–max of n) | met | when, load |",
        "|---|---|---|---|---|---|",
    ]
    for r in sorted(kept.values(), key=lambda r: r["goal"] is None):
        unit = f" {r['unit']}" if r["unit"] not in ("", "x") else ""
        goal = "" if r["goal"] is None else f"{r['op']} {r['goal']:g}{unit}"
        digits = 3 if not unit and r["value"] < 10 else 1
        load = "" if r.get("load") is None else f", {r['load']:.1f}"
        lines.append(
            f"| {r['label']} | {goal} | {r['value']:.{digits}f}{unit} | {r['spread']} | "
            f"{verdict(r)} | {r['measured']}{load} |"
        )
    machines = sorted({r["machine"] for r in kept.values()})
    lines += ["", "Measured with " + "; ".join(machines) + "."]
    return "\n".join(lines)


def write_page(rows: list[dict]) -> None:
    """docs/bench-figures.json and the table between the markers of docs/performance.md."""
    kept = kept_figures(rows, datetime.now(UTC).strftime("%Y-%m-%d"))
    FIGURES.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    text = PAGE.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    PAGE.write_text(f"{head}{BEGIN}\n{page_table(kept)}\n{END}{tail}", encoding="utf-8")
    print(f"\n{PAGE.relative_to(ROOT)}: {len(rows)} figures written, {len(kept)} in its table")


def run(paths: list[Path], trees: dict[str, str | None], tmp: Path):
    """Each bench once per tree (``None``: the interpreter's own path), the trees'
    order flipped from one bench to the next so drift hits both alike."""
    rows: dict[str, list[dict]] = {label: [] for label in trees}
    seconds: dict[str, float] = {}
    failed = []
    for i, path in enumerate(paths):
        for label in list(trees) if i % 2 == 0 else list(trees)[::-1]:
            out = tmp / f"{label}-{path.stem}.jsonl"
            env = {**os.environ, "LICENSEDESK_BENCH_OUT": str(out), "QT_QPA_PLATFORM": "offscreen"}
            if trees[label]:
                env["PYTHONPATH"] = trees[label]
            print(
                f"== {path.name}" + (f" ({label}: {trees[label]})" if trees[label] else ""),
                flush=True,
            )
            start = time.perf_counter()
            if subprocess.run([sys.executable, str(path)], env=env, check=False).returncode:
                failed.append(f"{path.name} ({label})")
            name = path.stem.removeprefix("bench_") + (f" ({label})" if len(trees) > 1 else "")
            seconds[name] = time.perf_counter() - start
            if out.exists():
                rows[label] += [json.loads(line) for line in out.read_text().splitlines()]
    return rows, seconds, failed


def compared(before: list[dict], after: list[dict]) -> str:
    """The goals' rows side by side: before and after, each with its spread and verdict."""
    old = {r["key"]: r for r in before}
    lines = ["| figure | goal | before | after |", "|---|---|---|---|"]
    for r in after:
        if r["goal"] is None:
            continue
        unit = f" {r['unit']}" if r["unit"] not in ("", "x") else ""
        digits = 3 if not unit and r["value"] < 10 else 1

        cells = [
            "—" if x is None else f"{x['value']:.{digits}f}{unit} ({x['spread']}; {verdict(x)})"
            for x in (old.get(r["key"]), r)
        ]
        lines.append(f"| {r['label']} | {r['op']} {r['goal']:g}{unit} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="benches to run (default: all)")
    parser.add_argument(
        "--before",
        metavar="APP_DIR",
        help="also run each bench on this "
        "tree's app folder (e.g. an older worktree's app/), alternating",
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help="keep the figures in docs/bench-figures.json and write docs/performance.md's table",
    )
    args = parser.parse_args()
    trees = (
        {"before": args.before, "after": os.environ.get("PYTHONPATH")}
        if args.before
        else {"this": None}
    )
    with tempfile.TemporaryDirectory() as tmp:
        rows, seconds, failed = run(benches(args.names), trees, Path(tmp))
    print("\n" + table(rows[list(trees)[-1]], seconds))
    if args.before:
        print("\n" + compared(rows["before"], rows["after"]))
    if args.write:
        write_page(rows[list(trees)[-1]])
    if failed:
        print(f"\nthese benches did not finish: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
