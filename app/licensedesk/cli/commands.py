"""``licensedesk-cli``: argument parsing and the one place errors become exit codes.

Lazy on purpose: building the parser imports neither the client (httpx and
the models) nor the keyring, so ``--help`` and usage errors answer at once;
the commands' modules are imported once the arguments are known.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Collection
from typing import TYPE_CHECKING

from licensedesk import __version__, i18n
from licensedesk.i18n import N_, _
from licensedesk.translated_parser import TranslatedParser

from . import history_options, streams
from .errors import INTERNAL, INTERRUPTED, OK, CliError, exit_code_for
from .options import ENV_KEY, ENV_PROFILE, ENV_WRITE_KEY, add_profile_field_options

if TYPE_CHECKING:
    from licensedesk.api import ApiError

    from .output import Printer

#: the --help epilog; ``{key}`` and the like are the environment variables' names
EPILOG = N_("""\
exit codes: 0 success; 1 the service said no (also: not valid, not suitable);
2 usage or invalid input; 3 network or bad response; 4 internal error;
130 interrupted. check: 3 if any serial could not be checked, else 1 if any is
not found, invalid, expired or not started.
environment: {key}, {write_key} (api_keys; never on the command line),
{profile} (default --profile), {config_dir} (profiles and history
settings folder), {data_dir} (the local history's folder).
See docs/cli.md.""")


def _epilog() -> str:
    return _(EPILOG).format(
        key=f"${ENV_KEY}", write_key=f"${ENV_WRITE_KEY}", profile=f"${ENV_PROFILE}",
        config_dir="$LICENSEDESK_CONFIG_DIR", data_dir="$LICENSEDESK_DATA_DIR",
    )  # fmt: skip


def lang_from_argv(argv: list[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` wherever it is (before or after the command),
    or None. Read before the parser is built, so that ``--help`` is in that language; the
    parser checks the value afterwards (an unknown one: argparse's exit 2)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang":
            return argv[i + 1] if i + 1 < len(argv) else None
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
    return None


def choose_language(requested: str | None) -> str:
    """``--lang``, else the window's saved choice, else the system's; returns the code in
    use. Only :func:`main` calls this: :func:`build_parser` alone stays in the language
    already in use (English), so man pages and completion are built in English."""
    return i18n.use_language(
        i18n.resolve_language(requested, i18n.saved_language(), i18n.system_languages())
    )


def _common(*, top: bool) -> argparse.ArgumentParser:
    """Options accepted before and after the sub-command."""
    sup = {} if top else {"default": argparse.SUPPRESS}
    p = TranslatedParser(add_help=False)
    p.add_argument("--json", action="store_true", help=_("machine-readable output"), **sup)
    p.add_argument(
        "-v", "--verbose", action="store_true", help=_("print error details (keys redacted)"),
        **sup,
    )
    p.add_argument(
        "--lang", choices=tuple(i18n.LANGUAGES), metavar="LANG",
        help=_("language of the output and help ({choices}); default: the one chosen in the "
               "window, else the system's").format(choices=", ".join(i18n.LANGUAGES)),
        **sup,
    )  # fmt: skip
    return p


def _connection(*, top: bool) -> argparse.ArgumentParser:
    sup = {} if top else {"default": argparse.SUPPRESS}
    p = TranslatedParser(add_help=False)
    p.add_argument(
        "--profile", metavar="NAME",
        help=_("connection profile (or {variable})").format(variable=f"${ENV_PROFILE}"), **sup,
    )  # fmt: skip
    return p


def _concurrency(text: str) -> int:
    """``--concurrency``: a whole number from 1 to 32 (argparse says so otherwise)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text))
        ) from None
    if not 1 <= value <= 32:
        raise argparse.ArgumentTypeError(_("must be from 1 to 32, not {value}").format(value=value))
    return value


def build_parser(commands: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser; whole by default (man pages and completion read it).

    With ``commands``, only those sub-commands get their options and help; the others
    are listed by name and one line, as ``--help`` shows them. :func:`main` passes the
    words of its arguments: one command runs, and the options of all fourteen were
    most of the parser's cost (~3 ms of each start, issue #14)."""

    def wanted(name: str) -> bool:
        return commands is None or name in commands

    parser = TranslatedParser(
        prog="licensedesk-cli",
        description=_("License Management Service /v2 from the command line."),
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[_common(top=True), _connection(top=True)],
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def service_cmd(name: str, help_: str) -> argparse.ArgumentParser:
        if not wanted(name):  # listed only; its options go to a parser nobody reads
            sub.add_parser(name, help=help_, add_help=False)
            return TranslatedParser(add_help=False)
        p = sub.add_parser(
            name,
            help=help_,
            description=help_,
            parents=[_common(top=False), _connection(top=False)],
        )
        add_profile_field_options(p, for_profile=False)
        return p

    p = service_cmd("show", _("show a licence"))
    p.add_argument("serial")

    p = service_cmd("products", _("list the products of a licence (needs the write pair)"))
    p.add_argument("serial")
    p.add_argument("--reveal-secrets", action="store_true",
                   help=_("show product key and signatures"))

    p = service_cmd("activations", _("list the activations (devices) of a licence"))
    p.add_argument("serial")

    for name, help_ in (("activate", _("switch on an activation")),
                        ("deactivate", _("switch off an activation"))):
        p = service_cmd(name, help_)
        p.add_argument("id", type=int, help=_("activation id"))

    p = service_cmd("delete-activation", _("delete an activation (asks first)"))
    p.add_argument("id", type=int, help=_("activation id"))
    p.add_argument("--serial", help=_("its licence: names the device in the question"))
    p.add_argument("-y", "--yes", action="store_true", help=_("do not ask"))

    p = service_cmd("validate", _("validate a serial for a product"))
    p.add_argument("serial")
    p.add_argument("--product", required=True, metavar="CODE", help=_("product code (UUID)"))
    p.add_argument("--host-id", help=_("32-character device id to record"))
    p.add_argument("--device-tag", help=_("e.g. {example}").format(example="'Windows 11__64bits'"))
    p.add_argument(
        "--this-machine", action="store_true", help=_("record this computer's host id and tag")
    )

    p = service_cmd("upgrade", _("upgrade a licence from another one (deletes the current one)"))
    p.add_argument("current", help=_("serial of the current licence (will be deleted)"))
    p.add_argument("upgrade", help=_("serial of the upgrade licence"))
    p.add_argument("-y", "--yes", action="store_true", help=_("do not ask"))

    p = service_cmd("check", _("check many serials at once (reads only; one result per serial)"))
    p.description = _(
        "Check every serial found in FILE (or standard input): one per line, separated by "
        "commas, a CSV column, or mixed with other words. Repeats are checked once; what "
        "only looks like a serial is listed as 'not a serial' and never sent. One result per "
        "serial, in input order. Exit: 0 all active, 1 any not found / invalid / expired / "
        "not started, 3 any could not be checked, 2 no serial in the input."
    )
    p.add_argument(
        "file", nargs="?", default="-", metavar="FILE",
        help=_("text or CSV holding serials; '-' or none: standard input"),
    )  # fmt: skip
    p.add_argument(
        "--product", metavar="CODE",
        help=_("also validate each serial for this product (never records a host)"),
    )  # fmt: skip
    p.add_argument(
        "--concurrency", type=_concurrency, metavar="N",
        help=_("requests in flight at once, 1 to 32 (default: the profile's, else 8)"),
    )  # fmt: skip
    p.add_argument("--csv", action="store_true", help=_("CSV with a header instead of text"))
    # --json (JSON lines for check) comes with the common options

    p = service_cmd("registration", _("is a licence suitable for registration?"))
    p.add_argument("serial")

    p = service_cmd("register", _("set registration data on an offline-distribution licence"))
    p.add_argument("serial")
    p.add_argument("--name", required=True)
    p.add_argument("--email", required=True)
    p.add_argument("--sku-number")

    if wanted("history"):
        history_options.add_history_parser(sub, [_common(top=False)])
    else:
        sub.add_parser("history", help=_(history_options.HELP), add_help=False)

    prof = sub.add_parser("profile", help=_("connection profiles"),
                          description=_("connection profiles"))
    if not wanted("profile"):
        return parser
    psub = prof.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    common = [_common(top=False)]
    p = psub.add_parser(
        "add",
        parents=common,
        help=_("add a profile (keys: hidden prompt or environment)"),
        description=_(
            "Add a profile. api_keys are read from a hidden prompt, or from {key} (read pair) "
            "and {write_key} (write pair); never from the command line. They go to the OS "
            "keyring only."
        ).format(key=f"${ENV_KEY}", write_key=f"${ENV_WRITE_KEY}"),
    )
    p.add_argument("name")
    add_profile_field_options(p, for_profile=True)
    p.add_argument("--replace", action="store_true", help=_("overwrite a profile of that name"))
    psub.add_parser("list", parents=common, help=_("list profiles"))
    for name, help_ in (
        ("show", _("show a profile (never its keys)")),
        ("remove", _("remove a profile and its keys")),
        ("test", _("check the credentials without changing anything")),
    ):
        psub.add_parser(name, parents=common, help=help_).add_argument("name")
    return parser


async def _run_service(args: argparse.Namespace, printer: Printer) -> int:
    from licensedesk.api import LicenseClient

    from . import recording, service
    from .connection import resolve_connection

    conn = resolve_connection(args, printer)
    recorder = None
    if recording.records(args):
        recorder = recording.open_recorder(conn.profile, printer)
    try:
        async with LicenseClient(conn.config) as client:
            if args.command == "check":
                from . import check

                return await check.cmd_check(client, args, printer, conn.profile,
                                             recorder=recorder)  # fmt: skip
            return await service.COMMANDS[args.command](client, args, printer,
                                                        recorder=recorder)  # fmt: skip
    finally:
        if recorder is not None:
            await recorder.aclose()


def _report(printer: Printer, exc: ApiError | CliError, code: int) -> None:
    printer.note(_("Error: {sentence}").format(sentence=exc.sentence))
    details = None if isinstance(exc, CliError) else exc.details.describe()
    if printer.verbose and details:
        printer.note(details)
    if printer.json_mode:
        error = {"type": type(exc).__name__, "sentence": exc.sentence, "exit_code": code}
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
    choose_language(lang_from_argv(argv))
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
    return streams.final_code(code, lost, changed=streams.changes(args))


def parse_arguments(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The arguments; ``history``'s words may stand on either side of its options
    (``history export --since DATE FILE``), as docs/cli.md writes them."""
    args, extras = parser.parse_known_args(argv)
    if extras and (args.command != "history" or any(e.startswith("-") for e in extras)):
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
        from . import service

        service.precheck(args)
        if args.command == "check":
            from . import check

            check.prepare(args)
        import asyncio

        return asyncio.run(_run_service(args, printer))
    except ApiError as exc:
        code = exit_code_for(exc)
        _report(printer, exc, code)
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
            _("Internal error ({error}). This is a bug in License Desk; run again with "
              "--verbose and report it.").format(error=f"{type(exc).__name__}: {exc}"),
            INTERNAL,
        )
        _report(printer, err, INTERNAL)
        return INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

__all__ = ["OK", "build_parser", "main"]
