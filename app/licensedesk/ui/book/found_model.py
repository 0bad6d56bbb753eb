"""The find dialog's results: one row per licence, in the book's order (best match first)."""

from __future__ import annotations

from licensedesk.i18n import N_

from ..shared.licence_types import type_word
from ..shared.sightings_model import AS_OF, EMAIL, LICENSEE, SERIAL, Column, SightingsModel
from ..shared.sightings_model import SERIAL_ROLE as SERIAL_ROLE  # the window's, from here
from ..shared.values import local_date

SKU = Column(N_("SKU"), lambda s: s.sku_name or s.sku_number)
TYPE = Column(N_("Type"), lambda s: type_word(s.type))
ENDS = Column(N_("Ends"), lambda s: local_date(s.end_at))
COLUMNS = (SERIAL, LICENSEE, EMAIL, SKU, TYPE, ENDS, AS_OF)
COL_SERIAL, COL_LICENSEE, COL_EMAIL, COL_SKU, COL_TYPE, COL_ENDS, COL_AS_OF = range(7)


class FoundModel(SightingsModel):
    """The found licences; a cell's tooltip is its whole text and the licence's note."""

    columns = COLUMNS
