"""An export file written a page of text at a time, whole or not at all. No Qt.

The History window and ``history export`` write a list of any length: each page is
written as it is read, so memory holds one page whatever the list's size. Both write
through this one class, on top of the desk's one file writer
(:class:`licensedesk.paths.PartFile`: a temporary file beside the name, moved over it
only once whole; a FIFO or device written through; a symlink kept), so a stopped export,
a full disk or a store that fails midway leave no half file under the name, and an older
file of that name stays as it was.

The window writes on a thread of its own and hands pages over one at a time
(:meth:`PageFile.open`, :meth:`~PageFile.write`, :meth:`~PageFile.finish` or
:meth:`~PageFile.discard`); the command line pulls its pages through
:func:`write_pages`.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from pathlib import Path

from licensedesk.paths import PartFile

__all__ = ["PageFile", "write_pages"]


class PageFile:
    """``path`` written a page at a time: :meth:`open`, :meth:`write` each page, then
    :meth:`finish` (moved over ``path``) or :meth:`discard` (removed). Its methods do the
    file's work: call them from one thread at a time, in order. Raises OSError (a failed
    write removes the temporary file). ``private``: this user's only (a history names
    people); ``wait_for_reader`` False: a FIFO nobody reads is ENXIO at once (a window
    must not hang)."""

    def __init__(
        self, path: Path | str, *, private: bool = True, wait_for_reader: bool = True
    ) -> None:
        self.path = path
        self._steps = self._written(Path(path), private, wait_for_reader)

    def open(self) -> None:
        """Make the temporary file (or open the FIFO or device)."""
        next(self._steps)

    def write(self, text: str, count: int) -> int:
        """Write a page of ``count`` rows; how many rows are written so far."""
        return self._steps.send((text, count))

    def finish(self) -> int:
        """Move the file over ``path``; how many rows it holds."""
        try:
            self._steps.send(None)
        except StopIteration as end:
            return int(end.value)
        raise RuntimeError("the export file was not finished")  # pragma: no cover

    def discard(self) -> None:
        """Remove the temporary file (nothing under ``path``); after a failure, nothing."""
        self._steps.close()

    @staticmethod
    def _written(
        path: Path, private: bool, wait_for_reader: bool
    ) -> Generator[int, tuple[str, int] | None, int]:
        """The file as one ``with`` block that waits for each page: ended by ``None``
        (whole, moved over ``path``) or closed (GeneratorExit: removed)."""
        n = 0
        with PartFile(path, private=private, wait_for_reader=wait_for_reader) as fh:
            while (page := (yield n)) is not None:
                text, count = page
                fh.write(text)
                n += count
        return n


def write_pages(path: Path | str, pages: Iterable[tuple[str, int]], *, private: bool = True) -> int:
    """Write every (text, rows) page of ``pages`` to ``path``, whole or not at all; how
    many rows. Raises OSError (nothing under ``path`` then)."""
    file = PageFile(path, private=private)
    file.open()
    try:
        for text, count in pages:
            file.write(text, count)
    except BaseException:
        file.discard()
        raise
    return file.finish()
