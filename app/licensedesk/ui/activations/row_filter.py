"""Which devices the activations table shows: the text box and All / Active / Inactive.

The model filters itself (:mod:`.model`): each new filter is one pass over the devices'
search texts in a list comprehension, then one ``layoutChanged``. A
``QSortFilterProxyModel`` asked a Python ``filterAcceptsRow`` once per device instead:
0.3-0.8 s for each key typed into the box over a site licence's 200,000 devices, and
the reason a long list had to be announced to the view a part at a time.

A device's *search text* is what a person reads in its row, lower-cased: ID, product,
host ID, device tag and Yes/No as the cells show them (not the dates), with "This
computer" on its row, in the language shown. The texts are made for every device the
first time a text filter needs them, and kept in the model's order until the rows,
their order or this computer's host ID change.
"""

from __future__ import annotations

from collections.abc import Sequence

from licensedesk.api.activation_rows import ACTIVATED, DEVICE_TAG, HOST_ID, ID, PRODUCT_NAME, Row
from licensedesk.i18n import _

from ..shared.labels import shown
from .columns import THIS_COMPUTER

#: the quick filter on a device's state: every device, the activated ones, the others
STATES = ("all", "active", "inactive")


class RowFilter:
    """The filter's text and state; :meth:`shown` finds the rows they show."""

    def __init__(self) -> None:
        self.needle = ""
        self.state = "all"  # one of STATES

    def set_text(self, text: str) -> bool:
        """Whether ``text`` (any case, spaces around ignored) changes the filter."""
        needle = text.strip().lower()
        changed, self.needle = needle != self.needle, needle
        return changed

    def set_state(self, state: str) -> bool:
        """Whether ``state`` (one of :data:`STATES`) changes the filter."""
        changed = state in STATES and state != self.state
        if changed:
            self.state = state
        return changed

    def shown(self, rows: Sequence[Row], texts: Sequence[str] | None) -> list[int] | None:
        """The positions in ``rows`` of the devices shown, in order; None: every device.
        ``texts``: the rows' search texts (:func:`search_texts`), needed with a text."""
        needle, state = self.needle, self.state
        if state == "all" and not needle:
            return None
        if not needle:
            want = state == "active"
            return [n for n, r in enumerate(rows) if bool(r[ACTIVATED]) is want]
        assert texts is not None
        found = [n for n, text in enumerate(texts) if needle in text]
        if state == "all":
            return found
        want = state == "active"
        return [n for n in found if bool(rows[n][ACTIVATED]) is want]


def search_texts(rows: Sequence[Row], this_host_id: str | None) -> list[str]:
    """Each row's search text, in one pass (``ActivationsModel.cell``'s words)."""
    yes, no, this = _("Yes"), _("No"), " " + _(THIS_COMPUTER)
    host: object = this_host_id or object()  # no host ID: no row is this computer's
    return [
        f"{r[ID]} {shown(r[PRODUCT_NAME])} {shown(r[HOST_ID])} {shown(r[DEVICE_TAG])} "
        f"{yes if r[ACTIVATED] else no}{this if r[HOST_ID] == host else ''}".lower()
        for r in rows
    ]


__all__ = ["STATES", "RowFilter", "search_texts"]
