"""The process's local time zone, set for one test: the zone the code under test reads.

``TZ`` plus :func:`time.tzset` is what :meth:`datetime.astimezone` and Qt read, so a
test that says "today" or counts calendar days asks in the zone it set, at the moment
it needs the answer (never at import). POSIX strings (``IST-5:30``) need no zone
database; names (``Europe/Berlin``) need Debian's tzdata, which the suite's machines
have.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from licensedesk import clock


@contextmanager
def local_zone(name: str) -> Iterator[None]:
    """Run the block with ``TZ=name``; the zone before it comes back afterwards."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = name
    time.tzset()
    try:
        yield
    finally:
        if old is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = old
        time.tzset()


def days_around(action: Callable[[], object]) -> set[str]:
    """Runs ``action`` and returns the local days (ISO) it ran on: the day when it began
    and when it ended, so a file named after "today" is checked against the day the
    code read, even when the test crosses midnight."""
    first = clock.today()
    action()
    return {first.isoformat(), clock.today().isoformat()}
