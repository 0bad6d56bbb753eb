"""What users run: the PyInstaller bundle's cold start and size, against a bare PySide6
window bundled the same way (one folder, windowed, PyInstaller of the same venv), built
in the same run. Not part of the test suite.

Both bundles run offscreen as fresh processes, alternating, several runs (default 7):
the time from spawning the executable to its "painted" line (its first paint), and for
License Desk also ``--demo SERIAL`` to its "looked-up" line (the demo serial's licence
painted on the card: the first lookup a new user sees). Size: the bytes of every file
of each bundle folder (symbolic links not counted again). Ratios, with their goals (printed, not asserted):

- first paint / the bare bundle's first paint <= 1.3;
- size / the bare bundle's size <= 1.5;
- first demo lookup on screen / the bare bundle's first paint <= 4.

Needs the License Desk bundle (``make bundle`` or packaging/build.sh; ``--bundle DIR``
for another) and PyInstaller in the Python that runs this (packaging/build.sh installs
it into the venv it is given). Building the bare bundle takes 20-40 s here.
Run: VENV/bin/python tests/bench/bench_bundle_startup.py [RUNS] [--bundle DIR]
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

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "packaging" / "dist" / "licensedesk"
SERIAL = "L89U-P6Z8-MZ6Z-MABG-Q3RR"  # the demo's subscription_active
RUNS = 7

#: the bare window: prints "painted" at its first paint and quits
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


def build_bare(work: Path) -> Path:
    """The bare window as a one-folder, windowed PyInstaller bundle (as licensedesk.spec's
    EXE: console=False, no UPX); its folder."""
    script = work / "bare.py"
    script.write_text(BARE)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--onedir",
            "--windowed",
            "--name",
            "bare",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
            "--specpath",
            str(work),
            str(script),
        ],
        check=True,
        capture_output=True,
    )
    return work / "dist" / "bare"


def size_mb(folder: Path) -> float:
    """The bytes of the folder's files, each once (PyInstaller links some libraries into
    ``_internal`` twice: a symbolic link is not counted)."""
    return (
        sum(f.lstat().st_size for f in folder.rglob("*") if f.is_file() and not f.is_symlink())
        / 1e6
    )


def timed(cmd: list[str], env: dict[str, str], mark: str) -> float:
    """Milliseconds from spawning ``cmd`` to its ``mark`` line on stdout (nan: none)."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    took = float("nan")
    for line in proc.stdout:
        if line.strip() == mark and took != took:
            took = (time.perf_counter() - start) * 1000
    proc.wait(timeout=60)
    return took


def main() -> None:
    args = sys.argv[1:]
    bundle = BUNDLE
    if "--bundle" in args:
        at = args.index("--bundle")
        bundle = Path(args[at + 1])
        del args[at : at + 2]
    runs = int(args[0]) if args else RUNS
    exe = bundle / ("licensedesk.exe" if os.name == "nt" else "licensedesk")
    if not exe.exists():
        sys.exit(f"no bundle at {bundle}: run `make bundle` (or packaging/build.sh) first")
    scratch = Path(tempfile.mkdtemp(prefix="ld-bench-bundle-"))
    started = time.perf_counter()
    bare_dir = build_bare(scratch)
    built = time.perf_counter() - started
    bare_exe = bare_dir / ("bare.exe" if os.name == "nt" else "bare")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "LICENSEDESK_CONFIG_DIR": str(scratch / "config"),
        "LICENSEDESK_LOG_DIR": str(scratch / "log"),
        "XDG_RUNTIME_DIR": str(scratch),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring",
    }
    bare_cmd = [str(bare_exe)]
    paint_cmd = [str(exe), "--report-start"]
    lookup_cmd = [str(exe), "--report-start", "--demo", SERIAL]
    for cmd, mark in ((bare_cmd, "painted"), (paint_cmd, "painted"), (lookup_cmd, "looked-up")):
        timed(cmd, env, mark)  # the file cache warm for each: "cold" is a new process
    bare, paint, lookup = [], [], []
    for _ in range(runs):
        bare.append(timed(bare_cmd, env, "painted"))
        paint.append(timed(paint_cmd, env, "painted"))
        lookup.append(timed(lookup_cmd, env, "looked-up"))
    b, p, lk = median(bare), median(paint), median(lookup)
    app_mb, bare_mb = size_mb(bundle), size_mb(bare_dir)
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; bare bundle built in "
        f"{built:.0f} s; runs: {runs} each, offscreen, medians from spawn"
    )
    figure("bundle_bare_paint", "bare bundle first paint", b, None, unit="ms", runs=bare)
    figure("bundle_paint", "License Desk bundle first paint", p, None, unit="ms", runs=paint)
    figure(
        "bundle_lookup",
        "License Desk bundle first demo lookup on screen",
        lk,
        None,
        unit="ms",
        runs=lookup,
    )
    figure("bundle_bare_size", "bare bundle size", bare_mb, None, unit="MB")
    figure("bundle_size", "License Desk bundle size", app_mb, None, unit="MB")
    figure(
        "bundle_paint_ratio",
        "first paint / bare bundle's first paint",
        p / b,
        1.3,
        runs=[x / y for x, y in zip(paint, bare, strict=True)],
    )
    figure("bundle_size_ratio", "size / bare bundle's size", app_mb / bare_mb, 1.5)
    figure(
        "bundle_lookup_ratio",
        "first demo lookup on screen / bare bundle's first paint",
        lk / b,
        4.0,
        runs=[x / y for x, y in zip(lookup, bare, strict=True)],
    )


if __name__ == "__main__":
    main()
