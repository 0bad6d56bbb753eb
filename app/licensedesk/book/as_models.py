"""A book's copy as the api's models, so the workspace shows it as it shows an answer.

Only what the book keeps: no product keys or signatures, no licence id (0), the SKU's
image and page not at all. Nothing sent to the service is ever built from these.
"""

from __future__ import annotations

from licensedesk.api.models import Activation, License, Product

from .sighting import Sighting


def licence_of(s: Sighting) -> License:
    return License(
        id=0,
        serial=s.serial,
        dealer_name=s.dealer or "",
        sku_name=s.sku_name or "",
        sku_number=s.sku_number or "",
        name=s.licensee,
        email=s.email,
        type=s.type or "",
        start_at=s.start_at,
        end_at=s.end_at,
        registered=bool(s.registered),
    )


def products_of(s: Sighting) -> list[Product] | None:
    if s.products is None:
        return None
    return [
        Product(id=p.id or 0, name=p.name, max_host_count=p.maximum, active=True)
        for p in s.products
    ]


def activations_of(s: Sighting) -> list[Activation] | None:
    if s.devices is None:
        return None
    return [
        Activation(
            id=d.id or 0,
            product_id=d.product_id,
            activated=d.activated,
            host_id=d.host_id,
            device_tag=d.tag,
            product_name=d.product,
            serial=s.serial,
            created_at=d.created_at,
            updated_at=d.updated_at,
        )
        for d in s.devices
    ]
