"""Every entry of the History window's list, read from the store a page at a time and
written as it is read. No widgets.

The window holds only a window of pages around the rows on screen
(:mod:`.page_window`), so its export does not write what it holds: it reads the list
again from the top, with the window's filters and in its order, a page of
:data:`EXPORT_PAGE` entries after the last one written (the keyset of
:mod:`licensedesk.history.paging`, the store's ``page()`` the table's pages use),
like ``licensedesk-cli history export`` reads its pages. Memory holds one page
whatever the list's length.

Off the UI thread: each page is read on the history's worker thread (between the
desk's writes, which never wait for more than a page), and made into text and written
on a thread of the export's own (:class:`.export.ExportFile`); the event loop only
hands pages over. An entry written while the export runs is in the file when it sorts
after the page being read, as in a list scrolled through.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from licensedesk.history import Entry, HistoryQuery, HistoryReads
from licensedesk.history.paging import Sort
from licensedesk.history.streaming import PAGE as STREAM_PAGE

from .export import ExportFile

#: entries a page: the command line's export page (one page's text is a few megabytes)
EXPORT_PAGE = STREAM_PAGE


async def write_list(
    history: HistoryReads,
    query: HistoryQuery,
    sort: Sort,
    file: ExportFile,
    told: Callable[[int], Any] = lambda _n: None,
    *,
    page: int | None = None,
) -> int:
    """Write every entry of ``query`` in ``sort``'s order to ``file``; how many.
    ``told(n)`` hears how many are written after each page (on the event loop's thread).
    Raises StoreError or OSError; cancelled or failed, the file is discarded (nothing
    under its name) before this returns."""
    size = page if page is not None else EXPORT_PAGE
    loop = asyncio.get_running_loop()
    thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="licensedesk-history-export")

    def in_thread(job: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        return loop.run_in_executor(thread, job, *args)

    whole = False
    try:
        await in_thread(file.open)
        after: Entry | None = None
        while True:
            entries = await history.page(query, sort, after, size)
            if entries:
                after = entries[-1]  # made here, before the writer's thread looks at the page
                told(await in_thread(file.write_entries, entries))
            if len(entries) < size:
                break
        n = await in_thread(file.finish)
        whole = True
        return n
    finally:
        try:
            if not whole:  # after a write still running (one thread: in order)
                await asyncio.shield(in_thread(file.discard))
        finally:
            thread.shutdown(wait=False)
