"""When a lookup may show the book's copy instead: the service cannot be reached.

Down (a refused connection, DNS), a time-out, a secure connection that could not be
set up (a certificate that cannot be verified, a port that answers plain HTTP on an
https address: no answer of the service could be trusted or had), a server error (5xx)
or a rate limit that outlasted the retries. Not a refusal, a "not found" or an answer
not understood: those are the service's word about the licence, and a copy must not
hide them.
"""

from __future__ import annotations

from licensedesk.api.errors import ConnectFailed, RateLimited, ServiceError, TimedOut, TlsError
from licensedesk.i18n import N_

__all__ = ["COPY_SHOWN", "unreachable"]

#: what the window's banner and the command line say over a copy; {time} is when the book
#: last saw the licence (each surface writes the time its way)
COPY_SHOWN = N_("The service cannot be reached; this is the licence book's copy as of {time}.")


def unreachable(exc: BaseException) -> bool:
    """Whether ``exc`` means the service could not be reached (see the module)."""
    if isinstance(exc, ConnectFailed | TimedOut | TlsError | RateLimited):
        return True
    if isinstance(exc, ServiceError):
        status = exc.details.http_status or exc.details.status_code or 0
        return status >= 500
    return False
