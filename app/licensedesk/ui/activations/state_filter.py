"""The devices' quick filter and summary: All / Active / Inactive beside the filter box,
"36 of 42 active" under the table. On a long list, which devices are on is what a
person looks for first; typing "yes" into the text filter was the only way."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel

from licensedesk.i18n import N_, _, ngettext

from ..shared.values import format_number

#: the combo's entries: the model's state key and its words
CHOICES = (
    # TRANSLATORS: the activations' quick filter: every device
    ("all", N_("All")),
    # TRANSLATORS: the activations' quick filter: activated devices only
    ("active", N_("Active")),
    # TRANSLATORS: the activations' quick filter: deactivated devices only
    ("inactive", N_("Inactive")),
)


def state_combo() -> QComboBox:
    """All / Active / Inactive; its current data is the model's state key."""
    combo = QComboBox()
    combo.setObjectName("activationsState")
    combo.setAccessibleName(_("Show devices"))
    combo.setToolTip(_("Show every device, the activated ones or the deactivated ones"))
    for key, words in CHOICES:
        combo.addItem(_(words), key)
    return combo


def active_text(active: int, total: int) -> str:
    """ "36 of 42 active"; "" when there are no devices."""
    if total == 0:
        return ""
    # TRANSLATORS: activated devices of all the licence's devices
    text = ngettext("{active} of {total} active", "{active} of {total} active", total)
    return text.format(active=format_number(active), total=format_number(total))


def active_label() -> QLabel:
    """Under the table, right-aligned: in the filter row it made the window's narrowest
    width too wide for a laptop, and a new width there moves the filter box."""
    label = QLabel()
    label.setObjectName("activationsActive")
    label.setAccessibleName(_("Activated devices"))
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return label
