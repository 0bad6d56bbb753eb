"""Cold start to the first painted window: License Desk vs a bare PySide6 QMainWindow.

Both run offscreen as fresh processes, alternating, several runs; the figure is
the time from spawning the process to its "painted" line on stdout (medians).
License Desk also reports "ready" (network stack imported, controllers wired).
Goal: ratio <= 1.25. Run: .venv/bin/python tests/bench/bench_ui_startup.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

BARE = """
import sys
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
class W(QMainWindow):
    done = False
    def event(self, ev):
        r = super().event(ev)
        if not self.done and ev.type() in (QEvent.Type.Paint, QEvent.Type.UpdateRequest):
            self.done = True
            print("painted", flush=True)
            QTimer.singleShot(0, app.quit)
        return r
app = QApplication(sys.argv[:1])
w = W(); w.resize(1180, 760); w.show()
app.exec()
"""


def timed(cmd: list[str], env: dict[str, str]) -> dict[str, float]:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                            text=True)
    marks: dict[str, float] = {}
    for line in proc.stdout:
        marks[line.strip()] = (time.perf_counter() - start) * 1000
    proc.wait()
    marks["exit"] = (time.perf_counter() - start) * 1000
    return marks


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    scratch = tempfile.mkdtemp(prefix="ld-bench-")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_API": "pyside6",
           "LICENSEDESK_CONFIG_DIR": f"{scratch}/config", "LICENSEDESK_LOG_DIR": f"{scratch}/log",
           "XDG_CONFIG_HOME": f"{scratch}/xdg", "PYTHON_KEYRING_BACKEND":
           "keyring.backends.null.Keyring"}
    bare_cmd = [sys.executable, "-c", BARE]
    app_cmd = [sys.executable, "-m", "licensedesk", "--report-start"]
    timed(bare_cmd, env)  # warm the file cache for both
    timed(app_cmd, env)
    bare, app_paint, app_ready = [], [], []
    for _ in range(runs):
        bare.append(timed(bare_cmd, env)["painted"])
        marks = timed(app_cmd, env)
        app_paint.append(marks["painted"])
        app_ready.append(marks.get("ready", float("nan")))
    b, a, r = (statistics.median(x) for x in (bare, app_paint, app_ready))
    print(f"runs: {runs} each, offscreen, medians from spawn")
    print(f"bare QMainWindow first paint:     {b:7.1f} ms")
    print(f"License Desk first paint:         {a:7.1f} ms")
    print(f"License Desk ready (api wired):   {r:7.1f} ms")
    print(f"ratio first paint (goal <= 1.25): {a / b:7.2f}")


if __name__ == "__main__":
    main()
