"""The workspace by keyboard alone (issue #15): Tab goes through it as the eye reads it,
from the serial box over the card's *Links* button, the products and their secrets,
the Activations tab to the activations' filter, table and bulk buttons, and round to the
serial box; every stop has a name a screen reader says (not an object name)."""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import QObject, Qt, QTimer, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel

from ..helpers import (
    accessible_name,
    activations_table,
    look_up,
    select_rows,
    serial_box,
    tab_sequence,
    wait_idle,
)
from .test_serial_box import paste_and_enter

SECRETS = ("key", "signature", "signature_trial")
#: from the serial box, with a product and a device selected: every stop, in order
WORKSPACE_ORDER = [
    "lookupButton",
    "licenseLinksButton",
    "productsTable",
    *[f"product_{s}_{part}" for s in SECRETS for part in ("value", "reveal", "copy")],
    "qt_tabwidget_tabbar",
    "activationsFilter",
    "activationsState",
    "activationsTable",
    "activateButton",
    "deactivateButton",
    "deleteButton",
    "exportButton",
    "profileSelector",
    "profilesButton",
    "serialInput",
]
EMAIL = "it@example.com"
SKU_URL = "https://shop.example.com/sku/studio"


def set_links(
    sandbox,
    kind: str,
    email: str | None = EMAIL,
    url: str | None = SKU_URL,
    image: str | None = None,
) -> None:
    """What the licence of ``kind`` links to: its e-mail address, its SKU's page and image."""
    serial = sandbox.serial(kind)
    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute("UPDATE licenses SET name = 'IT', email = ? WHERE serial = ?", (email, serial))
        conn.execute(
            "UPDATE skus SET url = ?, image_url = ? WHERE id = (SELECT sku_id "
            "FROM licenses WHERE serial = ?)",
            (url, image, serial),
        )


def activate_window(desk, qtbot) -> None:
    desk.window.activateWindow()
    qtbot.waitUntil(desk.window.isActiveWindow, timeout=2000)


def select_first_product(ws, qtbot) -> None:
    table = ws.products.table
    rect = table.visualRect(table.model().index(0, 0))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(ws.products.secrets_box.isEnabled, timeout=2000)


def names(widgets) -> list[str]:
    return [w.objectName() if w is not None else "<none>" for w in widgets]


def test_tab_goes_round_the_workspace_in_reading_order_and_every_stop_is_named(desk, qtbot):
    set_links(desk.sandbox, "perpetual")
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    ws = desk.window.workspace
    activate_window(desk, qtbot)
    select_first_product(ws, qtbot)
    select_rows(activations_table(desk), [0])

    reached = tab_sequence(serial_box(desk), len(WORKSPACE_ORDER))

    assert names(reached) == WORKSPACE_ORDER
    for widget in reached:
        name = accessible_name(widget)
        assert name.strip(), widget.objectName()
        assert name != widget.objectName(), name  # a human name, not an object name


def test_after_a_paste_of_several_serials_check_all_follows_look_up(desk, qtbot):
    """The "Check all N" offer sits under the box: Tab reaches it right after Look up,
    and the serial box says what the hint says (a screen reader is there, not at the hint)."""
    first, second = desk.sandbox.serial("perpetual"), desk.sandbox.serial("trial")
    activate_window(desk, qtbot)
    paste_and_enter(desk, qtbot, f"{first}\n{second}\n")
    qtbot.waitUntil(lambda: desk.lookup.serial == first, timeout=3000)
    wait_idle(desk, qtbot)
    ws = desk.window.workspace
    assert ws.serial_input.accessibleDescription() == ws.hint.text()
    reached = tab_sequence(serial_box(desk), 3)
    assert names(reached) == ["lookupButton", "checkAllButton", "licenseLinksButton"]
    assert accessible_name(reached[1]) == "Check all 2 pasted serials"


def test_card_links_are_reached_and_opened_by_keyboard(desk, qtbot):
    """The card's links live in labels the keyboard does not visit; its Links button
    offers each, and Space, Down, Return opens the first (the system's handler)."""
    set_links(desk.sandbox, "perpetual")
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    card = desk.window.workspace.card
    assert card.link_urls() == [f"mailto:{EMAIL}", SKU_URL]
    activate_window(desk, qtbot)
    button = tab_sequence(serial_box(desk), 2)[-1]
    assert button is card.links_button and button.hasFocus()
    assert accessible_name(button) == "Licence links"

    opened: list[str] = []
    handler = UrlCatcher(opened)
    for scheme in ("mailto", "https"):
        QDesktopServices.setUrlHandler(scheme, handler, "open_url")
    try:

        def choose_first() -> None:
            menu = QApplication.activePopupWidget()
            assert menu is card.links_menu
            QTest.keyClick(menu, Qt.Key.Key_Down)
            QTest.keyClick(menu, Qt.Key.Key_Return)

        QTimer.singleShot(0, choose_first)
        QTest.keyClick(button, Qt.Key.Key_Space)  # opens the menu (a nested loop till chosen)
        qtbot.waitUntil(lambda: opened == [f"mailto:{EMAIL}"], timeout=2000)
    finally:
        for scheme in ("mailto", "https"):
            QDesktopServices.unsetUrlHandler(scheme)


def test_a_licence_without_links_has_no_links_button(desk, qtbot):
    set_links(
        desk.sandbox, "perpetual", email=None, url="javascript:alert(1)", image="file:///etc/passwd"
    )  # no web addresses: not offered
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    card = desk.window.workspace.card
    assert card.link_urls() == []
    assert not card.links_button.isVisibleTo(card)


def test_card_labels_say_their_field_and_value(desk, qtbot):
    """A data label is no tab stop; a screen reader hears its field, then its value."""
    set_links(desk.sandbox, "perpetual")
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    card = desk.window.workspace.card
    licensee = card.labels["licensee"]
    assert accessible_name(licensee) == "Licensee"
    assert licensee.accessibleDescription() == f"IT <{EMAIL}>"  # words, not markup
    assert accessible_name(card.labels["skuUpgrade"]) == "Upgrades from SKU"
    for key, label in card.labels.items():
        assert label.focusPolicy() == Qt.FocusPolicy.NoFocus, key
        assert accessible_name(label) and accessible_name(label) != label.objectName(), key
        assert label.accessibleDescription() == _plain(label), key


def _plain(label: QLabel) -> str:
    """The words a label shows (its markup dropped)."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    if label.textFormat() == Qt.TextFormat.RichText:
        doc.setHtml(label.text())
    else:
        doc.setPlainText(label.text())
    return doc.toPlainText()


class UrlCatcher(QObject):
    """Stands in for the desktop's browser and mail program (QDesktopServices' handler)."""

    def __init__(self, seen: list[str]) -> None:
        super().__init__()
        self._seen = seen

    @Slot(QUrl)
    def open_url(self, url: QUrl) -> None:
        self._seen.append(url.toString())
