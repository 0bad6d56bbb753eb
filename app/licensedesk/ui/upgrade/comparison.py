"""The upgrade dialog's texts of the two licences side by side: the rows, each side's
cells, the type-to-confirm box and the warning of what an upgrade deletes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from licensedesk.i18n import N_, _, ngettext

from ..shared.labels import or_dash
from ..shared.support_fields import licensee, sku_text
from ..shared.values import local_time

#: key, the row's label, the field a screen reader names with each cell's value
ROWS = (
    ("serial", N_("Serial:"), N_("Serial")),
    ("sku", N_("SKU:"), N_("SKU")),
    ("sku_upgrade", N_("Upgrades from SKU:"), N_("Upgrades from SKU")),
    ("type", N_("Type:"), N_("Type")),
    ("licensee", N_("Licensee:"), N_("Licensee")),
    # TRANSLATORS: the licence's validity: start → end
    ("dates", N_("Valid:"), N_("Valid")),
    ("activations", N_("Activations:"), N_("Activations")),
)


def confirm_edit() -> QLineEdit:
    """The type-to-confirm box: a plain field, deliberately not :func:`serial_edit`, so no
    completer or other help of the serial fields can fill it in."""
    edit = QLineEdit()
    edit.setObjectName("upgradeConfirm")
    edit.setAccessibleName(_("Type the current serial to confirm"))
    edit.setAccessibleDescription(
        _("The Upgrade button is enabled once this holds the current licence's serial.")
    )
    edit.setPlaceholderText(_("Type the current serial"))
    edit.setClearButtonEnabled(True)
    edit.setMinimumWidth(260)
    edit.setCompleter(None)
    edit.setInputMethodHints(
        Qt.InputMethodHint.ImhNoPredictiveText | Qt.InputMethodHint.ImhNoAutoUppercase
    )
    return edit


def describe_side(side) -> dict[str, str]:
    """Cell texts for one licence of the preview."""
    lic = side.license
    if lic is None:
        sentence = side.failure.sentence if side.failure else _("Not read.")
        return {"serial": side.serial, "sku": sentence}
    start, end = local_time(lic.start_at), local_time(lic.end_at)
    dates = (
        _("no end (perpetual)") if not (start or end) else f"{or_dash(start)} \u2192 {or_dash(end)}"
    )
    if side.activations is None:
        # TRANSLATORS: the activations of a licence in the upgrade comparison; a reason follows
        acts = _("could not be read: {reason}").format(
            reason=side.activations_failure.sentence if side.activations_failure else ""
        )
    else:
        on = sum(1 for a in side.activations if a.activated)
        # TRANSLATORS: the activations of a licence: how many, how many of them switched on
        acts = _("{total} ({on} activated)").format(total=len(side.activations), on=on)
    return {
        "serial": side.serial,
        "sku": sku_text(lic),
        "sku_upgrade": or_dash(lic.sku_upgrade),
        "type": or_dash(str(lic.type or "").capitalize()),
        "licensee": licensee(lic),
        "dates": dates,
        "activations": acts,
    }


def deletes(serial: str, activations: list | None) -> str:
    """The warning of what an upgrade deletes: the current licence and its activations
    (how many when they could be read)."""
    if activations is None:
        return _(
            "\u26a0 Upgrading deletes the current licence {serial} and its activations. "
            "This cannot be undone."
        ).format(serial=serial)
    if not activations:
        return _(
            "\u26a0 Upgrading deletes the current licence {serial} (it has no "
            "activations). This cannot be undone."
        ).format(serial=serial)
    n = len(activations)
    return ngettext(
        "\u26a0 Upgrading deletes the current licence {serial} and its {n} activation. This "
        "cannot be undone.",
        "\u26a0 Upgrading deletes the current licence {serial} and its {n} activations. This "
        "cannot be undone.",
        n,
    ).format(serial=serial, n=n)
