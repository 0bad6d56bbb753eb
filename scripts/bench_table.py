"""``make bench``: run every benchmark in tests/bench, then one table of all figures
against their goals, with the machine's yardstick (a bare QMainWindow's first paint)
so that two machines' tables can be compared.

Each bench prints its own lines as it goes; the figures with a goal are collected
through ``LICENSEDESK_BENCH_OUT`` (tests/bench/_figures.py). Nothing here fails on a
missed goal: a benchmark informs, it does not gate.
Usage: python scripts/bench_table.py [NAME...]   (e.g. ui_startup cli_startup)
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "tests" / "bench"
#: the yardstick first, then the rest, the slow network ones last
ORDER = ("ui_startup", "cli_startup", "ui_lookup", "ui_first_lookup", "ui_stall", "ui_batch",
         "client", "history", "batch", "sandbox")  # fmt: skip


def benches(names: list[str]) -> list[Path]:
    found = {p.stem.removeprefix("bench_"): p for p in BENCH.glob("bench_*.py")}
    chosen = names or [n for n in ORDER if n in found] + sorted(set(found) - set(ORDER))
    unknown = [n for n in chosen if n not in found]
    if unknown:
        sys.exit(f"no such bench: {', '.join(unknown)} (have: {', '.join(sorted(found))})")
    return [found[n] for n in chosen]


def table(rows: list[dict], seconds: dict[str, float]) -> str:
    yard = next((r for r in rows if r["key"] == "bare_paint"), None)
    lines = [f"python {platform.python_version()}, {os.cpu_count()} CPUs, {platform.machine()}"
             + (f"; bare QMainWindow first paint {yard['value']:.1f} ms ({yard['spread']})"
                if yard else ""), "",
             "| figure | goal | measured | runs (min–max of n) | met |",
             "|---|---|---|---|---|"]  # fmt: skip
    for r in rows:
        unit = f" {r['unit']}" if r["unit"] not in ("", "x") else ""
        goal = "" if r["goal"] is None else f"{r['op']} {r['goal']:g}{unit}"
        digits = 3 if not unit and r["value"] < 10 else 1
        met = "" if r["met"] is None else ("yes" if r["met"] else "**no**")
        lines.append(f"| {r['label']} | {goal} | {r['value']:.{digits}f}{unit} | "
                     f"{r['spread']} | {met} |")
    lines.append("")
    lines.append("bench wall time: " + ", ".join(f"{k} {v:.0f} s" for k, v in seconds.items()))
    return "\n".join(lines)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "figures.jsonl"
        env = {**os.environ, "LICENSEDESK_BENCH_OUT": str(out), "QT_QPA_PLATFORM": "offscreen"}
        seconds: dict[str, float] = {}
        failed = []
        for path in benches(sys.argv[1:]):
            print(f"== {path.name}", flush=True)
            start = time.perf_counter()
            done = subprocess.run([sys.executable, str(path)], env=env, check=False)
            seconds[path.stem.removeprefix("bench_")] = time.perf_counter() - start
            if done.returncode:
                failed.append(path.name)
        rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    print("\n" + table(rows, seconds))
    if failed:
        print(f"\nthese benches did not finish: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
