"""``licensedesk-cli find``: the licence book from the command line (docs/book.md).

The book is the one the history settings name (this computer's file, or the
team's database); these commands read it directly, as the history commands do.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import N_, _, ngettext

from .errors import NETWORK, OK, REFUSED
from .errors import USAGE as USAGE_CODE
from .history_cmds import chosen_store, opened

if TYPE_CHECKING:
    from licensedesk.book import BookKeeper, Sighting

    from .output import Printer


# TRANSLATORS: ``licensedesk-cli find`` when the licence book holds no licence at all
EMPTY_BOOK = N_(
    "The licence book is empty, so nothing can match {text}. It fills with every licence "
    "this desk reads (licensedesk-cli show SERIAL, check, validate, register), with "
    "licensedesk-cli book import FILE, or from a team database (licensedesk-cli history "
    "use postgresql://\u2026)."
)


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
    with opened(args, printer, book=True) as book:
        found = book.find(text)
        empty = not found and not book.count()
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
    elif empty:
        printer.line(_(EMPTY_BOOK).format(text=repr(text)))
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
        from .check import read_serials

        args.parsed = read_serials(words[1])
    return words[0]


async def cmd_import(
    client: Any, args: argparse.Namespace, printer: Printer, profile: Any, keeper: BookKeeper
) -> int:
    """Check every serial of the file (read-only); the client hands each answer to the
    book. Ctrl+C stops sending; what was answered is kept. The count said is the book's:
    the licences whose writes were committed, once every write has ended (a book that
    could not be written keeps fewer than were read, and the exit code says so)."""
    import asyncio

    from licensedesk.batch.check import BatchCheck

    from .check_output import Progress
    from .errors import INTERRUPTED
    from .recording import close_keeper

    batch = BatchCheck(
        client, args.parsed.serials, concurrency=args.concurrency or profile.batch_concurrency
    )
    progress = Progress(printer.err, batch.total)
    results: list[Any] = []

    def on_result(result: Any) -> None:
        results.append(result)
        progress.update(batch.done)

    interrupted = False
    try:
        await batch.run(on_result)
    except asyncio.CancelledError:
        interrupted = True
    progress.clear()
    await close_keeper(keeper)
    read = sum(1 for r in results if r.found)
    errors = sum(1 for r in results if r.status == "error")
    if interrupted:
        printer.note(_("Interrupted before every serial was checked."))
    _say_imported(printer, keeper.kept, read, len(results) - read - errors, errors)
    if interrupted:
        return INTERRUPTED
    if errors:
        return NETWORK
    if keeper.kept < read:
        return NETWORK if keeper.network else USAGE_CODE
    return OK


def _say_imported(printer: Printer, kept: int, read: int, missing: int, errors: int) -> None:
    """What an import kept (counted from the book's committed writes) and what it could
    not check, in one line."""
    said = [
        ngettext("{n} licence kept in the book.", "{n} licences kept in the book.", kept).format(
            n=kept
        )
        if kept >= read
        else ngettext(
            "{kept} of {n} licence kept in the book.",
            "{kept} of {n} licences kept in the book.",
            read,
        ).format(kept=kept, n=read)
    ]
    if missing:
        said.append(
            ngettext("{n} serial not found.", "{n} serials not found.", missing).format(n=missing)
        )
    if errors:
        said.append(
            ngettext(
                "{n} serial could not be checked.", "{n} serials could not be checked.", errors
            ).format(n=errors)
        )
    printer.result(
        {"kept": kept, "read": read, "not_found": missing, "errors": errors}, " ".join(said)
    )


def cmd_forget(args: argparse.Namespace, printer: Printer) -> int:
    """Count first, ask (or ``--yes``), then erase in one go."""
    from licensedesk.book.erase import nothing_named, said
    from licensedesk.book.erase import question as erase_question

    from .asking import confirm

    who = args.words[1]
    _settings, _secrets, kind = chosen_store(args, printer)
    with opened(args, printer, book=True) as book:  # a StoreError: the CLI's error there
        counted = book.forget(who, dry_run=True)
        if not counted.total:
            printer.line(nothing_named(repr(who)))
            return REFUSED
        confirm(args, printer, erase_question(repr(who), counted))
        done = book.forget(who)
    printer.result({**done._asdict(), "left": list(done.left)}, said(done, team=kind == "team"))
    return OK


def cmd_retention(args: argparse.Namespace, printer: Printer) -> int:
    """``book retention DAYS|forever``: kept in the history settings, applied whenever the
    book is opened (by the window or a command)."""
    from dataclasses import replace

    from licensedesk.history import SettingsError, load_settings, save_settings

    from .errors import UsageError, as_usage_error
    from .options import count_or_forever

    try:
        days = count_or_forever(args.words[1])
    except ValueError:
        raise UsageError(
            _("Give a number of days or 'forever', not {text}.").format(text=repr(args.words[1]))
        ) from None
    with as_usage_error(SettingsError):  # a damaged file, a number out of range: its words
        save_settings(replace(load_settings(), book_days=days))
    said = (
        _("The licence book keeps licences for ever.")
        if days is None
        else ngettext(
            "The licence book keeps licences seen in the last {days} day; older ones "
            "leave it when it is next opened.",
            "The licence book keeps licences seen in the last {days} days; older ones "
            "leave it when it is next opened.",
            days,
        ).format(days=days)
    )
    printer.result({"book_days": days}, said)
    return OK
