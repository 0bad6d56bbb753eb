"""``licensedesk-cli check [FILE|-]``: many serials at once over one client (docs/cli.md).

The same reading of the input and the same engine as the window's batch check
(:mod:`licensedesk.batch`): reads only, never a host. Results go out one per
serial in input order, as soon as every row before them is out; Ctrl+C stops
sending, writes what was answered and exits 130.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from typing import TYPE_CHECKING

from licensedesk.batch.check import BatchCheck, stopped_words
from licensedesk.batch.model import CheckResult, Status
from licensedesk.batch.parse import ParsedInput, parse_serials
from licensedesk.i18n import _, ngettext
from licensedesk.text_input import InputProblem, read_serial_list

from . import streams
from .asking import is_terminal
from .check_output import OrderedRows, Progress, summary
from .errors import INTERRUPTED, NETWORK, OK, REFUSED, USAGE, UsageError, one_output_format
from .output import Printer
from .recording import record
from .streams import BROKEN_PIPE

if TYPE_CHECKING:
    from licensedesk.api import LicenseClient
    from licensedesk.history import Recorder
    from licensedesk.profiles import Profile

#: statuses that make the exit code 1 (the licence cannot be used now)
NOT_USABLE = frozenset(
    {Status.NOT_FOUND, Status.INVALID, Status.NO_SUBSCRIPTION, Status.EXPIRED, Status.NOT_STARTED}
)


def read_input(name: str) -> str:
    """The text of FILE, or of standard input for ``-``, in any common encoding (a BOM is
    dropped), or the cells of an .xlsx workbook: the same bytes read the same from a
    file and from a pipe. Read in bounded pieces (:func:`licensedesk.text_input.read_serial_list`):
    past the ceiling, or not text, is one sentence; Ctrl+C stops the reading."""
    if name == "-":
        if sys.stdin is None:
            raise UsageError(_("There is no standard input to read serials from."))
        if is_terminal(sys.stdin):
            print(
                _("Paste or type the serials, then press Ctrl+D (Ctrl+Z, Enter on Windows)."),
                file=sys.stderr,
            )
    where = _("Standard input") if name == "-" else name
    try:
        return read_serial_list(name, where)
    except InputProblem as problem:
        raise UsageError(problem.sentence) from None
    except OSError as exc:
        raise UsageError(
            _("Cannot read {file}: {reason}.").format(
                file=name, reason=(exc.strerror or str(exc)).lower()
            )
        ) from None


def prepare(args: argparse.Namespace) -> None:
    """Before connecting: the output mode and the serials (usage errors exit 2)."""
    one_output_format(args)
    args.parsed = read_serials(args.file)


def read_serials(name: str) -> ParsedInput:
    """The serials of FILE or standard input (``check``, ``book import``); a usage error
    when it holds none."""
    parsed = parse_serials(read_input(name))
    if not parsed.serials:
        raise UsageError(no_serial(name, len(parsed.not_serials)))
    return parsed


def no_serial(name: str, not_serials: int) -> str:
    """Why there is nothing to check: a whole sentence for each case (word order differs)."""
    if name == "-":
        if not_serials:
            return ngettext(
                "No serial found in standard input ({n} not a serial): nothing to check.",
                "No serial found in standard input ({n} not serials): nothing to check.",
                not_serials,
            ).format(n=not_serials)
        return _("No serial found in standard input: nothing to check.")
    if not_serials:
        return ngettext(
            "No serial found in {file} ({n} not a serial): nothing to check.",
            "No serial found in {file} ({n} not serials): nothing to check.",
            not_serials,
        ).format(file=name, n=not_serials)
    return _("No serial found in {file}: nothing to check.").format(file=name)


def exit_code(results: list[CheckResult], complete: bool) -> int:
    """3 if any row could not be checked, else 1 if any licence is not usable, else 0."""
    statuses = {r.status for r in results}
    if Status.ERROR in statuses or not complete:
        return NETWORK
    return REFUSED if statuses & NOT_USABLE else OK


def _notes(printer: Printer, parsed: ParsedInput, mode: str) -> None:
    """Repeats and what is not a serial: on stderr for scripts (stdout stays pure data)."""
    if mode == "text":
        return
    if parsed.duplicates:
        printer.note(
            ngettext(
                "{n} repeated serial checked once.",
                "{n} repeated serials checked once.",
                parsed.duplicates,
            ).format(n=parsed.duplicates)
        )
    for token in parsed.not_serials:
        printer.note(_("Not a serial (not sent): {token}").format(token=token))


async def cmd_check(
    client: LicenseClient,
    args: argparse.Namespace,
    printer: Printer,
    profile: Profile,
    *,
    recorder: Recorder | None = None,
) -> int:
    """Check every serial; one history entry for the batch (serials, product, counts)."""
    counts: dict[str, int] = {}
    async with record(recorder, "batch_check", product=args.product) as rec:
        code = await _check(client, args, printer, profile, counts)
        stopped = code in (INTERRUPTED, BROKEN_PIPE)
        rec.done(
            stopped_words(counts["checked"], counts["serials"]) if stopped else None,
            counts=counts,
        )
    return code


def _counts(total: int, written: list[CheckResult], into: dict[str, int]) -> None:
    """``{"serials": 40, "checked": 40, "active": 38, "not_found": 2}``: for the history."""
    into.update(serials=total, checked=len(written))
    for status, n in Counter(r.status.value for r in written).items():
        into[status] = n


async def _check(
    client: LicenseClient,
    args: argparse.Namespace,
    printer: Printer,
    profile: Profile,
    counts: dict[str, int],
) -> int:
    parsed: ParsedInput = args.parsed
    mode = "json" if args.json else "csv" if args.csv else "text"
    concurrency = args.concurrency or profile.batch_concurrency
    batch = BatchCheck(client, parsed.serials, product=args.product, concurrency=concurrency)
    progress = Progress(printer.err, batch.total)
    rows = OrderedRows(printer, mode, progress)
    _notes(printer, parsed, mode)

    def on_result(result: CheckResult) -> None:
        rows.add(result)
        if printer.verbose and result.error is not None:
            progress.clear()
            printer.note(f"{result.serial}:\n{result.error.details.describe()}")
        progress.update(batch.done)

    try:
        await batch.run(on_result)
    except asyncio.CancelledError:  # Ctrl+C (run_interruptible cancels the main task)
        _counts(batch.total, rows.answered(), counts)
        rows.flush_answered()
        progress.clear()
        printer.note(
            ngettext(
                "Interrupted: {done} of {total} serial checked; the rest were not sent.",
                "Interrupted: {done} of {total} serials checked; the rest were not sent.",
                batch.total,
            ).format(done=batch.done, total=batch.total)
        )
        return INTERRUPTED
    except OSError as exc:  # stdout went away (`| head`) or is full: stop sending
        streams.silence_stdout()
        _counts(batch.total, rows.answered(), counts)
        printer.lost = streams.loss_of(exc)
        return BROKEN_PIPE if printer.lost.gone else USAGE
    _counts(batch.total, rows.written, counts)
    progress.clear()
    if mode == "text":
        for token in parsed.not_serials:
            printer.line(_("{token}  not a serial (not sent)").format(token=token))
        printer.line(summary(rows.written, parsed.duplicates))
    return exit_code(rows.written, complete=len(rows.written) == batch.total)
