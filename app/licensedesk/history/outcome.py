"""How a recorded request ended, from the exception it ended with (or none).

The rule: say "done" or "refused" only when the service answered; say "not
sent" (failed) only when the request certainly never left this computer; in
every other case the change may or may not have happened, and the entry says
"outcome unknown" (the upgrade's reconciliation may complete it later).

The client's errors are recognised without importing the client (which loads
httpx): if ``licensedesk.api.errors`` is not loaded, no exception can be one.

The detail is kept in English (the error's :attr:`~licensedesk.api.errors.ApiError.english`),
like everything the history stores; the desk's own sentences, with or without values,
are said in the reader's language by :func:`~.model.outcome_text`.
"""

from __future__ import annotations

import asyncio
import sys

from licensedesk.i18n import N_
from licensedesk.storage.scrub import scrub_text

__all__ = ["CANCELLED_IN_FLIGHT", "classify"]

#: stored in English (marked: shown translated)
CANCELLED_IN_FLIGHT = N_("Cancelled while the request was on its way; it may have been done.")

# httpx's names for a time-out before the request was written (the client keeps the
# httpx exception's name at the start of ``details.cause``).
_NOT_SENT_TIMEOUTS = ("ConnectTimeout", "PoolTimeout")


def classify(exc: BaseException | None) -> tuple[str, str | None]:
    """(outcome, detail) for a request that ended with ``exc`` (None: it returned)."""
    if exc is None:
        return "done", None
    if isinstance(exc, asyncio.CancelledError):
        return "unknown", CANCELLED_IN_FLIGHT
    errors = sys.modules.get("licensedesk.api.errors")
    if errors is not None and isinstance(exc, errors.ApiError):
        return _api_outcome(exc, errors)
    text = scrub_text(str(exc)) or ""
    # stored in English as it is (with values in it, no catalogue entry could match it)
    return "unknown", f"Stopped by an unexpected error ({type(exc).__name__}: {text})".rstrip(": ")


def _api_outcome(exc, errors) -> tuple[str, str | None]:
    details = exc.details
    sentence = scrub_text(exc.english)
    if isinstance(exc, errors.InvalidInput | errors.ConnectFailed | errors.TlsError):
        return "failed", sentence
    if isinstance(exc, errors.TimedOut):
        cause = details.cause or ""
        return ("failed" if cause.startswith(_NOT_SENT_TIMEOUTS) else "unknown"), sentence
    if isinstance(exc, errors.TransportError | errors.BadResponse):
        return "unknown", sentence
    status = details.http_status or details.status_code or 0
    if isinstance(exc, errors.ServiceError) and status >= 500:
        return "unknown", sentence  # the service failed half-way: it may have been done
    # The service answered no: its own words when it gave them.
    return "refused", scrub_text(details.server_message) or sentence
