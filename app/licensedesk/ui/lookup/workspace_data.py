"""What the workspace shows for one serial, for features that explain or prefill from it
(the validate dialog names a likely cause from it). Pure data: no Qt."""

from __future__ import annotations

from dataclasses import dataclass, field

from licensedesk.api.models import Activation, License, Product


@dataclass(frozen=True)
class WorkspaceData:
    """What the workspace shows for ``serial`` (any part may be missing)."""

    serial: str
    license: License | None = None
    products: list[Product] = field(default_factory=list)
    activations: list[Activation] | None = None  # None: not loaded
