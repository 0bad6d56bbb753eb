"""Every validation outcome the live service documents, as the sandbox's demo gives it:
shared by the client's, the command line's and the window's tests."""

from __future__ import annotations

from typing import Any

from licensedesk.api.verdicts import Verdict

UNKNOWN_SERIAL = "ZZZZ-0000-ZZZZ-0000-ZZZZ"
UNKNOWN_CODE = "00000000-0000-4000-a000-000000000000"
NEW_HOST = "0123456789abcdef0123456789abcdef"

# name: (serial kind or None for an unknown serial, code kind or None for an unknown code,
#        host: None, "new" or a catalogue host, verdict, the live form's words)
CASES = {
    "valid": ("perpetual", "perpetual", None, Verdict.VALID, None),
    "subscription_expired": (
        "subscription_expired",
        "subscription_expired",
        None,
        Verdict.EXPIRED,
        "Subscription license expired!",
    ),
    "trial_expired": ("trial_expired", "trial", None, Verdict.EXPIRED, "Trial license expired!"),
    "trial_not_started": (
        "trial_not_started",
        "trial",
        None,
        Verdict.NOT_STARTED,
        "Trial license not started!",
    ),
    "subscription_not_started": (
        "subscription_not_started",
        "subscription_not_started",
        None,
        Verdict.NOT_STARTED,
        "Subscription license not started!",
    ),
    "no_subscription": (
        "subscription_none",
        "subscription_active",
        None,
        Verdict.NO_SUBSCRIPTION,
        "No Active Subscription!",
    ),
    "serial_unknown": (
        None,
        "perpetual",
        None,
        Verdict.SERIAL_UNKNOWN,
        "Serial does not exist or registered!",
    ),
    "product_unknown": (
        "perpetual",
        None,
        None,
        Verdict.PRODUCT_UNKNOWN,
        "Product does not exist!",
    ),
    "product_not_in_sku": (
        "perpetual",
        "trial",
        None,
        Verdict.PRODUCT_UNKNOWN,
        "Product is not for this SKU!",
    ),
    "product_inactive": (
        "inactive_product",
        "inactive_product",
        None,
        Verdict.PRODUCT_INACTIVE,
        "Product is not active!",
    ),
    "host_limit": (
        "host_limit",
        "host_limit",
        "new",
        Verdict.HOST_LIMIT,
        "Maximum number of hosts reached!",
    ),
    "deactivated": (
        "host_limit",
        "host_limit",
        "deactivated",
        Verdict.DEACTIVATED,
        "Activation is deactivated!",
    ),
    "other_trial": (
        "trial_second",
        "trial",
        "trial_device",
        Verdict.OTHER_TRIAL,
        "Another trial license has already been activated on this device!",
    ),
}


def case_args(sandbox: Any, name: str) -> tuple[str, str, str | None]:
    """(serial, product code, host id or None) of the case ``name``."""
    serial_kind, code_kind, host, _verdict, _words = CASES[name]
    serial = sandbox.serial(serial_kind) if serial_kind else UNKNOWN_SERIAL
    code = sandbox.product_code(code_kind) if code_kind else UNKNOWN_CODE
    host_id = None if host is None else NEW_HOST if host == "new" else sandbox.host(host)
    return serial, code, host_id
