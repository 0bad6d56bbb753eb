"""What every export shares: the folder it proposes (the last one used, else Documents),
writing the file in one go, and the sentence when it cannot be written.

The activations export, the batch check, the renewals and the history use it, so all
remember one folder (QSettings ``export/lastFolder``) and fail with the same words; the
batch check's and the renewals' windows share their whole save flow too
(:func:`save_rows`).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QSettings, QStandardPaths

from licensedesk.i18n import N_, _, ngettext
from licensedesk.paths import PartFile

from .values import format_number

if TYPE_CHECKING:
    from .error_banner import ErrorBanner

LAST_FOLDER = "export/lastFolder"


@dataclass(frozen=True)
class FailureWords:
    """How the window says that one thing done to a file failed: the whole sentence per
    errno (a translation may order it differently), else one with the system's own
    reason (already in its language), else one for a system that gave none. Each has
    ``{path}``; translated when said."""

    by_errno: Mapping[int, str]
    with_reason: str
    refused: str

    def sentence(self, path: str, exc: OSError) -> str:
        """Words for a person, never a traceback."""
        words = self.by_errno.get(exc.errno or 0)
        if words is not None:
            return _(words).format(path=path)
        if exc.strerror:
            return _(self.with_reason).format(path=path, reason=exc.strerror.lower())
        return _(self.refused).format(path=path)


#: why a file could not be written
SAVE_FAILED = FailureWords(
    {
        errno.EACCES: N_("Could not save to {path}: permission denied."),
        errno.EPERM: N_("Could not save to {path}: permission denied."),
        errno.ENOENT: N_("Could not save to {path}: the folder does not exist."),
        errno.ENOTDIR: N_("Could not save to {path}: part of the path is a file, not a folder."),
        errno.EISDIR: N_("Could not save to {path}: that is a folder."),
        errno.ENOSPC: N_("Could not save to {path}: the disk is full."),
        errno.EROFS: N_("Could not save to {path}: the disk is read-only."),
        errno.EFBIG: N_("Could not save to {path}: the file is larger than this system allows."),
        errno.ENXIO: N_("Could not save to {path}: no program is reading from it."),
    },
    N_("Could not save to {path}: {reason}."),
    N_("Could not save to {path}: the system refused."),
)


def last_folder(qsettings: QSettings) -> str:
    """The folder of the last export if it still exists, else Documents (or home)."""
    value = qsettings.value(LAST_FOLDER)
    if isinstance(value, str) and value and os.path.isdir(value):
        return value
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return documents if documents and os.path.isdir(documents) else os.path.expanduser("~")


def remember_folder(qsettings: QSettings, path: str) -> None:
    qsettings.setValue(LAST_FOLDER, os.path.dirname(os.path.abspath(path)))


def save_failed_sentence(path: str, exc: OSError) -> str:
    """``Could not save to PATH: REASON.`` (:data:`SAVE_FAILED`)."""
    return SAVE_FAILED.sentence(path, exc)


def with_extension(path: str, ext: str) -> str:
    """``path`` with ``.ext`` added when the name typed has no extension at all: a file
    called ``report`` that no program opens helps nobody. A name with its own
    extension is left as typed, and so is a FIFO, a device or a symlink that is there: the
    user named that very thing."""
    if os.path.islink(path) or (os.path.exists(path) and not os.path.isfile(path)):
        return path
    name = os.path.basename(path)
    return path if "." in name.strip(".") else f"{path}.{ext.lstrip('.')}"


def write_text_file(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8, newlines as given); raises OSError."""
    write_bytes_file(path, text.encode("utf-8"))


def write_bytes_file(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` as every file of the desk is written
    (:class:`licensedesk.paths.PartFile`): a file replaced whole or not at all, a FIFO or
    a device written through, a symlink kept. Raises OSError; a FIFO that nobody reads
    is ENXIO at once rather than a window that hangs."""
    with PartFile(path, binary=True, wait_for_reader=False) as stream:
        stream.write(data)


class ExportWindow(Protocol):
    """A window that exports its rows: it asks where and says how it went."""

    banner: ErrorBanner

    def ask_save_path(self, proposed: str, kind: str) -> str: ...

    def show_status(self, text: str) -> None: ...


def save_rows(
    window: ExportWindow,
    qsettings: QSettings,
    kind: str,
    file_name: str,
    write: Callable[[str], int],
) -> str | None:
    """Ask where (``file_name`` proposed in the last export's folder), ``write(path)``
    (how many rows; raises OSError), and say where they went or why not: the banner's
    sentence, never a traceback. The path written, or None."""
    proposed = os.path.join(last_folder(qsettings), file_name)
    path = window.ask_save_path(proposed, kind)
    if not path:
        return None
    path = with_extension(path, kind)
    try:
        rows = write(path)
    except OSError as exc:
        window.banner.show_error(save_failed_sentence(path, exc), f"{type(exc).__name__}: {exc}")
        return None
    window.banner.clear()
    remember_folder(qsettings, path)
    window.show_status(
        ngettext("Saved {n} row to {path}", "Saved {n} rows to {path}", rows).format(
            n=format_number(rows), path=path
        )
    )
    return path
