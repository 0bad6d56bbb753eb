"""Why a validation was refused, told from what the workspace already holds.

The service answers with one word (``expired``, ``host_limit_reached``…).
When the workspace shows the same licence with its products and activations,
we can name the likely cause in the data ("3 of 3 seats in use", "ended on
2026-05-01"), like the reason codes of mature licensing systems. Pure logic:
no Qt, no network.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from .values import as_datetime, field


@dataclass(frozen=True)
class WorkspaceData:
    """What the workspace shows for ``serial`` (any part may be missing)."""

    serial: str
    license: Any = None
    products: list = dc_field(default_factory=list)
    activations: list | None = None  # None: not loaded


def _date(value: Any) -> str:
    moment = as_datetime(value)
    return moment.astimezone().strftime("%Y-%m-%d") if moment else ""


def _product(data: WorkspaceData, code: str) -> Any:
    code = (code or "").strip().lower()
    return next((p for p in data.products if str(field(p, "code", "")).lower() == code), None)


def _product_label(p: Any) -> str:
    return f"\u201c{field(p, 'name') or field(p, 'code')}\u201d"


def likely_cause(
    message: str, data: WorkspaceData | None, product_code: str, host_id: str | None = None
) -> str:
    """A sentence naming the likely cause of ``message`` from ``data``, or ""."""
    if data is None:
        return ""
    key = (message or "").strip().lower()
    lic = data.license
    if key == "expired" and lic is not None:
        end = _date(field(lic, "end_at"))
        return f"The licence ended on {end}." if end else ""
    if key == "not_started" and lic is not None:
        start = _date(field(lic, "start_at"))
        return f"The licence starts on {start}." if start else ""
    if key == "product_mismatch" and data.products:
        names = ", ".join(
            f"{field(p, 'name')} ({field(p, 'code')})" for p in data.products
        )
        return f"The code {product_code} is not among this licence's products: {names}."
    product = _product(data, product_code)
    if key == "product_inactive" and product is not None:
        return f"The product {_product_label(product)} is marked inactive."
    if key == "host_limit_reached" and product is not None and data.activations is not None:
        pid = field(product, "id")
        used = sum(
            1 for a in data.activations if field(a, "product_id") == pid and field(a, "activated")
        )
        limit = field(product, "max_host_count")
        return (
            f"{used} of {limit} seats of {_product_label(product)} are in use: "
            "deactivate or delete a device to free one."
        )
    if key == "activation_disabled" and data.activations is not None and host_id:
        pid = field(product, "id") if product is not None else None
        for a in data.activations:
            if field(a, "host_id") == host_id and (pid is None or field(a, "product_id") == pid):
                tag = field(a, "device_tag") or "no device tag"
                return (
                    f"Activation #{field(a, 'id')} of this host ({tag}) is switched off: "
                    "activate it in the activations table."
                )
    return ""
