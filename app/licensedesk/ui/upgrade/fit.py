"""Whether an upgrade licence looks like an upgrade of the current one, as a preview only.

The live service matches upgrades by SKU identity and may accept several source SKUs
(DESIGN.md, "What the live service is documented to do"); what ``sku_upgrade`` holds
is not specified. So the preview reads it only when it is one plain SKU number: then
it "matches" or "does not match"; a list of several, or a form it cannot read, is
"the service will decide". The window never refuses on this reading: the service's
answer is what counts. Pure logic: no Qt.
"""

from __future__ import annotations

import re

from licensedesk.i18n import _

MATCHES = "matches"
DECIDES = "decides"
DIFFERS = "differs"
#: one SKU number as the spec's examples write them ("SP-2024-PERP", "9001")
_ONE_SKU = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]*")
_LIST = re.compile(r"[\s,;|]+")


def upgrade_fit(sku_upgrade: str | None, sku_number: str | None) -> str:
    """:data:`MATCHES`, :data:`DIFFERS` or :data:`DECIDES` for the upgrade licence's
    ``sku_upgrade`` against the current licence's ``sku_number``."""
    wanted = (sku_upgrade or "").strip()
    have = (sku_number or "").strip()
    if not wanted or not have:
        return DECIDES
    tokens = [t for t in _LIST.split(wanted.strip("[]")) if t.strip("\"'")]
    if len(tokens) != 1 or not _ONE_SKU.fullmatch(wanted):
        return DECIDES  # several SKUs, or a form this preview cannot read
    return MATCHES if wanted.casefold() == have.casefold() else DIFFERS


def fit_sentence(fit: str, wanted: str | None, have: str | None) -> tuple[str, str]:
    """(sentence, tone) of the preview's reading; tone: "ok", "warn" or "bad"."""
    wanted_text, have_text = (wanted or "").strip() or "\u2014", (have or "").strip() or "\u2014"
    if fit == MATCHES:
        return _(
            "\u2714 The SKUs match: the upgrade licence upgrades from {sku}, the current "
            "licence's SKU."
        ).format(sku=have_text), "ok"
    if fit == DIFFERS:
        return _(
            "\u2718 The SKUs do not match: the upgrade licence upgrades from {wanted}, "
            "but the current licence's SKU is {have}. The service decides: if it "
            "refuses, nothing changes."
        ).format(wanted=wanted_text, have=have_text), "bad"
    if (wanted or "").strip():
        return _(
            "The service will decide: the upgrade licence names {wanted} as what it "
            "upgrades from, and the current licence's SKU is {have}."
        ).format(wanted=wanted_text, have=have_text), "warn"
    return _("The data does not show whether the SKUs match; the service decides."), "warn"
