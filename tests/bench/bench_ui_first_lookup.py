"""The first lookup after start against later ones: the window's longest pause.

A process pays some costs once: modules imported on first use, a TLS context built, a
first layout. Whatever of that lands on the UI thread in the first lookup is a pause a
person feels once a day, and no other bench sees it (they warm up first). Here each
run is a fresh app process (``--child``) on the same sandbox process: the profile's
client is made ahead as the app does it (``Connections.warm``); then a 10 ms heartbeat
runs while the window looks up one serial, and again for a second serial. Figures: the
first lookup's longest heartbeat gap (median of the runs), and its ratio to the second
lookup's in the same process (the baseline). No goal: the frame goals are about the
loads of issue #14; this one says what the first lookup still costs.
Run: .venv/bin/python tests/bench/bench_ui_first_lookup.py [RUNS]
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _figures import figure
from _ui_bench_support import SandboxProcess

RUNS = 7
KEY_ENV = "LICENSEDESK_BENCH_API_KEY"


def child(url: str, app_id: str, serials: list[str]) -> None:
    """One app process: two lookups, each under a 10 ms heartbeat; prints their gaps.
    The sandbox's key comes in the environment (``KEY_ENV``), not on the command line."""
    from _ui_bench_support import Heartbeat, make_app, make_desk, wait_until

    _app, loop = make_app()
    desk = make_desk(url, app_id, os.environ[KEY_ENV], str(Path(tempfile.mkdtemp()) / "a.ini"))
    ws = desk.window.workspace
    heart = Heartbeat()
    beats, timer = heart.beats, heart.timer

    async def lookup(serial: str) -> float:
        beats.clear()
        timer.start()
        await wait_until(lambda: len(beats) > 5)
        ws.serial_input.setText(serial)
        ws.serial_input.returnPressed.emit()
        await wait_until(lambda: desk.lookup.controller.is_running())
        await wait_until(lambda: not desk.runner.running(), timeout=30)
        mark = len(beats)
        await wait_until(lambda: len(beats) > mark + 5)  # the image, the paint after
        timer.stop()
        return max(heart.gaps())

    async def run() -> list[float]:
        await wait_until(lambda: desk.connections.open_clients() == 1, timeout=30)
        await wait_until(lambda: not desk.profiles.is_warming(), timeout=30)
        gaps = [await lookup(serial) for serial in serials]
        await desk.aclose()
        desk.window.close()
        return gaps

    first, later = loop.run_until_complete(run())
    print(json.dumps({"first": first, "later": later}))
    asyncio.set_event_loop(None)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    from licensedesk.sandbox.demo import create_demo

    scratch = Path(tempfile.mkdtemp(prefix="ld-bench-"))
    data = create_demo(scratch / "demo.db")
    creds = data["catalogue"]["credentials"]["read_write"]
    serials = [data["catalogue"]["serials"][k] for k in ("perpetual", "trial")]
    firsts, laters = [], []
    with SandboxProcess(scratch / "demo.db", stderr=None) as sandbox:
        for _ in range(runs):
            out = subprocess.run(
                [sys.executable, __file__, "--child", sandbox.url, creds["app_id"], *serials],
                check=True,
                capture_output=True,
                text=True,
                env={**os.environ, "QT_QPA_PLATFORM": "offscreen", KEY_ENV: creds["api_key"]},
            ).stdout
            gaps = json.loads(out.strip().splitlines()[-1])
            firsts.append(gaps["first"])
            laters.append(gaps["later"])
    print(f"{runs} fresh app processes, two lookups each (licence image included), 10 ms heartbeat")
    figure(
        "first_lookup_gap",
        "first lookup after start: longest heartbeat gap",
        statistics.median(firsts),
        None,
        unit="ms",
        runs=firsts,
    )
    figure(
        "later_lookup_gap",
        "second lookup: longest heartbeat gap",
        statistics.median(laters),
        None,
        unit="ms",
        runs=laters,
    )
    figure(
        "first_lookup_ratio",
        "first lookup's longest gap / the second's, same process",
        statistics.median(f / s for f, s in zip(firsts, laters, strict=True)),
        None,
        runs=[f / s for f, s in zip(firsts, laters, strict=True)],
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        main()
