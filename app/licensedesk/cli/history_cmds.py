"""``licensedesk-cli history``: read, export and import the history of changes.

    history [SERIAL] [--since DATE] [--until DATE] [--action A] [--person P]
            [--outcome O] [--search TEXT] [--limit N] [--store local|team] [--json]
    history export [--since DATE] [FILE|-]
    history import FILE
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
import sys
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from licensedesk import clock
from licensedesk.i18n import _, ngettext

from .errors import INTERRUPTED, NETWORK, OK, CliError, UsageError
from .errors import USAGE as USAGE_CODE

if TYPE_CHECKING:  # .output loads the models: not while building the parser
    from licensedesk.history import Entry, HistoryStore

    from .output import Printer

from .history_options import USAGE

# ---------------------------------------------------------------- arguments


def parse_when(text: str, *, end_of_day: bool = False) -> datetime:
    """``YYYY-MM-DD`` (local midnight; with ``end_of_day`` the next midnight) or an ISO
    date and time (local time unless it names its offset)."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(
            _("{text} is not a date: write it as YYYY-MM-DD or YYYY-MM-DDTHH:MM.").format(
                text=repr(text)
            )
        ) from None
    if len(text.strip()) <= 10:  # a day: its first instant, or the next day's
        day = moment.date()
        return clock.end_of_day(day) if end_of_day else clock.start_of_day(day)
    if moment.tzinfo is None:
        moment = moment.astimezone()  # local time
    return moment.astimezone(UTC)


def _query(args: argparse.Namespace, serial: str | None):
    from licensedesk.history import EntryError, HistoryQuery

    if args.limit is not None and args.limit < 1:
        raise UsageError(_("--limit must be 1 or more."))
    try:
        return HistoryQuery(
            serial=serial, person=args.person, action=args.action, outcome=args.outcome,
            since=parse_when(args.since) if args.since else None,
            until=parse_when(args.until, end_of_day=True) if args.until else None,
            text=args.search, limit=args.limit,
        )  # fmt: skip
    except EntryError as exc:
        raise UsageError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None


# ---------------------------------------------------------------- the store


def chosen_store(args: argparse.Namespace, printer: Printer) -> tuple[Any, Any, str]:
    """(the history settings, the keyring for a team store or None, ``local`` or
    ``team``): where the history and the licence book are, ``--store`` first."""
    from licensedesk.history import SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError as exc:
        raise UsageError(exc.sentence) from None
    kind = getattr(args, "store", None) or settings.store
    secrets = None
    if kind == "team":
        if not settings.team_url:
            raise UsageError(
                _("No team database is set: choose one with 'licensedesk-cli history use "
                  "postgresql://…' or in the window's history settings.")
            )  # fmt: skip
        import os

        from licensedesk.history.settings import PASSWORD_VARIABLE
        from licensedesk.profiles import SecretStore

        secrets = SecretStore()
        given = bool(os.environ.get(PASSWORD_VARIABLE))
        printer.note_once(None if secrets.persistent or given else secrets.warning)
    return settings, secrets, kind


@contextlib.contextmanager
def _store(args: argparse.Namespace, printer: Printer) -> Iterator[HistoryStore]:
    """The store to use, opened; its errors become the CLI's (3 when a server could not be
    reached, else 2)."""
    from licensedesk.history import StoreError, open_store

    settings, secrets, kind = chosen_store(args, printer)
    try:
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
    if words and words[0] in ("export", "import"):
        command, rest = words[0], words[1:]
        if len(rest) > 1 or (command == "import" and not rest):
            raise UsageError(_("usage: {usage}").format(usage=USAGE))
        return (cmd_export if command == "export" else cmd_import)(args, printer, *rest)
    if len(words) > 1:
        raise UsageError(_("Give one serial at most (usage: {usage}).").format(usage=USAGE))
    serial = None
    if words:
        from licensedesk.api.serials import normalize_serial

        serial = normalize_serial(words[0])
    return cmd_list(args, printer, serial)


def cmd_list(args: argparse.Namespace, printer: Printer, serial: str | None) -> int:
    query = _query(args, serial)
    with _store(args, printer) as store:
        entries = store.query(query)
    if printer.json_mode:
        from licensedesk.history.transfer import export_lines

        for line in export_lines(entries, ascii_only=True):
            printer.raw(printer.scrub(line))
        return OK
    if not entries:
        printer.line(_("No history for {serial}.").format(serial=serial) if serial
                     else _("No history matches."))  # fmt: skip
        return OK
    printer.line(history_table(entries, with_serial=serial is None))
    return OK


def history_table(entries: Sequence[Entry], *, with_serial: bool) -> str:
    """The entries for people: headers in the language in use; the action and the count
    names (``batch_check``, ``not_found``) are the stored keys, as ``--action`` takes them."""
    from .output import table_text

    rows = []
    for e in entries:
        devices = ", ".join(str(i) for i in e.activation_ids)
        what = e.action + (f" {devices}" if devices else "")
        if e.counts:
            what += " (" + ", ".join(f"{k} {v}" for k, v in e.counts.items()) + ")"
        row: list[Any] = [e.time, e.person, what, e.outcome_text]
        if with_serial:
            row.insert(2, e.serial)
        rows.append(row)
    # TRANSLATORS: column headers of the history table
    headers = [_("when"), _("who"), _("what"), _("outcome")]
    if with_serial:
        headers.insert(2, _("serial"))
    return table_text(headers, rows)


def cmd_export(args: argparse.Namespace, printer: Printer, target: str = "-") -> int:
    from licensedesk.history.transfer import export_lines

    since = parse_when(args.since) if args.since else None
    with _store(args, printer) as store:
        entries = list(store.export(since))
    if target == "-":
        for line in export_lines(entries, ascii_only=True):
            printer.raw(printer.scrub(line))
    else:
        from licensedesk.display_text import json_safe

        lines = [json_safe(printer.scrub(line)) + "\n" for line in export_lines(entries)]
        _write_file(Path(target), lines)
        printer.note(ngettext("Exported {n} entry to {file}.", "Exported {n} entries to {file}.",
                              len(entries)).format(n=len(entries), file=target))  # fmt: skip
    return OK


def _write_file(path: Path, lines: list[str]) -> None:
    """Write all or nothing: a temporary file next to it, moved over it at the end."""
    from licensedesk.paths import replace_file

    try:
        replace_file(path, "".join(lines))
    except OSError as exc:
        raise UsageError(_("The file {file} cannot be written ({reason}).").format(
            file=path, reason=exc.strerror or exc)) from None


def cmd_import(args: argparse.Namespace, printer: Printer, source: str) -> int:
    from licensedesk.history.transfer import ImportError_, read_lines

    try:
        if source == "-":
            entries = read_lines(sys.stdin, source=_("standard input"))
        else:
            with open(source, encoding="utf-8") as fh:
                entries = read_lines(fh, source=source)
    except OSError as exc:
        raise UsageError(_("The file {file} cannot be read ({reason}).").format(
            file=source, reason=exc.strerror or exc)) from None
    except (ImportError_, UnicodeDecodeError) as exc:
        raise UsageError(str(exc)) from None
    with _store(args, printer) as store:
        try:
            added = store.import_entries(entries)
        except KeyboardInterrupt:
            raise CliError(_(
                "Import interrupted: the entries are added in one go, so either all of them "
                "or none are there; importing the file again adds what is missing."
            ), INTERRUPTED) from None  # fmt: skip
    there = len(entries) - added
    printer.result(
        {"read": len(entries), "added": added, "already_there": there},
        ngettext("Read {n} entry from {file}: {added} added, {there} already there.",
                 "Read {n} entries from {file}: {added} added, {there} already there.",
                 len(entries)).format(n=len(entries), file=source, added=added, there=there),
    )
    return OK
