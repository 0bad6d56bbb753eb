"""The history entries that may explain what the book saw change on a licence.

A licence's own entries name its serial. A device switched or deleted by its activation
id alone (``licensedesk-cli deactivate 42``: the service's call names no licence) is
recorded without one: such an entry still made the change, so the device actions of the
time the changes happened in are read too, and those that name no serial join the
licence's (the timeline matches them by activation id). They are read up to
:data:`DEVICE_ENTRIES` an action; past that, the history vouches for what it read only,
and the time of the oldest read is said as from when it can (a change before then is
not said to be not ours). No Qt.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from .model import Entry, HistoryQuery
from .retention import complete_from
from .store import HistoryStore

__all__ = ["DEVICE_ENTRIES", "explaining"]

#: device actions read a query at the most (a busy team's months of them)
DEVICE_ENTRIES = 5000
#: how long before a change's window its device actions are read from: one sent before
#: and answered within it made its change in it (a request ends within its time-out)
SENT_BEFORE = timedelta(hours=1)
#: the actions that switch or remove a device by its activation id
_BY_ID = ("activate", "deactivate", "delete")


def explaining(
    store: HistoryStore,
    serial: str,
    devices_since: datetime | None = None,
    keep_months: int | None = None,
) -> tuple[list[Entry], datetime | None]:
    """The entries of ``serial``, and those without a serial of the device actions sent
    since :data:`SENT_BEFORE` before ``devices_since`` (the earliest ``since`` of the
    device changes; None: none seen). Also returns from when the history vouches for
    what it holds (None: from its start): the later of what the months it keeps may have
    pruned (:func:`.retention.complete_from`) and the oldest device action read, when
    there were more than it reads."""
    entries = list(store.history(serial))
    vouched = complete_from(keep_months)
    if devices_since is None:
        return entries, vouched
    for action in _BY_ID:
        query = HistoryQuery(action=action, since=devices_since - SENT_BEFORE, limit=DEVICE_ENTRIES)
        found = store.query(query)
        entries += [e for e in found if not e.serial]
        if len(found) >= DEVICE_ENTRIES:  # newest first: the last is the oldest read
            oldest = found[-1].time
            vouched = oldest if vouched is None else max(vouched, oldest)
    return entries, vouched
