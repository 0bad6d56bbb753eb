"""The CLI's option names, environment variables and the options several commands take,
without importing the client.

Kept apart from :mod:`.connection` so that building the parser (``--help``)
loads no network code.
"""

from __future__ import annotations

import argparse
from typing import Any

from licensedesk.i18n import _

ENV_KEY = "LICENSEDESK_API_KEY"
ENV_WRITE_KEY = "LICENSEDESK_WRITE_API_KEY"
ENV_PROFILE = "LICENSEDESK_PROFILE"
ENV_KEYS = {"read": ENV_KEY, "write": ENV_WRITE_KEY}


def add_profile_field_options(parser: argparse.ArgumentParser, *, for_profile: bool) -> None:
    """Options for every Profile field (``profile add``) or the ad-hoc connection, where
    an option not given stays out of the namespace (the profile's value stands)."""
    group = parser.add_argument_group(
        _("profile fields") if for_profile else _("connection without a profile"),
        argument_default=None if for_profile else argparse.SUPPRESS,
    )
    _add_service_options(group, for_profile=for_profile)
    _add_time_options(group)
    _add_tls_options(group)
    if for_profile:  # a setting of the profile; 'check --concurrency' overrides it per run
        group.add_argument(
            "--batch-concurrency",
            type=int,
            metavar="N",
            help=_("requests a batch check keeps in flight (1 to 32; default 8)"),
        )


def _add_service_options(group: Any, *, for_profile: bool) -> None:
    """Where the service is, which app_ids and how arguments travel."""
    group.add_argument(
        "--base-url", required=for_profile, metavar="URL", help=_("service address, without /v2")
    )
    pair_help = {
        "read": _("app_id of the read pair (key: hidden prompt or {variable})"),
        "write": _("app_id of the write pair (key: hidden prompt or {variable})"),
    }
    for pair, flags in (("read", ("--app-id", "--read-app-id")), ("write", ("--write-app-id",))):
        help_ = pair_help[pair].format(variable=f"${ENV_KEYS[pair]}")
        group.add_argument(*flags, dest=f"{pair}_app_id", metavar="ID", help=help_)
    group.add_argument(
        "--transport",
        choices=("json", "form", "query"),
        help=_("where non-GET arguments travel (default: the client's choice)"),
    )
    group.add_argument(
        "--legacy-activation-routes",
        action="store_true",
        help=_("use the deprecated activation routes (update-api/destroy-api)"),
    )


def _add_time_options(group: Any) -> None:
    for flag in ("--connect-timeout", "--read-timeout"):
        group.add_argument(flag, type=float, metavar="S", help=_("seconds"))
    help_ = _("seconds a whole call may take, retries included (default 60)")
    group.add_argument("--deadline", type=float, metavar="S", help=help_)
    help_ = _("IANA name of the server's time zone (UTC)")
    group.add_argument("--server-timezone", metavar="TZ", help=help_)


def _add_tls_options(group: Any) -> None:
    help_ = _("do not check TLS certificates (dangerous)")
    group.add_argument("--no-verify-tls", dest="verify_tls", action="store_false", help=help_)
    group.add_argument("--ca-bundle", metavar="PATH", help=_("CA certificates to trust"))
    help_ = _("allow http:// to a host that is not this computer (keys travel in clear)")
    group.add_argument("--allow-insecure-http", action="store_true", help=help_)


PROFILE_FIELDS = (
    "base_url",
    "read_app_id",
    "write_app_id",
    "transport",
    "legacy_activation_routes",
    "connect_timeout",
    "read_timeout",
    "deadline",
    "server_timezone",
    "verify_tls",
    "ca_bundle",
    "allow_insecure_http",
    "batch_concurrency",
)


def concurrency(text: str) -> int:
    """``--concurrency``: a whole number from 1 to 32 (argparse says so otherwise)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text))
        ) from None
    if not 1 <= value <= 32:
        raise argparse.ArgumentTypeError(_("must be from 1 to 32, not {value}").format(value=value))
    return value


def count_or_forever(text: str) -> int | None:
    """``N|forever`` (``book retention``, ``history use --keep-months``): the whole number,
    or None for ``forever`` (also ``for-ever`` and ``0``); ValueError for anything else."""
    text = text.strip().lower()
    return None if text in ("forever", "for-ever", "0") else int(text)


# The options several commands take: each command gives only what is its own (a help
# that says what the option means there).


def add_concurrency_option(p: argparse.ArgumentParser, help_: str) -> None:
    """``--concurrency``: requests in flight at once (``check``, ``book import``)."""
    p.add_argument("--concurrency", type=concurrency, metavar="N", help=help_)


def add_yes_option(p: argparse.ArgumentParser, help_: str) -> None:
    """``-y``/``--yes``: a command that asks first does not."""
    p.add_argument("-y", "--yes", action="store_true", help=help_)


def add_store_option(p: argparse.ArgumentParser, help_: str) -> None:
    """``--store``: this computer's book or history, or the team's."""
    p.add_argument("--store", choices=("local", "team"), help=help_)


def add_since_option(p: argparse.ArgumentParser) -> None:
    """``--since``: where a listing of what happened starts."""
    p.add_argument(
        "--since", metavar="DATE", help=_("from this day or time on (YYYY-MM-DD[THH:MM])")
    )


def add_csv_option(p: argparse.ArgumentParser) -> None:
    """``--csv``: a listing as CSV rather than text (``check``, ``expiring``, ``timeline``)."""
    p.add_argument("--csv", action="store_true", help=_("CSV with a header instead of text"))
