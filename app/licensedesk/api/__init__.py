"""Async client of the License Management Service /v2 API. No Qt here.

Public names: :class:`LicenseClient`, :class:`ClientConfig`, :class:`Credentials`,
the models, the errors and :func:`normalize_serial`. See docs/client.md.

The names are loaded on first use (PEP 562): ``licensedesk.api.serials`` or
``.redact`` alone must not pull in httpx and the models (megabytes and a tenth of a
second), which the window's start page and ``licensedesk-cli --help`` do not need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from licensedesk.lazy_names import lazy_names

from .redact import RedactingFilter, install_redaction, redact

if TYPE_CHECKING:
    from .client import LicenseClient
    from .config import ClientConfig, Credentials
    from .errors import (
        ApiError,
        BadResponse,
        ConnectFailed,
        ErrorDetails,
        InvalidInput,
        NotAuthorized,
        NotFound,
        RateLimited,
        Refused,
        SeatLimitReached,
        ServiceError,
        TimedOut,
        TlsError,
        TransportError,
        UpgradeMismatch,
    )
    from .models import Activation, License, Product, ValidationResult
    from .serials import normalize_serial

#: public name -> the module that defines it
_WHERE = {
    "LicenseClient": ".client",
    **dict.fromkeys(("ClientConfig", "Credentials"), ".config"),
    **dict.fromkeys(
        (
            "ApiError",
            "BadResponse",
            "ConnectFailed",
            "ErrorDetails",
            "InvalidInput",
            "NotAuthorized",
            "NotFound",
            "RateLimited",
            "Refused",
            "SeatLimitReached",
            "ServiceError",
            "TimedOut",
            "TlsError",
            "TransportError",
            "UpgradeMismatch",
        ),
        ".errors",
    ),
    **dict.fromkeys(("Activation", "License", "Product", "ValidationResult"), ".models"),
    "normalize_serial": ".serials",
}


__getattr__, __dir__ = lazy_names(__name__, _WHERE)


__all__ = [*_WHERE, "RedactingFilter", "install_redaction", "redact"]

install_redaction()
