"""``licensedesk-cli history``: read, export and import the history of changes.

    history [SERIAL] [--since DATE] [--until DATE] [--action A] [--person P]
            [--outcome O] [--search TEXT] [--limit N] [--store local|team] [--json|--csv]
    history export [--since DATE] [--until DATE] [--csv] [FILE|-]   (:mod:`.history_stream`)
    history import FILE|-                                    (:mod:`.history_import`)
    history prune [--older-than MONTHS | --before DATE] FILE (:mod:`.history_prune`)
    history use postgresql://USER@HOST[:PORT]/DB | local   (:mod:`.history_use`)

The store is the one ``history.json`` names (local by default); ``--store``
picks the other for one command (export from the local file, import into the
team database). These commands talk to the store directly: there is no UI
thread to spare here. The parser is built by :mod:`.history_options`, which
imports nothing else (``--help`` and ``--version`` stay light).
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _

from .errors import NETWORK, CliError, UsageError, as_usage_error, one_output_format
from .errors import USAGE as USAGE_CODE

if TYPE_CHECKING:  # .output loads the models: not while building the parser
    from .output import Printer

from .history_options import USAGE
from .when import parse_when

# ---------------------------------------------------------------- arguments


def _query(args: argparse.Namespace, serial: str | None):
    from licensedesk.history import EntryError, HistoryQuery

    if args.limit is not None and args.limit < 1:
        raise UsageError(_("--limit must be 1 or more."))
    try:
        return HistoryQuery(
            serial=serial,
            person=args.person,
            action=args.action,
            outcome=args.outcome,
            since=parse_when(args.since) if args.since else None,
            until=parse_when(args.until, end_of_day=True) if args.until else None,
            text=args.search,
            limit=args.limit,
        )
    except EntryError as exc:
        raise UsageError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None


# ---------------------------------------------------------------- the store


def chosen_store(args: argparse.Namespace, printer: Printer) -> tuple[Any, Any, str]:
    """(the history settings, the keyring for a team store or None, ``local`` or
    ``team``): where the history and the licence book are, ``--store`` first."""
    from licensedesk.history import SettingsError, load_settings

    with as_usage_error(SettingsError):
        settings = load_settings()
    kind = getattr(args, "store", None) or settings.store
    secrets = None
    if kind == "team":
        if not settings.team_url:
            raise UsageError(
                _(
                    "No team database is set: choose one with 'licensedesk-cli history use "
                    "postgresql://…' or in the window's history settings."
                )
            )
        import os

        from licensedesk.profiles import SecretStore
        from licensedesk.storage.settings import PASSWORD_VARIABLE

        secrets = SecretStore()
        given = bool(os.environ.get(PASSWORD_VARIABLE))
        printer.note_once(None if secrets.persistent or given else secrets.warning)
    return settings, secrets, kind


@contextlib.contextmanager
def opened(args: argparse.Namespace, printer: Printer, *, book: bool = False) -> Iterator[Any]:
    """The history store (``book``: the licence book beside it) where
    :func:`chosen_store` says, opened and closed after; its errors become the CLI's (3
    when a server could not be reached, else 2)."""
    from licensedesk.history import StoreError

    settings, secrets, kind = chosen_store(args, printer)
    try:
        if book:
            from dataclasses import replace

            from licensedesk.book import open_book

            store = open_book(replace(settings, store=kind), secrets=secrets)
        else:
            from licensedesk.history import open_store

            store = open_store(settings, secrets=secrets, store=kind)
        try:
            yield store
        finally:
            store.close()
    except StoreError as exc:
        raise CliError(exc.sentence, NETWORK if exc.network else USAGE_CODE) from None


# ---------------------------------------------------------------- commands


def run(args: argparse.Namespace, printer: Printer) -> int:
    words = list(args.words)
    if words and words[0] == "use":
        if len(words) != 2:
            raise UsageError(_("usage: {usage}").format(usage=USAGE))
        from .history_use import cmd_use

        return cmd_use(args, printer, words[1])
    if words and words[0] in ("export", "import", "prune"):
        command, rest = words[0], words[1:]
        if len(rest) > 1 or (command != "export" and not rest):
            raise UsageError(_("usage: {usage}").format(usage=USAGE))
        return _COMMANDS[command](args, printer, *rest)
    if len(words) > 1:
        raise UsageError(_("Give one serial at most (usage: {usage}).").format(usage=USAGE))
    serial = None
    if words:
        from licensedesk.api.serials import normalize_serial

        serial = normalize_serial(words[0])
    return cmd_list(args, printer, serial)


def cmd_list(args: argparse.Namespace, printer: Printer, serial: str | None) -> int:
    """Newest first, written as it is read (:mod:`.history_stream`)."""
    from . import history_stream

    one_output_format(args)
    query = _query(args, serial)
    with opened(args, printer) as store:
        return history_stream.cmd_list(printer, store, query, serial, csv=args.csv)


def cmd_export(args: argparse.Namespace, printer: Printer, target: str = "-") -> int:
    """Oldest first, JSON lines or CSV, written as it is read (:mod:`.history_stream`)."""
    from . import history_stream

    one_output_format(args)
    query = _query(args, None)
    with opened(args, printer) as store:
        return history_stream.cmd_export(args, printer, store, query, target)


def cmd_import(args: argparse.Namespace, printer: Printer, source: str) -> int:
    from .history_import import cmd_import as run_import

    return run_import(args, printer, opened, source)


def cmd_prune(args: argparse.Namespace, printer: Printer, target: str) -> int:
    from .history_prune import cmd_prune as run_prune

    settings, _secrets, _kind = chosen_store(args, printer)
    return run_prune(args, printer, opened, target, settings.keep_months)


_COMMANDS = {"export": cmd_export, "import": cmd_import, "prune": cmd_prune}
