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
    return {"serial": s.serial, "licensee": s.licensee, "email": s.email,
            "sku_name": s.sku_name, "sku_number": s.sku_number, "type": s.type,
            "end_at": s.end_at, "dealer": s.dealer, "as_of": s.seen_at,
            "profile": s.profile, "service": s.service, "note": s.note}  # fmt: skip


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
        headers = [_("serial"), _("licensee"), _("e-mail"), _("SKU"), _("type"), _("ends"),
                   _("as of")]  # fmt: skip
        printer.line(table_text(headers, [
            [s.serial, s.licensee, s.email, s.sku_name or s.sku_number, s.type, s.end_at,
             s.seen_at] for s in found]))  # fmt: skip
    else:
        printer.line(_("No licence in the book matches {text}.").format(text=repr(text)))
    return OK if found else REFUSED
