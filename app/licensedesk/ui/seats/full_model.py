"""The *Full seats* view's rows: one per licence of the book with a product at its host
limit, in the book's order (last seen first)."""

from __future__ import annotations

from licensedesk.book import ProductSeats, Sighting
from licensedesk.i18n import N_

from ..shared.sightings_model import AS_OF, EMAIL, LICENSEE, SERIAL, Column, SightingsModel


def full(s: Sighting) -> list[ProductSeats]:
    """The licence's products with every seat in use."""
    return [p for p in s.products or () if p.full]


#: the full products and their seats ("2 / 2")
PRODUCT = Column(N_("Product"), lambda s: ", ".join(p.name for p in full(s)))
SEATS = Column(N_("Seats"), lambda s: ", ".join(f"{p.used} / {p.maximum}" for p in full(s)))
#: the note on one line; its tooltip has it whole, lines kept
NOTE = Column(N_("Note"), lambda s: " ".join((s.note or "").split()))
COLUMNS = (SERIAL, LICENSEE, EMAIL, PRODUCT, SEATS, AS_OF, NOTE)
COL_SERIAL, COL_LICENSEE, COL_EMAIL, COL_PRODUCT, COL_SEATS, COL_AS_OF, COL_NOTE = range(7)


class FullModel(SightingsModel):
    """The licences at their limit; the note's cell shows it whole, lines kept, as a tip."""

    columns = COLUMNS
    note_column = COL_NOTE
