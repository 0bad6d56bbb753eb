"""The *Export CSV…* button: propose a file, write it, say where it went or why not.

The proposal is ``activations-SERIAL-DATE.csv`` in the folder of the last
export (QSettings ``export/lastFolder``; Documents the first time). A file
that cannot be written is an expected error: a sentence in the window's
banner ("Could not save to …: permission denied."), never a traceback. A name
typed without an extension gets ``.csv``.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from licensedesk import clock
from licensedesk.i18n import ngettext

from ..shared.export_file import (
    last_folder,
    remember_folder,
    save_failed_sentence,
    with_extension,
)
from .export import default_file_name, save_csv

if TYPE_CHECKING:
    from ..shared.context import DeskContext, LookupPort
    from .panel import ActivationsPanel


def licensee_of(license_: Any) -> str:
    """``Name <e-mail>`` as on the card; either part alone; "" when unknown."""
    if license_ is None:
        return ""
    name, email = license_.name or "", license_.email or ""
    return f"{name} <{email}>" if name and email else name or email


def install_export(ctx: DeskContext, lookup: LookupPort, panel: ActivationsPanel) -> None:
    """Connect the panel's ``exportRequested`` to the save flow."""
    window, banner, qsettings = ctx.window, ctx.banner, ctx.settings.qsettings
    shown_error = [""]  # the banner's sentence of the last failed export

    def export() -> None:
        serial = lookup.serial or ""
        proposed = os.path.join(last_folder(qsettings), default_file_name(serial, clock.today()))
        path = panel.ask_csv_path(proposed)
        if not path:
            return
        path = with_extension(path, "csv")
        shown = lookup.shown(serial)
        license_ = shown.license if shown is not None else None
        on_card = license_ is not None and license_.serial == serial
        try:
            rows = save_csv(path, panel.model, serial, licensee_of(license_ if on_card else None))
        except OSError as exc:
            shown_error[0] = save_failed_sentence(path, exc)
            banner.show_error(shown_error[0], f"{type(exc).__name__}: {exc}")
            return
        if shown_error[0] and banner.text() == shown_error[0]:
            banner.clear()
        remember_folder(qsettings, path)
        saved = ngettext(
            "Saved {n} activation to {path}", "Saved {n} activations to {path}", rows
        ).format(n=rows, path=path)
        window.statusBar().showMessage(saved, 15000)

    panel.exportRequested.connect(export)
