"""Cold start to the first painted window: License Desk vs a bare PySide6 QMainWindow.

Both run offscreen as fresh processes, alternating, several runs (default 9); the
figure is the time from spawning the process to its "painted" line on stdout
(medians, with the spread). License Desk also reports "ready": its start page
usable (here, without profiles, the welcome page; the desk itself, with the
network stack, is built on the first click: ui/shell/start.py ``DeferredDesk``).
Goal: ratio <= 1.10. Also the idle memory: the resident set of each process once it
has painted and settled (``rss`` line, VmRSS), License Desk against the bare window
(goal <= 1.5).
The bare window's figure is the machine's yardstick: print it with any table.
License Desk turns Qt's paint thread pool off (``QT_NO_GUI_THREADPOOL``,
ui/shell/qt_environment.py), which the bare window does not; a bare window with the
pool off is timed too and printed for information, so the share of that switch in
the ratio can be read off.
Run: .venv/bin/python tests/bench/bench_ui_startup.py [RUNS]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _figures import figure, median

BARE = """
import sys
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            print("rss", int(line.split()[1]) / 1024, flush=True)
    app.quit()
class W(QMainWindow):
    done = False
    def event(self, ev):
        r = super().event(ev)
        if not self.done and ev.type() in (QEvent.Type.Paint, QEvent.Type.UpdateRequest):
            self.done = True
            print("painted", flush=True)
            QTimer.singleShot(500, rss)
        return r
app = QApplication(sys.argv[:1])
w = W(); w.resize(1180, 760); w.show()
app.exec()
"""


def timed(cmd: list[str], env: dict[str, str]) -> dict[str, float]:
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    marks: dict[str, float] = {}
    for line in proc.stdout:
        word, _, value = line.strip().partition(" ")
        marks[word] = float(value) if value else (time.perf_counter() - start) * 1000
    proc.wait()
    marks["exit"] = (time.perf_counter() - start) * 1000
    return marks


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    scratch = tempfile.mkdtemp(prefix="ld-bench-")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "QT_API": "pyside6",
        "LICENSEDESK_CONFIG_DIR": f"{scratch}/config",
        "LICENSEDESK_LOG_DIR": f"{scratch}/log",
        "XDG_CONFIG_HOME": f"{scratch}/xdg",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring",
    }
    env.pop("QT_NO_GUI_THREADPOOL", None)  # Qt's own default for the bare window
    env_no_pool = {**env, "QT_NO_GUI_THREADPOOL": "1"}
    bare_cmd = [sys.executable, "-c", BARE]
    app_cmd = [sys.executable, "-m", "licensedesk", "--report-start"]  # prints rss too
    timed(bare_cmd, env)  # warm the file cache for both
    timed(app_cmd, env)
    bare, app_paint, app_ready, bare_rss, app_rss, bare_no_pool = [], [], [], [], [], []
    for _ in range(runs):
        marks = timed(bare_cmd, env)
        bare.append(marks["painted"])
        bare_rss.append(marks.get("rss", float("nan")))
        bare_no_pool.append(timed(bare_cmd, env_no_pool)["painted"])
        marks = timed(app_cmd, env)
        app_paint.append(marks["painted"])
        app_ready.append(marks.get("ready", float("nan")))
        app_rss.append(marks.get("rss", float("nan")))
    b, a, r = (median(x) for x in (bare, app_paint, app_ready))
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; runs: {runs} each, "
        "offscreen, medians from spawn"
    )
    figure(
        "bare_paint",
        "bare QMainWindow first paint (the machine's yardstick)",
        b,
        None,
        unit="ms",
        runs=bare,
    )
    figure("app_paint", "License Desk first paint", a, None, unit="ms", runs=app_paint)
    figure(
        "app_ready", "License Desk ready (welcome page usable)", r, None, unit="ms", runs=app_ready
    )
    figure(
        "first_paint",
        "first paint / bare QMainWindow",
        a / b,
        1.10,
        runs=[x / y for x, y in zip(app_paint, bare, strict=True)],
    )
    figure(
        "first_paint_no_pool",
        "first paint / bare QMainWindow with Qt's paint pool off too",
        a / median(bare_no_pool),
        None,
        runs=[x / y for x, y in zip(app_paint, bare_no_pool, strict=True)],
    )
    figure(
        "bare_rss", "bare QMainWindow idle RSS", median(bare_rss), None, unit="MB", runs=bare_rss
    )
    figure("app_rss", "License Desk idle RSS", median(app_rss), None, unit="MB", runs=app_rss)
    figure(
        "idle_rss",
        "idle RSS / bare QMainWindow",
        median(app_rss) / median(bare_rss),
        1.5,
        runs=[x / y for x, y in zip(app_rss, bare_rss, strict=True)],
    )


if __name__ == "__main__":
    main()
