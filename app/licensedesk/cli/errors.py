"""Exit codes of ``licensedesk-cli`` and the errors that carry them.

====  =====================================================================
0     success
1     the service said no: not found, not authorised, upgrade mismatch, a
      refusal with the service's own message; also a validation result that
      is not ``valid`` and a licence not suitable for registration
2     usage or invalid input: argparse errors, a malformed serial / product
      code / e-mail (refused before sending), an unknown profile, a missing
      api_key, a destructive command without ``--yes`` and without a terminal
3     network or bad response: could not connect, time-out, TLS, an answer
      that is not understood, a server error (HTTP 5xx), a rate limit (HTTP 429)
      that lasted through the retries
4     internal error (a bug in License Desk); the message says so
130   interrupted (Ctrl+C)
141   the reader of the output went away, for a command that changes nothing
      (a change keeps its own code; see :mod:`.streams`)
====  =====================================================================

``check`` (many serials) sums up its rows: 3 if any row could not be checked,
else 1 if any serial is not found, invalid for the product, without an active
subscription, expired or not started, else 0; 2 when the input holds no serial.
``book import`` exits 3 when a serial could not be checked, else 2 when the book kept
fewer licences than were read (3 when it is a team database not reached), else 0.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from licensedesk.i18n import _

if TYPE_CHECKING:  # imported when needed: building the parser loads no network code
    from licensedesk.api.errors import ApiError

OK = 0
REFUSED = 1
USAGE = 2
NETWORK = 3
INTERNAL = 4
INTERRUPTED = 130


class CliError(Exception):
    """An error with its sentence and exit code."""

    def __init__(self, sentence: str, code: int = USAGE) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.code = code


class UsageError(CliError):
    def __init__(self, sentence: str) -> None:
        super().__init__(sentence, USAGE)


@contextlib.contextmanager
def as_usage_error(*kinds: type[Exception]) -> Iterator[None]:
    """An error of ``kinds`` (a profile's, the settings', input refused: each carries its
    ``sentence``) ends the command as a usage error, exit 2."""
    try:
        yield
    except kinds as exc:
        raise UsageError(exc.sentence) from None  # type: ignore[attr-defined]


def file_error(file: object, exc: OSError, *, writing: bool = False) -> UsageError:
    """A file the person named (or standard input) cannot be read or written: the
    system's reason."""
    if writing:
        sentence = _("The file {file} cannot be written ({reason}).")
    else:
        sentence = _("The file {file} cannot be read ({reason}).")
    return UsageError(sentence.format(file=file, reason=exc.strerror or exc))


def exit_code_for(exc: ApiError) -> int:
    """The exit code of a client error."""
    from licensedesk.api.errors import (
        BadResponse,
        InvalidInput,
        RateLimited,
        ServiceError,
        TransportError,
    )

    if isinstance(exc, InvalidInput):
        return USAGE
    if isinstance(exc, TransportError | BadResponse | RateLimited):
        return NETWORK
    if isinstance(exc, ServiceError):
        status = exc.details.http_status or exc.details.status_code or 0
        return NETWORK if status >= 500 else REFUSED
    return REFUSED


def one_output_format(args: object) -> None:
    """``--json`` and ``--csv`` ask for two outputs of one command: refused (exit 2) before
    anything is read, rather than one of them silently winning."""
    if getattr(args, "json", False) and getattr(args, "csv", False):
        raise UsageError(_("Give --json or --csv, not both."))
