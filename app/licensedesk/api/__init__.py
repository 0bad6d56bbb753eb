"""Async client of the License Management Service /v2 API. No Qt here.

Public names: :class:`LicenseClient`, :class:`ClientConfig`, :class:`Credentials`,
the models, the errors and :func:`normalize_serial`. See docs/client.md.
"""

from .client import CHECK_ACTIVATION_ID, CHECK_SERIAL, ConnectionCheck, LicenseClient
from .config import ClientConfig, Credentials
from .errors import (
    ApiError,
    BadResponse,
    ConnectFailed,
    ErrorDetails,
    InvalidInput,
    NotAuthorized,
    NotFound,
    ServiceError,
    TimedOut,
    TlsError,
    TransportError,
    UpgradeMismatch,
)
from .models import Activation, License, Product, ValidationResult
from .redact import RedactingFilter, install_redaction, redact
from .serials import normalize_serial

__all__ = [
    "CHECK_ACTIVATION_ID",
    "CHECK_SERIAL",
    "Activation",
    "ApiError",
    "BadResponse",
    "ClientConfig",
    "ConnectFailed",
    "ConnectionCheck",
    "Credentials",
    "ErrorDetails",
    "InvalidInput",
    "License",
    "LicenseClient",
    "NotAuthorized",
    "NotFound",
    "Product",
    "RedactingFilter",
    "ServiceError",
    "TimedOut",
    "TlsError",
    "TransportError",
    "UpgradeMismatch",
    "ValidationResult",
    "install_redaction",
    "normalize_serial",
    "redact",
]

install_redaction()
