"""``licensedesk-cli``: the language, the arguments, and the one place errors become exit codes.

Lazy on purpose: building the parser (:mod:`.parser`) imports neither the client
(httpx and the models) nor the keyring, so ``--help`` and usage errors answer at
once; the commands' modules are imported once the arguments are known.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from licensedesk import i18n
from licensedesk.i18n import _

from . import recording, streams
from .errors import INTERNAL, INTERRUPTED, CliError, exit_code_for
from .parser import build_parser

if TYPE_CHECKING:
    from licensedesk.api import ApiError

    from .output import Printer


async def _run_service(args: argparse.Namespace, printer: Printer) -> int:
    from licensedesk.api import LicenseClient
    from licensedesk.book.observer import BookObserver

    from . import service
    from .connection import resolve_connection

    conn = resolve_connection(args, printer)
    recorder = None
    if recording.records(args):
        recorder = recording.open_recorder(conn.profile, printer)
    keeper = recording.open_keeper()
    try:
        async with LicenseClient(conn.config) as client:
            client.on_seen = BookObserver(keeper, conn.profile.name, conn.profile.base_url)
            if args.command == "check":
                from . import check

                return await check.cmd_check(client, args, printer, conn.profile, recorder=recorder)
            if args.command == "book":
                from .book_cmds import cmd_import

                return await cmd_import(client, args, printer, conn.profile, keeper)
            if args.command == "upgrade":
                from .upgrade_cmd import cmd_upgrade as run
            else:
                run = service.COMMANDS[args.command]
            return await run(service.ServiceRun(client, args, printer, recorder))
    finally:
        if recorder is not None:
            await recorder.aclose()
        await recording.close_keeper(keeper)
        if keeper.problem:  # a book import's own error; a lookup's warning beside its answer
            (printer.error if args.command == "book" else printer.warn)(keeper.problem)


def _report(
    printer: Printer, exc: ApiError | CliError, code: int, sentence: str | None = None
) -> None:
    """``sentence``: what to say when it is more than ``exc``'s own (where to fix a key)."""
    sentence = sentence or exc.sentence
    printer.error(sentence)
    details = None if isinstance(exc, CliError) else exc.details.describe()
    if printer.verbose and details:
        printer.note(details)
    if printer.json_mode:
        error = {"type": type(exc).__name__, "sentence": sentence, "exit_code": code}
        if printer.verbose and details:
            error["details"] = details
        printer.json({"error": error})


def _quiet_library_logs() -> None:
    """stderr holds the CLI's own sentences. Without a handler, Python's last resort would
    print the library's log warnings too (a keyring failing when used: a second, raw line
    beside the CLI's own)."""
    import logging

    logger = logging.getLogger("licensedesk")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (the console script exits with it).

    The language is chosen first (``--lang``, the saved setting, the system), so that
    ``--help`` and argparse's messages about our options are translated too."""
    argv = sys.argv[1:] if argv is None else list(argv)
    i18n.choose_language(i18n.lang_in_argv(argv))  # not build_parser's: man pages stay English
    closed = streams.prepare_streams()
    try:
        args = parse_arguments(build_parser(commands=set(argv)), argv)
    except SystemExit as exc:  # --help, --version, usage errors (argparse prints them)
        return streams.after_argparse(exc.code if isinstance(exc.code, int) else 2)
    except BrokenPipeError:  # --help into `| head -1`
        streams.silence_stdout()
        return streams.BROKEN_PIPE
    if args.lang and args.lang != i18n.current_language():  # an abbreviation (--la de)
        i18n.use_language(args.lang)
    _quiet_library_logs()
    from .output import Printer

    printer = Printer(json_mode=args.json, verbose=args.verbose)
    printer.lost = closed
    code = _dispatch(args, printer)
    lost = printer.lost or streams.flush_stdout()
    if lost is not None:
        printer.note_once(streams.lost_sentence(lost))
    return streams.final_code(code, lost, changed=recording.changes(args))


def parse_arguments(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The arguments; ``history``'s words may stand on either side of its options
    (``history export --since DATE FILE``), as docs/cli.md writes them."""
    args, extras = parser.parse_known_args(argv)
    if extras and (
        args.command != "history" or any(e.startswith("-") and e != "-" for e in extras)
    ):  # "-": stdin/out
        parser.parse_args(argv)  # argparse's own "unrecognized arguments" and exit 2
    if extras:
        args.words = [*args.words, *extras]
    return args


def _dispatch(args: argparse.Namespace, printer: Printer) -> int:
    """Run the command; every error becomes its sentence and exit code."""
    from licensedesk.api import ApiError
    from licensedesk.profiles import ProfileError

    try:
        if args.command == "profile":
            from . import profile_cmds

            return profile_cmds.PROFILE_COMMANDS[args.profile_command](args, printer)
        if args.command == "history":
            from . import history_cmds

            return history_cmds.run(args, printer)
        if args.command == "find":
            from . import book_cmds

            return book_cmds.cmd_find(args, printer)
        if args.command == "expiring":
            from . import expiring

            return expiring.cmd_expiring(args, printer)
        if args.command == "timeline":
            from . import timeline

            return timeline.cmd_timeline(args, printer)
        if args.command == "book":
            from . import book_cmds

            action = book_cmds.prepare_book(args)
            if action != "import":
                run = book_cmds.cmd_forget if action == "forget" else book_cmds.cmd_retention
                return run(args, printer)
        from . import service

        service.precheck(args)
        if args.command == "check":
            from . import check

            check.prepare(args)
        from licensedesk.api.offload import staying_on_loop

        from .interruptible import run_interruptible

        with staying_on_loop():  # no frames to keep: no worker thread's hand-offs
            return run_interruptible(_run_service(args, printer))
    except ApiError as exc:
        from .remedies import told

        code = exit_code_for(exc)
        _report(printer, exc, code, told(exc, args))
        return code
    except CliError as exc:
        _report(printer, exc, exc.code)
        return exc.code
    except ProfileError as exc:
        err = CliError(exc.sentence)
        _report(printer, err, err.code)
        return err.code
    except KeyboardInterrupt:
        printer.note(_("Interrupted."))
        return INTERRUPTED
    except BrokenPipeError as exc:  # written past the Printer: the command stopped there
        printer.lost = streams.loss_of(exc)
        streams.silence_stdout()
        return streams.BROKEN_PIPE
    except Exception as exc:  # a bug: a sentence, not a traceback
        err = CliError(
            _(
                "Internal error ({error}). This is a bug in License Desk; run again with "
                "--verbose and report it."
            ).format(error=f"{type(exc).__name__}: {exc}"),
            INTERNAL,
        )
        _report(printer, err, INTERNAL)
        return INTERNAL
