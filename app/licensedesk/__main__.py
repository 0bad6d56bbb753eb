"""Start the GUI: ``licensedesk [--demo] [--profile NAME] [SERIAL | licensedesk://lookup/SERIAL]``.

Order matters for a fast start (PLATFORM.md): Qt and the window first, shown
and painted; only then qasync, the api (httpx), profiles (keyring) and, with
``--demo``, the sandbox are imported and wired (``licensedesk.ui.shell.start``).
The qasync loop attaches to the running Qt loop (``already_running=True``).
On quit (``aboutToQuit``) the clients are closed and the demo service stopped;
Ctrl+C and SIGTERM quit the same way, from the first moment of the start-up on
(``ui/shell/signals.py``). Without a display it says so in one sentence and
exits 2 (Qt would abort naming a library).
One window per user and config folder (``ui/shell/single_instance.py``): a start
while a window is open hands its serial (or nothing) to that window, which comes
to the front, and exits 0; the window listens for such starts once it is built.
The language is chosen before anything is said: ``--lang``, else the saved one,
else the system's (``--help`` and the no-display sentence are translated too).
``--quit-after MS`` lets scripts and tests prove a clean start and stop.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from licensedesk import i18n
from licensedesk.i18n import N_, _

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication


def build_parser() -> argparse.ArgumentParser:
    """The command's options (also read by ``scripts/cli-extras.sh`` for the man page and
    the shell completion)."""
    from licensedesk import __version__
    from licensedesk.translated_parser import TranslatedParser

    parser = TranslatedParser(prog="licensedesk", description="License Desk")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--demo", action="store_true", help=_("open on the built-in sandbox"))
    parser.add_argument("--profile", metavar="NAME", help=_("open this connection profile"))
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help=_(
            "the language of the window ({choices}); default: the one "
            "chosen in View > Language, else the system's"
        ).format(choices=", ".join(i18n.LANGUAGES)),
    )
    # the desktop file's Exec=licensedesk %U hands over a link (or nothing); to the
    # window already open, if there is one
    parser.add_argument(
        "target",
        nargs="?",
        type=serial_in_link,
        metavar="SERIAL",
        help=_(
            "look up this serial once the window is open, or in the "
            "window already open; also a {link} link"
        ).format(link=f"{LINK_PREFIX}SERIAL"),
    )
    parser.add_argument("--quit-after", type=int, metavar="MS", help=argparse.SUPPRESS)
    # benchmarks: print "painted" at the first paint and "ready" once wired, then quit
    parser.add_argument("--report-start", action="store_true", help=argparse.SUPPRESS)
    return parser


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The options: :func:`quick_args` on a plain start, else argparse's reading, whose
    help and errors are in the language asked for (chosen before the parser is built)."""
    argv = sys.argv[1:] if argv is None else argv
    quick = quick_args(argv)
    if quick is not None:
        return quick
    i18n.choose_language(i18n.lang_in_argv(argv))
    return build_parser().parse_args(argv)


#: options :func:`quick_args` reads: flags, and options with a value
_QUICK_FLAGS = {"--demo": "demo", "--report-start": "report_start"}
_QUICK_VALUES = {
    "--profile": ("profile", str),
    "--quit-after": ("quit_after", int),
    "--lang": ("lang", str),
}


def quick_args(argv: list[str]) -> argparse.Namespace | None:
    """What :func:`build_parser` makes of ``argv`` when it holds only the options of a
    plain start (``--demo``, ``--profile NAME``…), else None (help, version, a link,
    anything unusual: argparse's own answer). Building argparse's parser costs as much
    CPU before the first paint as the window's own modules (its first use compiles
    patterns, looks up translations)."""
    found: dict[str, object] = {
        "demo": False,
        "profile": None,
        "target": None,
        "lang": None,
        "quit_after": None,
        "report_start": False,
    }
    words = iter(argv)
    for word in words:
        name, equals, value = word.partition("=")
        if word in _QUICK_FLAGS:
            found[_QUICK_FLAGS[word]] = True
            continue
        if name not in _QUICK_VALUES:
            return None
        key, kind = _QUICK_VALUES[name]
        value = value if equals else next(words, "")
        if not value or value.startswith("-"):
            return None
        try:
            found[key] = kind(value)
        except ValueError:
            return None
    return argparse.Namespace(**found)


LINK_PREFIX = "licensedesk://lookup/"


def serial_in_link(text: str) -> str:
    """The SERIAL of a ``licensedesk://lookup/SERIAL`` link (scheme and kind in any case,
    percent-escapes decoded, a query or fragment ignored); any other text as given. Not
    checked here: it goes to the serial box as if pasted, whose hint says what is wrong."""
    if text[: len(LINK_PREFIX)].lower() != LINK_PREFIX:
        return text
    serial = text[len(LINK_PREFIX) :].split("?", 1)[0].split("#", 1)[0].strip("/")
    if "%" in serial:
        from urllib.parse import unquote

        serial = unquote(serial)
    return serial


def build(window, args: argparse.Namespace, settings):
    """Everything after the first paint: logging, then the desk (:func:`build_desk`); with
    nothing to open (no profile, no --demo, no --profile) the welcome page is shown and
    the desk waits for the first click (``DeferredDesk``: an idle start page needs no
    loop, api or keyring)."""
    from licensedesk.ui.shell.logs import install_excepthook, setup_logging
    from licensedesk.ui.shell.start import DeferredDesk

    log_path = setup_logging()
    if args.demo or args.profile or args.target or has_profiles():
        made = build_desk(window, args, settings, log_path)
    else:
        made = DeferredDesk(window, settings, lambda: build_desk(window, args, settings, log_path))
    install_excepthook(made.show_unexpected)
    return made


def has_profiles() -> bool:
    """Whether the profiles file names any profile (a file that cannot be read: yes, so
    the desk opens and says what is wrong with it)."""
    from licensedesk.profiles.store import ProfileStore

    try:
        return bool(ProfileStore().names())
    except Exception:
        return True


def build_desk(window, args: argparse.Namespace, settings, log_path):
    """The loop, the stores, then :func:`start_desk`."""
    import asyncio

    from PySide6.QtWidgets import QApplication

    from licensedesk.ui.shell.event_loop import DeskEventLoop

    loop = DeskEventLoop(QApplication.instance(), already_running=True)
    asyncio.set_event_loop(loop)

    from licensedesk.machine import host_id
    from licensedesk.profiles import ProfileStore, SecretStore
    from licensedesk.ui.profiles.connections import Connections
    from licensedesk.ui.shell.keyring_notice import announce_keyring
    from licensedesk.ui.shell.start import settle_interpreter, start_desk

    secrets = SecretStore()
    announce_keyring(window, secrets)
    connections = Connections(ProfileStore(secrets=secrets), secrets)
    try:
        this_host = host_id()
    except Exception:
        this_host = None
    desk = start_desk(
        window,
        settings,
        connections,
        host_id=this_host,
        log_path=log_path,
        demo=args.demo,
        profile=args.profile,
    )
    if args.target:
        from licensedesk.ui.shell.open_target import open_target

        open_target(desk, args.target)
    settle_interpreter()  # the GC out of the way, the GIL shared in short turns
    return desk


# TRANSLATORS: keep "licensedesk:", the variable names and the commands as they are
NO_DISPLAY = N_(
    "licensedesk: no display was found (neither DISPLAY nor WAYLAND_DISPLAY is set). "
    "Start it in a desktop session, under a virtual display (xvfb-run -a {command}), "
    "or without a window with QT_QPA_PLATFORM=offscreen."
)


def start_command(argv: list[str]) -> str:
    """How this very start can be repeated from where the user is: ``licensedesk`` only
    when that name on PATH is this program (in a checkout it is ``.venv/bin/licensedesk``);
    ``python -m licensedesk`` as it was run; the options given (e.g. ``--demo``) kept."""
    import shlex
    import shutil

    program = argv[0] if argv else ""
    if program.endswith("__main__.py") or not program:
        words = [os.path.relpath(sys.executable), "-m", "licensedesk"]
    else:
        found = shutil.which(os.path.basename(program))
        same = found and os.path.realpath(found) == os.path.realpath(program)
        words = [os.path.basename(program) if same else os.path.relpath(program)]
    return shlex.join([*words, *argv[1:]])


def no_display() -> bool:
    """On Linux, when Qt would try X11 or Wayland and neither is there."""
    if not sys.platform.startswith("linux"):
        return False
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return False  # offscreen, vnc, eglfs...: no display needed
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def record_early_signals() -> list[int]:
    """Until ``SignalQuit`` takes over, SIGINT and SIGTERM are only noted in the list
    returned: Python's own reaction (KeyboardInterrupt, or death by SIGTERM) in the
    middle of Qt's imports left tracebacks, aborts, or a window that no longer quit."""
    import signal

    received: list[int] = []
    for name in ("SIGINT", "SIGTERM"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda number, _frame: received.append(number))
    return received


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if no_display():
        i18n.choose_language(args.lang)
        given = sys.argv[1:] if argv is None else argv
        print(_(NO_DISPLAY).format(command=start_command([sys.argv[0], *given])), file=sys.stderr)
        return 2
    early_signals = record_early_signals()  # before the slow imports (Qt's above all)
    app = make_application(args)
    from licensedesk.ui.shell.single_instance import hand_over, server_name

    channel = server_name(demo=args.demo)
    if hand_over(channel, args.target):  # no window open: one stat
        return 0  # the window already open took it and comes to the front
    return _Start(app, args, channel, early_signals).run()


def make_application(args: argparse.Namespace) -> QApplication:
    """The QApplication, named for the desktop and translated before its first widget."""
    from licensedesk.ui.shell.qt_environment import prepare

    prepare()  # QT_API, and Qt's paint thread pool off (its hand-offs cost more than fills)
    from PySide6.QtWidgets import QApplication

    from licensedesk import APP_ID, APP_NAME
    from licensedesk.ui.shell.language import install_language

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_ID)
    app.setDesktopFileName("io.licensedesk.LicenseDesk")
    install_language(app, args.lang)  # before the first widget: it is built translated
    return app


class _Start:
    """The window shown and painted first; the desk built after its first paint."""

    def __init__(
        self, app: QApplication, args: argparse.Namespace, channel: str, early: list[int]
    ) -> None:
        from licensedesk.ui.shell.main_window import MainWindow
        from licensedesk.ui.shell.settings import WindowSettings
        from licensedesk.ui.shell.signals import SignalQuit

        self.app, self.args, self.channel = app, args, channel
        self.holder: dict[str, object] = {}
        # from here a signal closes the window (one noted earlier: as soon as the loop runs)
        self.signals = SignalQuit(self.close_and_quit, app, earlier=early)
        self.window = MainWindow()
        self.settings = WindowSettings()
        self.settings.restore_geometry(self.window)
        app.aboutToQuit.connect(self.about_to_quit)  # before qasync connects its own handler
        # macOS hands links over as events (ui/shell/link_events.py); elsewhere none come
        from licensedesk.ui.shell.link_events import watch_links

        self.links = watch_links(app, self.open_link)

    def open_link(self, link: str) -> None:
        """A link the OS handed over as an event: this start's own target while the desk
        is not built yet, else as a later start's (the window to the front, then looked up)."""
        serial = serial_in_link(link)
        if "desk" in self.holder:
            open_handed_over(self.window, self.holder["desk"], serial)
        else:
            self.args.target = serial

    def run(self) -> int:
        from PySide6.QtCore import QTimer  # QTimer, not Qt: Qt's first import makes its enums

        self.window.firstPainted.connect(self.painted)  # emitted once
        self.window.show()
        if self.args.quit_after is not None:
            QTimer.singleShot(self.args.quit_after, self.app.quit)
        return self.app.exec()

    def close_and_quit(self) -> None:
        self.window.close()
        self.app.quit()  # also when a dialog is open

    def about_to_quit(self) -> None:
        server = self.holder.get("instance_server")
        if server is not None:
            server.close()  # first: a start from now on opens a window of its own
        desk = self.holder.get("desk")
        if desk is not None:
            desk.close_blocking()

    def painted(self) -> None:
        from PySide6.QtCore import QTimer

        if self.args.report_start:
            print("painted", flush=True)
        QTimer.singleShot(0, self.after_paint)

    def after_paint(self) -> None:
        if self.signals.received is not None:
            return  # quitting: no demo service to start, no stores to open
        from PySide6.QtCore import QTimer

        from licensedesk.ui.shell.style import DeskStyle

        self.app.setStyle(DeskStyle())  # after the first paint, before the pages exist
        self.holder["desk"] = build(self.window, self.args, self.settings)
        from licensedesk.ui.updates import install_update_checks

        # a bundle's new version has now started once; then the checks (a bundle only)
        self.holder["updates"] = install_update_checks(self.window)
        # listening (QtNetwork and all) once the start page is usable
        QTimer.singleShot(0, lambda: serve_later_starts(self.channel, self.window, self.holder))
        if self.args.report_start:  # tests/bench/bench_ui_startup.py: times, then idle memory
            print("ready", flush=True)
            if self.args.target:  # tests/bench/bench_bundle_startup.py: the first lookup
                report_lookup(self.holder["desk"], self.window, self.app)
            else:
                QTimer.singleShot(500, lambda: (print_rss(), self.app.quit()))


def serve_later_starts(channel: str, window, holder: dict[str, object]) -> None:
    """Listen on ``channel`` for later starts (``holder["instance_server"]``): each brings
    the window to the front and opens its serial. Not when quitting already."""
    from PySide6.QtWidgets import QApplication

    from licensedesk.ui.shell.single_instance import InstanceServer

    if QApplication.closingDown() or not window.isVisible():
        return
    server = InstanceServer(channel, window)
    server.received.connect(lambda serial: open_handed_over(window, holder["desk"], serial))
    if server.listen():
        holder["instance_server"] = server


def open_handed_over(window, made, serial: str | None) -> None:
    """A later start's serial: the window to the front, then the serial opened as if it had
    been on this window's own command line (on the welcome page the desk is built first)."""
    from licensedesk.ui.shell.open_target import open_target
    from licensedesk.ui.shell.single_instance import bring_to_front
    from licensedesk.ui.shell.start import DeferredDesk

    bring_to_front(window)
    if serial:
        open_target(made.ensure() if isinstance(made, DeferredDesk) else made, serial)


def report_lookup(desk, window, app) -> None:
    """``--report-start`` with a serial: "looked-up" once its licence is painted (the card
    filled, the window repainted at once), then quit."""
    from PySide6.QtCore import QTimer

    def shown(_licence) -> None:
        window.repaint()
        print("looked-up", flush=True)
        QTimer.singleShot(0, app.quit)

    desk.lookup.controller.licenseLoaded.connect(shown)


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
