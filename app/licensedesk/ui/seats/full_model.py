"""The *Full seats* view's rows: one per licence of the book with a product at its host
limit, in the book's order (last seen first)."""

from __future__ import annotations

from typing import Any

from licensedesk.book import Sighting
from licensedesk.i18n import N_

from ..shared.sightings_model import SERIAL_ROLE as SERIAL_ROLE  # the window's, from here
from ..shared.sightings_model import SightingsModel, cell_text
from ..shared.values import local_time

#: column titles, marked here and translated where shown
HEADERS = (
    N_("Serial"),
    N_("Licensee"),
    N_("E-mail"),
    N_("Product"),
    N_("Seats"),
    N_("As of"),
    N_("Note"),
)
COL_SERIAL, COL_LICENSEE, COL_EMAIL, COL_PRODUCT, COL_SEATS, COL_AS_OF, COL_NOTE = range(7)


def cell(s: Sighting, column: int) -> str:
    """What one cell says: the full products and their seats ("2 / 2"), the note on one
    line (service and user text made visible: :func:`..shared.labels.shown`)."""
    full = [p for p in s.products or () if p.full]
    values: tuple[Any, ...] = (
        s.serial,
        s.licensee,
        s.email,
        ", ".join(p.name for p in full),
        ", ".join(f"{p.used} / {p.maximum}" for p in full),
        local_time(s.seen_at),
        " ".join((s.note or "").split()),
    )
    return cell_text(values[column])


class FullModel(SightingsModel):
    """The licences at their limit; the note's cell shows it whole, lines kept, as a tip."""

    headers = HEADERS
    note_column = COL_NOTE

    def cell(self, row: int, column: int) -> str:
        return cell(self._rows[row], column)
