"""The licence book: every licence the desk or the command line has seen, found by its
customer, and kept for when the service cannot be reached. No Qt.

- :class:`Sighting` (sighting.py): one licence as seen, made by :func:`from_lookup`
  and the other answers' :func:`~.observer.sighting_of`;
- the stores, beside the history's tables, on the database layer they share
  (:mod:`licensedesk.storage`): sqlite_book.py, postgres_book.py; :func:`open_book`
  (opening.py) picks one from the history settings; :func:`fold` (folding.py) is the
  one rule for case and accents;
- :class:`BookKeeper` (keeper.py): writes off the caller's thread, says a failure once.

See docs/book.md.
"""

from typing import TYPE_CHECKING

from licensedesk.lazy_names import lazy_names

if TYPE_CHECKING:
    from .folding import fold
    from .keeper import PROBLEM, BookKeeper
    from .opening import open_book
    from .sighting import Device, ProductSeats, Sighting, from_lookup
    from .store import FIND_LIMIT, BookStore, Note, RenewalsQuery

#: public name -> the module that defines it (loaded on first use, PEP 562)
_WHERE = {
    "fold": ".folding",
    **dict.fromkeys(("PROBLEM", "BookKeeper"), ".keeper"),
    **dict.fromkeys(("Device", "ProductSeats", "Sighting", "from_lookup"), ".sighting"),
    **dict.fromkeys(("FIND_LIMIT", "BookStore", "Note", "RenewalsQuery"), ".store"),
    "open_book": ".opening",
}

__getattr__, __dir__ = lazy_names(__name__, _WHERE)

__all__ = list(_WHERE)
