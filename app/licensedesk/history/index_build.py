"""Building the search index of a history that held entries before it had one.

Why a thread and a store of its own, not the recorder's worker: the build takes
minutes on a long history (a million entries: see docs/history.md), and the desk's
writes and reads must not queue behind it. On the local file the build is short
transactions (each write of the desk waits at most one of them); on a team database
it is one ``CREATE INDEX CONCURRENTLY``, which blocks no desk's writes.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from .search_index import IndexProgress

__all__ = ["start_build"]

log = logging.getLogger(__name__)


def start_build(
    opener: Callable[[], Any], told: Callable[[IndexProgress], None], stop: threading.Event
) -> Future[bool]:
    """Open a store with ``opener`` on a new thread and build its index there; ``told``
    hears the progress (on that thread). The Future: whether it is built."""
    done: Future[bool] = Future()

    def run() -> None:
        try:
            store = opener()
            try:
                built = bool(store.build_search_index(told, stop))
            finally:
                store.close()
        except BaseException as exc:  # said by whoever awaits the Future
            log.info("The history's search index was not built: %s", exc)
            done.set_exception(exc)
        else:
            done.set_result(built)

    threading.Thread(target=run, name="licensedesk-history-index", daemon=True).start()
    return done
