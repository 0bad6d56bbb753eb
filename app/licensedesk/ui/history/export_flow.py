"""Export CSV… / Export JSON…: every entry of the History window's list, in its order.

The list is read again from the store a page at a time and each page written as it
is read (:mod:`.export_stream` says why). Meanwhile the export buttons wait, a line
says how many entries are written, and *Cancel export*, Esc or closing the window stop
it (so does quitting, or switching to another store). The file is written beside its
name and moved there only once whole (``.NAME.XXXX.part``, :class:`.export.ExportFile`):
stopped, a full disk or a store that fails midway leave no half file under that name
(an older file of that name stays as it was), and the window says why in one sentence.

The file name proposed is ``history-DATE.csv`` (``history-SERIAL-DATE…`` when the
list is one serial's) in the folder of the last export, the one every export of
the app remembers (``ui/shared/export_file.py``). A name typed without an extension
gets the kind's. The columns and keys of the files stay English in every language
(``export.py``).
"""

from __future__ import annotations

import asyncio
import os

from PySide6.QtCore import QSettings

from licensedesk import clock
from licensedesk.history import HistoryQuery, HistoryReads, StoreError
from licensedesk.history.paging import Sort
from licensedesk.i18n import _, ngettext

from ..shared.export_file import (
    last_folder,
    remember_folder,
    save_failed_sentence,
    with_extension,
)
from ..shared.tasks import TaskRunner
from ..shared.values import format_number
from .controller import EXPORT_TASK
from .export import ExportFile, default_file_name
from .export_stream import write_list
from .window import HistoryWindow


class HistoryExport:
    """The History window's exports: one at a time, on the feature's task runner (quit
    cancels it with the window's other reads)."""

    def __init__(
        self, window: HistoryWindow, qsettings: QSettings, runner: TaskRunner, history: HistoryReads
    ) -> None:
        self._window = window
        self._qsettings = qsettings
        self._runner = runner
        self._history = history

    def start(
        self, kind: str, query: HistoryQuery | None, sort: Sort, serial: str | None = None
    ) -> asyncio.Task | None:
        """Ask where, then write every entry of ``query`` in ``sort``'s order (the list on
        show); the task writing it, or None (nothing to export, no file chosen)."""
        w = self._window
        if self._runner.is_running(EXPORT_TASK):
            return None
        if query is None or w.model.rowCount() == 0:
            w.show_status(_("Nothing to export: no entry is on show."))
            return None
        proposed = os.path.join(
            last_folder(self._qsettings), default_file_name(kind, clock.today(), serial)
        )
        path = w.ask_save_path(proposed, kind)
        if not path:
            return None
        path = with_extension(path, kind)
        total = None if w.model.has_more else w.model.rowCount()  # counted, or not yet
        w.set_exporting(True)
        w.show_export_progress(0, total, path)
        return self._runner.run(EXPORT_TASK, lambda: self._write(kind, path, query, sort, total))

    def cancel(self) -> bool:
        """Stop the export running, if any (its file is removed); True if there was one."""
        return self._runner.cancel(EXPORT_TASK)

    async def _write(
        self, kind: str, path: str, query: HistoryQuery, sort: Sort, total: int | None
    ) -> str | None:
        w = self._window
        try:
            n = await write_list(
                self._history,
                query,
                sort,
                ExportFile(path, kind),
                lambda n: w.show_export_progress(n, total, path),
            )
        except asyncio.CancelledError:
            w.show_status(
                _("The export was stopped: nothing was saved to {path}.").format(path=path)
            )
            raise
        except OSError as exc:
            w.banner.show_error(save_failed_sentence(path, exc), f"{type(exc).__name__}: {exc}")
            return None
        except StoreError as exc:
            w.banner.show_error(_store_failed_sentence(path, exc), exc.sentence)
            return None
        finally:
            w.set_exporting(False)
        w.banner.clear()
        remember_folder(self._qsettings, path)
        w.show_status(
            ngettext("Saved {n} entry to {path}", "Saved {n} entries to {path}", n).format(
                n=format_number(n), path=path
            )
        )
        return path


def _store_failed_sentence(path: str, exc: StoreError) -> str:
    """``Could not save to PATH: the history file … cannot be read (…).``: the store's
    reason is a clause (its whole sentence, when it has no clause, goes to the details)."""
    if exc.whole:
        return _("Could not save to {path}: the history could not be read.").format(path=path)
    return _("Could not save to {path}: {reason}.").format(path=path, reason=exc.reason.rstrip("."))
