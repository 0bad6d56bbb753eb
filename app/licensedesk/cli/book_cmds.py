"""``licensedesk-cli find``: the licence book from the command line (docs/book.md).

The book is the one the history settings name (this computer's file, or the
team's database); these commands read it directly, as the history commands do.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _

from .errors import NETWORK, OK, REFUSED, CliError
from .errors import USAGE as USAGE_CODE
from .history_cmds import chosen_store

if TYPE_CHECKING:
    from licensedesk.book import BookStore, Sighting

    from .output import Printer


@contextlib.contextmanager
def open_book_store(args: argparse.Namespace, printer: Printer) -> Iterator[BookStore]:
    """The book to use, opened; its errors become the CLI's (3: a server not reached)."""
    from licensedesk.book import open_book
    from licensedesk.history import StoreError

    settings, secrets, kind = chosen_store(args, printer)
    if kind != settings.store:
        from dataclasses import replace

        settings = replace(settings, store=kind)
    try:
        book = open_book(settings, secrets=secrets)
        try:
            yield book
        finally:
            book.close()
    except StoreError as exc:
        raise CliError(exc.sentence, NETWORK if exc.network else USAGE_CODE) from None


def row_of(s: Sighting) -> dict[str, Any]:
    """One licence as ``find --json`` writes it (the columns of the table, and more)."""
    return {
        "serial": s.serial,
        "licensee": s.licensee,
        "email": s.email,
        "sku_name": s.sku_name,
        "sku_number": s.sku_number,
        "type": s.type,
        "end_at": s.end_at,
        "dealer": s.dealer,
        "as_of": s.seen_at,
        "profile": s.profile,
        "service": s.service,
        "note": s.note,
    }


def cmd_find(args: argparse.Namespace, printer: Printer) -> int:
    from licensedesk.book.folding import search_words

    from .errors import UsageError
    from .output import table_text

    text = " ".join(args.text)
    if not search_words(text):
        raise UsageError(_("Give a word of three characters or more to find."))
    with open_book_store(args, printer) as book:
        found = book.find(text)
    if printer.json_mode:
        printer.json([row_of(s) for s in found])
    elif found:
        # TRANSLATORS: column headers of the find table
        headers = [
            _("serial"),
            _("licensee"),
            _("e-mail"),
            _("SKU"),
            _("type"),
            _("ends"),
            _("as of"),
        ]
        printer.line(
            table_text(
                headers,
                [
                    [
                        s.serial,
                        s.licensee,
                        s.email,
                        s.sku_name or s.sku_number,
                        s.type,
                        s.end_at,
                        s.seen_at,
                    ]
                    for s in found
                ],
            )
        )
    else:
        printer.line(_("No licence in the book matches {text}.").format(text=repr(text)))
    return OK if found else REFUSED


# ---------------------------------------------------------------- book import / forget


def prepare_book(args: argparse.Namespace) -> str:
    """Before connecting: which action, and for ``import`` the serials (usage errors exit
    2, nothing sent). Returns ``import``, ``forget`` or ``retention``."""
    from .book_options import BOOK_USAGE
    from .errors import UsageError

    words = list(args.words)
    if len(words) != 2 or words[0] not in ("import", "forget", "retention"):
        raise UsageError(_("usage: {usage}").format(usage=BOOK_USAGE))
    if words[0] == "import":
        from licensedesk.batch.parse import parse_serials

        from .check import no_serial, read_input

        parsed = parse_serials(read_input(words[1]))
        if not parsed.serials:
            raise UsageError(no_serial(words[1], len(parsed.not_serials)))
        args.parsed = parsed
    return words[0]


async def cmd_import(client: Any, args: argparse.Namespace, printer: Printer, profile: Any) -> int:
    """Check every serial of the file (read-only); the client keeps each answer in the
    book. Ctrl+C stops sending; what was answered is kept."""
    import asyncio

    from licensedesk.batch.check import BatchCheck
    from licensedesk.i18n import ngettext

    from .check_output import Progress
    from .errors import INTERRUPTED

    batch = BatchCheck(
        client, args.parsed.serials, concurrency=args.concurrency or profile.batch_concurrency
    )
    progress = Progress(printer.err, batch.total)
    results: list[Any] = []

    def on_result(result: Any) -> None:
        results.append(result)
        progress.update(batch.done)

    try:
        await batch.run(on_result)
    except asyncio.CancelledError:
        progress.clear()
        printer.note(
            ngettext(
                "Interrupted: {done} of {total} serial checked and kept.",
                "Interrupted: {done} of {total} serials checked and kept.",
                batch.total,
            ).format(done=batch.done, total=batch.total)
        )
        return INTERRUPTED
    progress.clear()
    kept = sum(1 for r in results if r.found)
    errors = sum(1 for r in results if r.status == "error")
    missing = len(results) - kept - errors
    printer.result(
        {"kept": kept, "not_found": missing, "errors": errors},
        " ".join(
            [
                ngettext(
                    "{n} licence kept in the book.", "{n} licences kept in the book.", kept
                ).format(n=kept),
                ngettext("{n} serial not found.", "{n} serials not found.", missing).format(
                    n=missing
                )
                if missing
                else "",
                ngettext(
                    "{n} serial could not be checked.", "{n} serials could not be checked.", errors
                ).format(n=errors)
                if errors
                else "",
            ]
        ).strip(),
    )
    return NETWORK if errors else OK


def cmd_forget(args: argparse.Namespace, printer: Printer) -> int:
    """Count first, ask (or ``--yes``), then erase in one go."""
    from licensedesk.book.erase import forget, said
    from licensedesk.history import StoreError

    from .service import confirm

    who = args.words[1]
    _settings, _secrets, kind = chosen_store(args, printer)
    with open_book_store(args, printer) as book:
        try:
            counted = forget(book, who, dry_run=True)
            if not counted.total:
                printer.line(
                    _(
                        "Nothing in the book, its notes or the history names {who}: "
                        "nothing was changed."
                    ).format(who=repr(who))
                )
                return REFUSED
            question = _erase_question(who, counted)
            confirm(
                args,
                printer,
                _("{question} Add --yes to erase without a terminal.").format(question=question),
                question,
            )
            done = forget(book, who)
        except StoreError as exc:
            raise CliError(exc.sentence, NETWORK if exc.network else USAGE_CODE) from None
    printer.result({**done._asdict(), "left": list(done.left)}, said(done, team=kind == "team"))
    return OK


def _erase_question(who: str, counted: Any) -> str:
    from licensedesk.i18n import ngettext

    return ngettext(
        "Erase the name and e-mail of {who} from {n} record (licences {licences}, notes "
        "{notes}, history entries {history})?",
        "Erase the name and e-mail of {who} from {n} records (licences {licences}, notes "
        "{notes}, history entries {history})?",
        counted.total,
    ).format(who=repr(who), n=counted.total, **counted._asdict())


def cmd_retention(args: argparse.Namespace, printer: Printer) -> int:
    """``book retention DAYS|forever``: kept in the history settings, applied whenever the
    book is opened (by the window or a command)."""
    from dataclasses import replace

    from licensedesk.history import SettingsError, load_settings, save_settings

    from .errors import UsageError

    text = args.words[1].strip().lower()
    try:
        days = None if text in ("forever", "for-ever", "0") else int(text)
        settings = replace(load_settings(), book_days=days)
        save_settings(settings)
    except ValueError:
        raise UsageError(
            _("Give a number of days or 'forever', not {text}.").format(text=repr(args.words[1]))
        ) from None
    except SettingsError as exc:
        raise UsageError(exc.sentence) from None
    said = (
        _("The licence book keeps licences for ever.")
        if days is None
        else _(
            "The licence book keeps licences seen in the last {days} days; older ones "
            "leave it when it is next opened."
        ).format(days=days)
    )
    printer.result({"book_days": days}, said)
    return OK
