"""Why a validation was refused, told from what the workspace already holds.

The service answers in one of two forms (a word such as ``host_limit_reached``, or
the live service's sentence such as "Maximum number of hosts reached!"): both are
read by :func:`licensedesk.api.verdicts.classify`. When the workspace shows the same
licence with its products and activations, we can name the likely cause in the data
("3 of 3 seats in use", "ended on 2026-05-01"), like the reason codes of mature
licensing systems. Pure logic: no Qt, no network.
"""

from __future__ import annotations

from typing import Any

from licensedesk.api.verdicts import Verdict, classify
from licensedesk.i18n import _, ngettext

from ..lookup.workspace_data import WorkspaceData
from ..shared.values import local_date


def _product(data: WorkspaceData, code: str) -> Any:
    code = (code or "").strip().lower()
    return next((p for p in data.products if p.code.lower() == code), None)


def _product_label(p: Any) -> str:
    return f"\u201c{p.name or p.code}\u201d"


def likely_cause(
    message: str, data: WorkspaceData | None, product_code: str, host_id: str | None = None
) -> str:
    """A sentence naming the likely cause of ``message`` from ``data``, or ""."""
    if data is None:
        return ""
    key = classify(message)
    lic = data.license
    if key is Verdict.EXPIRED and lic is not None:
        end = local_date(lic.end_at)
        return _("The licence ended on {date}.").format(date=end) if end else ""
    if key is Verdict.NOT_STARTED and lic is not None:
        start = local_date(lic.start_at)
        return _("The licence starts on {date}.").format(date=start) if start else ""
    if key is Verdict.PRODUCT_UNKNOWN and data.products:
        names = ", ".join(f"{p.name} ({p.code})" if p.name else p.code for p in data.products)
        return _("The code {code} is not among this licence's products: {names}.").format(
            code=product_code, names=names
        )
    product = _product(data, product_code)
    if key is Verdict.PRODUCT_INACTIVE and product is not None:
        return _("The product {product} is marked inactive.").format(
            product=_product_label(product)
        )
    if key is Verdict.HOST_LIMIT and product is not None and data.activations is not None:
        used = sum(1 for a in data.activations if a.product_id == product.id and a.activated)
        limit = product.max_host_count
        label = _product_label(product)
        if limit is None:
            return _(
                "Devices in use for {product}: {used} (the service gives no maximum): "
                "deactivate or delete a device to free a seat."
            ).format(product=label, used=used)
        return ngettext(
            "{used} of {limit} seat of {product} is in use: deactivate or delete "
            "a device to free one.",
            "{used} of {limit} seats of {product} are in use: deactivate or "
            "delete a device to free one.",
            limit,
        ).format(used=used, limit=limit, product=label)
    if key is Verdict.DEACTIVATED and data.activations is not None and host_id:
        pid = product.id if product is not None else None
        for a in data.activations:
            if a.host_id == host_id and not a.activated and (pid is None or a.product_id == pid):
                tag = a.device_tag or _("no device tag")
                return _(
                    "Activation #{id} of this host ({tag}) is switched off: activate it "
                    "in the activations table."
                ).format(id=a.id, tag=tag)
    return ""
