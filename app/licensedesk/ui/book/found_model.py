"""The find dialog's results: one row per licence, in the book's order (best match first)."""

from __future__ import annotations

from typing import Any

from licensedesk.book import Sighting
from licensedesk.i18n import N_

from ..shared.licence_types import type_word
from ..shared.sightings_model import SERIAL_ROLE as SERIAL_ROLE  # the window's, from here
from ..shared.sightings_model import SightingsModel, cell_text
from ..shared.values import local_date, local_time

#: column titles, marked here and translated where shown
HEADERS = (
    N_("Serial"),
    N_("Licensee"),
    N_("E-mail"),
    N_("SKU"),
    N_("Type"),
    N_("Ends"),
    N_("As of"),
)
COL_SERIAL, COL_LICENSEE, COL_EMAIL, COL_SKU, COL_TYPE, COL_ENDS, COL_AS_OF = range(7)


def cell(s: Sighting, column: int) -> str:
    """What one cell says (service text made visible: :func:`..shared.labels.shown`)."""
    values: tuple[Any, ...] = (
        s.serial,
        s.licensee,
        s.email,
        s.sku_name or s.sku_number,
        type_word(s.type),
        local_date(s.end_at),
        local_time(s.seen_at),
    )
    return cell_text(values[column])


class FoundModel(SightingsModel):
    """The found licences; a cell's tooltip is its whole text and the licence's note."""

    headers = HEADERS

    def set_found(self, found: list[Sighting]) -> None:
        self.set_rows(found)

    def cell(self, row: int, column: int) -> str:
        return cell(self._rows[row], column)
