"""Start the GUI: ``licensedesk [--demo] [--profile NAME]``.

Placeholder until the main window lands (issue 4): it shows an empty main
window and quits cleanly. ``--quit-after MS`` exists so scripts and tests can
prove a clean start and stop without a person.
"""

from __future__ import annotations

import argparse
import os
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="licensedesk", description="License Desk")
    parser.add_argument("--demo", action="store_true", help="open on the built-in sandbox")
    parser.add_argument("--profile", metavar="NAME", help="open this connection profile")
    parser.add_argument("--quit-after", type=int, metavar="MS", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("QT_API", "pyside6")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    from licensedesk import APP_NAME

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    window = QMainWindow()
    window.setWindowTitle(APP_NAME)
    window.resize(1100, 720)
    window.show()
    if args.quit_after is not None:
        QTimer.singleShot(args.quit_after, app.quit)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
