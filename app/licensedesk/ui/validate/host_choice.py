"""What a validation records on the licence: the validate dialog's host choice.

Validating with a host ID records that device and may take one of the customer's
seats, so the first entry, and the default, records nothing. Recording is an
explicit choice: this computer, one of the licence's own devices, or a typed host.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from licensedesk.i18n import N_, _

from ..shared.labels import plain_tip, shown

NOTHING = "nothing"
THIS = "this"
DEVICE = "device"
TYPED = "typed"

NOTHING_TEXT = N_("Record nothing (check only)")
TYPED_TEXT = N_("Another host ID (type it below)")


def device_text(host: str, tag: str, products: list[str], activated: bool) -> str:
    """One device of the licence, as a person tells them apart: tag, start of the host ID,
    its products, and whether it is switched off."""
    name = shown(tag) or _("no device tag")
    text = f"{name} \u2014 {shown(host[:8])}\u2026"
    if products:
        text += f" ({', '.join(shown(p) for p in products)})"
    # TRANSLATORS: a device in the "Record" list whose activation is switched off
    return text if activated else _("{device}, switched off").format(device=text)


class HostChoice(QComboBox):
    """Each item's data is ``(kind, host, tag)``; a change of the choice by the code
    (:meth:`select_host`) leaves the host and tag fields as they are."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("validateRecord")
        self.setAccessibleName(_("Record on the licence"))
        self.setAccessibleDescription(
            _(
                "Validating with a host ID records that device on the licence and may take one "
                "of its seats; the first choice records nothing."
            )
        )
        self.set_options(("", ""), [])

    def set_options(self, this_host: tuple[str, str], devices: Iterable[Any]) -> None:
        """Nothing, this computer (when its identity is known), each distinct host of
        ``devices`` (activations of the licence) other than this one, a typed host."""
        was = self.blockSignals(True)
        try:
            self.clear()
            self.addItem(_(NOTHING_TEXT), (NOTHING, "", ""))
            host, tag = this_host
            if host:
                self.addItem(
                    _("This computer \u2014 {tag}").format(tag=tag or _("no device tag")),
                    (THIS, host, tag),
                )
                self.setItemData(self.count() - 1, plain_tip(host), Qt.ItemDataRole.ToolTipRole)
            for dev_host, dev_tag, products, activated in _distinct(devices, skip=host):
                self.addItem(
                    device_text(dev_host, dev_tag, products, activated), (DEVICE, dev_host, dev_tag)
                )
                self.setItemData(self.count() - 1, plain_tip(dev_host), Qt.ItemDataRole.ToolTipRole)
            self.addItem(_(TYPED_TEXT), (TYPED, "", ""))
        finally:
            self.blockSignals(was)

    def kind(self) -> str:
        return self._data(self.currentIndex())[0]

    def item_host(self) -> tuple[str, str]:
        """Host ID and device tag of the chosen entry ("" for nothing and typed)."""
        _kind, host, tag = self._data(self.currentIndex())
        return host, tag

    def select_host(self, host: str | None) -> None:
        """Choose the entry of ``host`` without telling anyone: nothing for no host, else
        this computer or a device with that host ID, else a typed host."""
        host = (host or "").strip()
        index = 0
        if host:
            index = self.count() - 1  # typed
            for i in range(self.count()):
                kind, item_host, _tag = self._data(i)
                if kind in (THIS, DEVICE) and item_host == host:
                    index = i
                    break
        self._choose(index)

    def select_kind(self, kind: str) -> None:
        """Choose the first entry of ``kind`` (silently, like :meth:`select_host`)."""
        kinds = [self._data(i)[0] for i in range(self.count())]
        if kind in kinds:
            self._choose(kinds.index(kind))

    def _choose(self, index: int) -> None:
        was = self.blockSignals(True)
        self.setCurrentIndex(index)
        self.blockSignals(was)

    def _data(self, index: int) -> tuple[str, str, str]:
        data = self.itemData(index)
        return data if isinstance(data, tuple) else (NOTHING, "", "")


def _distinct(devices: Iterable[Any], skip: str) -> list[tuple[str, str, list[str], bool]]:
    """(host, tag, product names, any activated) per host ID, in the order first seen."""
    seen: dict[str, tuple[str, list[str], bool]] = {}
    for act in devices:
        host = (act.host_id or "").strip()
        if not host or host == skip:
            continue
        tag, products, activated = seen.get(host, (act.device_tag or "", [], False))
        if act.product_name and act.product_name not in products:
            products.append(act.product_name)
        seen[host] = (tag, products, activated or bool(act.activated))
    return [(host, tag, products, on) for host, (tag, products, on) in seen.items()]
