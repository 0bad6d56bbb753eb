"""Start the GUI: ``licensedesk [--demo] [--profile NAME]``.

Order matters for a fast start (PLATFORM.md): Qt and the window first, shown
and painted; only then qasync, the api (httpx), profiles (keyring) and, with
``--demo``, the sandbox are imported and wired (``licensedesk.ui.shell.start``).
The qasync loop attaches to the running Qt loop (``already_running=True``).
On quit (``aboutToQuit``) the clients are closed and the demo service stopped;
Ctrl+C and SIGTERM quit the same way (``ui/shell/signals.py``). Without a
display it says so in one sentence and exits 2 (Qt would abort naming a library).
``--quit-after MS`` lets scripts and tests prove a clean start and stop.
"""

from __future__ import annotations

import argparse
import os
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    from licensedesk import __version__

    parser = argparse.ArgumentParser(prog="licensedesk", description="License Desk")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--demo", action="store_true", help="open on the built-in sandbox")
    parser.add_argument("--profile", metavar="NAME", help="open this connection profile")
    parser.add_argument("--quit-after", type=int, metavar="MS", help=argparse.SUPPRESS)
    # benchmarks: print "painted" at the first paint and "ready" once wired, then quit
    parser.add_argument("--report-start", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def build(window, args: argparse.Namespace, settings):
    """Everything after the first paint: loop, logging, stores, then :func:`start_desk`."""
    import asyncio

    import qasync
    from PySide6.QtWidgets import QApplication

    loop = qasync.QEventLoop(QApplication.instance(), already_running=True)
    asyncio.set_event_loop(loop)

    from licensedesk.machine import host_id
    from licensedesk.profiles import ProfileStore, SecretStore
    from licensedesk.ui.profiles.connections import Connections
    from licensedesk.ui.shell.logs import install_excepthook, setup_logging
    from licensedesk.ui.shell.start import start_desk

    log_path = setup_logging()
    secrets = SecretStore()
    connections = Connections(ProfileStore(secrets=secrets), secrets)
    try:
        this_host = host_id()
    except Exception:
        this_host = None
    desk = start_desk(window, settings, connections, host_id=this_host, log_path=log_path,
                      demo=args.demo, profile=args.profile)
    install_excepthook(desk.show_unexpected)
    return desk


NO_DISPLAY = (
    "licensedesk: no display was found (neither DISPLAY nor WAYLAND_DISPLAY is set). "
    "Start it in a desktop session, under a virtual display (xvfb-run -a licensedesk), "
    "or without a window with QT_QPA_PLATFORM=offscreen."
)


def no_display() -> bool:
    """On Linux, when Qt would try X11 or Wayland and neither is there."""
    if not sys.platform.startswith("linux"):
        return False
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return False  # offscreen, vnc, eglfs...: no display needed
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if no_display():
        print(NO_DISPLAY, file=sys.stderr)
        return 2
    os.environ.setdefault("QT_API", "pyside6")
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from licensedesk import APP_ID, APP_NAME
    from licensedesk.ui.shell.main_window import MainWindow
    from licensedesk.ui.shell.settings import WindowSettings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_ID)
    app.setDesktopFileName("io.licensedesk.LicenseDesk")
    window = MainWindow()
    settings = WindowSettings()
    settings.restore_geometry(window)
    holder: dict[str, object] = {}

    def about_to_quit() -> None:
        desk = holder.get("desk")
        if desk is not None:
            desk.close_blocking()

    app.aboutToQuit.connect(about_to_quit)  # before qasync connects its own handler

    def close_and_quit() -> None:
        window.close()
        app.quit()  # also when a dialog is open

    def after_paint() -> None:
        from licensedesk.ui.shell.signals import SignalQuit
        from licensedesk.ui.shell.style import DeskStyle

        app.setStyle(DeskStyle())  # ~6 ms: after the first paint, before the pages exist
        holder["signals"] = SignalQuit(close_and_quit, app)  # after the paint: socket import
        holder["desk"] = build(window, args, settings)
        if args.report_start:  # tests/bench/bench_ui_startup.py: times, then idle memory
            print("ready", flush=True)
            QTimer.singleShot(500, lambda: (print_rss(), app.quit()))

    def painted() -> None:
        if args.report_start:
            print("painted", flush=True)
        QTimer.singleShot(0, after_paint)

    window.firstPainted.connect(painted, Qt.ConnectionType.SingleShotConnection)
    window.show()
    if args.quit_after is not None:
        QTimer.singleShot(args.quit_after, app.quit)
    return app.exec()


def print_rss() -> None:
    """``rss MB``: the resident set once the window has settled (Linux; silent elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    except (OSError, StopIteration, ValueError):
        return
    print(f"rss {kb / 1024:.1f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
