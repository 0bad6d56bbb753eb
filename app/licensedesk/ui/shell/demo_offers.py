"""The demo licences the window offers to try, each with a one-line description.

A newcomer on the demo knows no serial. The serials come from the demo's own
catalogue (the dataset the demo service was started with) and each description is
read from that licence's rows (type, term, devices), so the list stays true when
the dataset changes; only the choice of which kinds to show is made here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from licensedesk.i18n import _, ngettext
from licensedesk.licence_term import term

from ..shared.licence_types import type_word
from ..shared.values import as_datetime

#: the catalogue's kinds worth a first look, in the order offered
TOUR = (
    "perpetual",
    "subscription_active",
    "subscription_expired",
    "trial",
    "many_activations",
    "upgrade_current",
    "offline",
)


@dataclass(frozen=True)
class DemoOffer:
    serial: str
    description: str  # translated, one line


def demo_offers(data: dict[str, Any] | None) -> list[DemoOffer]:
    """The :data:`TOUR`'s licences of the demo ``data`` (``create_demo``'s JSON) that it
    holds; none without data."""
    if not data:
        return []
    serials = data.get("catalogue", {}).get("serials", {})
    licences = {row["serial"]: row for row in data.get("licenses", [])}
    skus = {row["id"]: row for row in data.get("skus", [])}
    offers = []
    for kind in TOUR:
        licence = licences.get(serials.get(kind, ""))
        if licence is not None:
            devices = sum(
                1 for a in data.get("activations", []) if a["license_id"] == licence["id"]
            )
            number = skus.get(licence["sku_id"], {}).get("number")
            upgradable = any(s.get("sku_upgrade") == number for s in skus.values())
            offers.append(DemoOffer(licence["serial"], describe(licence, devices, upgradable)))
    return offers


def describe(licence: dict[str, Any], devices: int, upgradable: bool) -> str:
    """ "perpetual, 3 devices", "subscription, expired", "trial, 25 days left, 1 device";
    ``upgradable``: another SKU of the service upgrades this licence's."""
    kind = str(licence.get("type") or "")
    parts = [type_word(kind)]
    state = term(
        as_datetime(licence.get("start_at")), as_datetime(licence.get("end_at")), kind=kind
    )
    if state.state == "expired":
        parts.append(_("expired"))
    elif state.state == "no_subscription":
        # TRANSLATORS: a demo licence: a subscription without a period
        parts.append(_("no active subscription"))
    elif state.state == "not_started":
        parts.append(
            ngettext("starts in {n} day", "starts in {n} days", state.days).format(n=state.days)
        )
    elif state.state in ("ok", "ending"):
        parts.append(ngettext("{n} day left", "{n} days left", state.days).format(n=state.days))
    if devices:
        parts.append(ngettext("{n} device", "{n} devices", devices).format(n=devices))
    if upgradable:
        # TRANSLATORS: a demo licence that another licence of the demo can upgrade
        parts.append(_("can be upgraded"))
    elif licence.get("offline_distribution") and not licence.get("registered"):
        # TRANSLATORS: a demo licence meant to be registered in the Register dialog
        parts.append(_("offline, to register"))
    return ", ".join(p for p in parts if p)
