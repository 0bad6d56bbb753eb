"""A site licence of 200,000 devices: the command line and the window against curl.

The sandbox (its own process) serves one serial with ``N`` devices (``_site_licence``;
about 68 MB of JSON). In the same run, alternating, ``RUNS`` times each:
1. ``curl`` of that answer to /dev/null: the yardstick (the server's own time included);
2. ``licensedesk-cli --json activations SERIAL`` to /dev/null: wall time as a ratio
   to curl (goal <= 1.5) and its peak RSS (it writes the list while it arrives);
3. the window looks the serial up (a 10 ms heartbeat runs): time until every device is
   in the table, as a ratio to curl (goal <= 1.5); the heartbeat's longest gap (goal
   <= 50 ms); the memory the devices take, per device (RSS after the lookup less before,
   goal <= 1 KB) and the process's peak during the lookup, per device (for information).
4. then a host ID typed into the filter box, a key every 100 ms: how long each key holds
   the UI thread (the first makes the devices' search texts; goal for the others: a
   heartbeat's 50 ms) and the heartbeat's longest gap while typing (goal <= 50 ms).
Run: .venv/bin/python tests/bench/bench_site_licence.py [N]
"""

from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _figures import figure
from _site_licence import site_dataset
from _ui_bench_support import Heartbeat, SandboxProcess, make_app, make_desk, wait_until

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
RUNS = 3
BIN = Path(sys.executable).parent


#: runs a command, its output to /dev/null, and prints its peak RSS (KB) and exit status:
#: a small process of its own, since a child forked from this one (which holds a window
#: of 200,000 devices) counts this one's pages in its peak until it execs
_LAUNCH = (
    "import os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
    "_pid, status, usage = os.wait4(child.pid, 0)\n"
    "print(usage.ru_maxrss, status)"
)


def timed_child(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one child process, its output to /dev/null (both
    through the small launcher: curl's figure as the command's)."""
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", _LAUNCH, *argv], env=env, check=True, capture_output=True, text=True
    ).stdout.split()
    seconds = time.perf_counter() - t
    if out[1] != "0":
        raise RuntimeError(f"{argv[0]} ended with {out[1]}")
    return seconds, int(out[0]) / 1024


def status_kb(field: str) -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(x.split()[1]) for x in status if x.startswith(field + ":"))


#: the cyclic GC's passes over 10 ms during the run (generation, ms): a reason for a gap
GC_PAUSES: list[tuple[int, float]] = []
_gc_started = [0.0]


def _gc_timer(phase: str, info: dict) -> None:
    if phase == "start":
        _gc_started[0] = time.perf_counter()
    elif (ms := (time.perf_counter() - _gc_started[0]) * 1000) > 10:
        GC_PAUSES.append((info["generation"], ms))


def window_lookup(loop, desk, serial: str) -> tuple[float, float, float, float]:
    """Seconds until every device is in the table, the heartbeat's longest gap (ms), RSS
    growth and peak growth (bytes)."""
    ws = desk.window.workspace
    model = ws.activations.model
    heart = Heartbeat()
    beats, timer = heart.beats, heart.timer

    async def one() -> float:
        ws.activations.clear()
        await wait_until(lambda: not desk.runner.running())
        for _ in range(3):
            await __import__("asyncio").sleep(0.2)  # the old rows freed in the worker
        timer.start()
        await wait_until(lambda: len(beats) > 5)
        t = time.perf_counter()
        ws.serial_input.setText(serial)
        ws.serial_input.returnPressed.emit()
        await wait_until(lambda: not desk.runner.running() and model.rowCount() == N, timeout=120)
        loaded = time.perf_counter() - t
        mark = len(beats)
        await wait_until(lambda: len(beats) > mark + 5)
        timer.stop()
        return loaded

    with open("/proc/self/clear_refs", "w") as refs:  # the peak (VmHWM) from here
        refs.write("5")
    before = status_kb("VmRSS") * 1024
    loaded = loop.run_until_complete(one())
    gaps = heart.gaps()
    return loaded, max(gaps), status_kb("VmRSS") * 1024 - before, status_kb("VmHWM") * 1024 - before


def filter_typing(loop, desk) -> tuple[list[float], float]:
    """Milliseconds each key typed into the filter box held the UI thread, and the
    heartbeat's longest gap (ms) while typing."""
    import asyncio

    from licensedesk.ui.activations.columns import COL_HOST, EDIT_ROLE

    panel = desk.window.workspace.activations
    host = panel.model.index(N // 2, COL_HOST).data(EDIT_ROLE)
    took: list[float] = []
    heart = Heartbeat()
    beats, timer = heart.beats, heart.timer

    async def typing() -> None:
        timer.start()
        await wait_until(lambda: len(beats) > 5)
        for k in range(1, min(len(host), 8) + 1):
            t = time.perf_counter()
            panel.filter.setText(host[:k])
            took.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(0.1)  # a person's pace, not a wait for anything
        panel.filter.clear()
        mark = len(beats)
        await wait_until(lambda: len(beats) > mark + 5)
        timer.stop()

    loop.run_until_complete(typing())
    return took, max(heart.gaps())


def main() -> None:
    scratch = Path(tempfile.mkdtemp(prefix="ld-bench-site-"))
    serial, creds = site_dataset(scratch / "site.db", N)
    _app, loop = make_app()
    gc.callbacks.append(_gc_timer)
    with SandboxProcess(scratch / "site.db", stderr=None) as sandbox:
        url = (
            f"{sandbox.url}/v2/activations/{serial}?app_id={creds['app_id']}"
            f"&api_key={creds['api_key']}"
        )
        env = {**os.environ, "LICENSEDESK_API_KEY": creds["api_key"]}
        cli = [
            str(BIN / "licensedesk-cli"),
            "--json",
            "activations",
            serial,
            "--base-url",
            sandbox.url,
            "--app-id",
            creds["app_id"],
        ]
        desk = make_desk(sandbox.url, creds["app_id"], creds["api_key"], str(scratch / "s.ini"))
        curls, clis, cli_rss, wins = [], [], [], []
        for _ in range(RUNS):
            curls.append(timed_child(["curl", "-sf", "-o", os.devnull, url])[0])
            seconds, rss = timed_child(cli, env)
            clis.append(seconds)
            cli_rss.append(rss)
            wins.append(window_lookup(loop, desk, serial))
        keys, typing_gap = filter_typing(loop, desk)
        loop.run_until_complete(desk.aclose())
    load = os.getloadavg()[0]
    curl = statistics.median(curls)
    print(
        f"site licence of {N:,} devices, {RUNS} runs each, alternating (load average "
        f"{load:.1f} on {os.cpu_count()} CPUs): curl {', '.join(f'{c:.2f}' for c in curls)} s;"
        f" cli {', '.join(f'{c:.2f}' for c in clis)} s; window "
        f"{', '.join(f'{w[0]:.2f}' for w in wins)} s"
    )
    cli_ratios = [c / k for c, k in zip(clis, curls, strict=True)]
    win_ratios = [w[0] / k for w, k in zip(wins, curls, strict=True)]
    figure(
        "site_cli_ratio",
        f"`activations --json` of {N:,} devices / curl",
        statistics.median(cli_ratios),
        1.5,
        unit="x",
        runs=cli_ratios,
        note=f"(curl median {curl:.2f} s)",
    )
    figure(
        "site_cli_rss",
        "`activations --json`: peak RSS",
        statistics.median(cli_rss),
        None,
        unit="MB",
        runs=cli_rss,
    )
    figure(
        "site_window_ratio",
        f"window lookup of {N:,} devices / curl",
        statistics.median(win_ratios),
        1.5,
        unit="x",
        runs=win_ratios,
    )
    gaps = [w[1] for w in wins]
    figure(
        "site_window_gap",
        "heartbeat's longest gap during that lookup",
        statistics.median(gaps),
        50,
        unit="ms",
        runs=gaps,
    )
    # the first lookup's: later ones reuse what the one before freed (RSS hardly grows)
    figure(
        "site_window_bytes",
        "memory kept per device in the window (first lookup)",
        wins[0][2] / N,
        1024,
        unit="B",
    )
    figure(
        "site_window_peak",
        "peak memory per device during the first lookup",
        wins[0][3] / N,
        None,
        unit="B",
    )
    figure(
        "site_filter_first_key",
        "the filter box's first key (the search texts made)",
        keys[0],
        None,
        unit="ms",
    )
    figure(
        "site_filter_key",
        "each later key in the filter box, longest",
        max(keys[1:]),
        50,
        unit="ms",
        runs=keys[1:],
    )
    figure("site_filter_gap", "heartbeat's longest gap while typing", typing_gap, None, unit="ms")
    print(
        f"  cyclic GC passes over 10 ms: {len(GC_PAUSES)}, longest "
        f"{max((ms for _g, ms in GC_PAUSES), default=0):.0f} ms"
    )


if __name__ == "__main__":
    main()
