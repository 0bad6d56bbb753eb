"""*View → Find a licence…* (Ctrl+K) through the real window, against the sandbox: what
the window looked up is found by a fragment of its customer, and Enter opens it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ..helpers import data_activations, look_up, wait_idle


def open_find(desk, qtbot, *, from_menu: bool = False):
    if from_menu:
        desk.window.registry["find"].trigger()  # View → Find a licence…
    else:
        QTest.keyClick(desk.window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    dialog = desk.book_find.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(dialog.box.hasFocus)
    return dialog


def type_text(widget, text: str) -> None:
    """Key by key, as a keyboard sends them (QTest.keyClicks takes ASCII only)."""
    for char in text:
        if char.isascii():
            QTest.keyClick(widget, char)
        else:
            QTest.sendKeyEvent(
                QTest.KeyAction.Click,
                widget,
                Qt.Key.Key_unknown,
                char,
                Qt.KeyboardModifier.NoModifier,
            )


def search(dialog, qtbot, text: str) -> list[str]:
    """Type ``text`` as a person would and wait for the status to say how it went."""
    dialog.box.clear()
    dialog.say("")
    type_text(dialog.box, text)
    qtbot.waitUntil(lambda: dialog.status.text() != "")
    return [dialog.model.sighting(r).serial for r in range(dialog.model.rowCount())]


def test_a_licence_looked_up_is_found_by_its_customer_and_opened(desk, qtbot):
    sandbox = desk.sandbox
    herrera = sandbox.serial("subscription_active")  # Tomás Herrera, t.herrera@example.org
    jensen = sandbox.serial("perpetual")  # Maria Jensen
    look_up(desk, qtbot, herrera)
    look_up(desk, qtbot, jensen)

    dialog = open_find(desk, qtbot)
    assert search(dialog, qtbot, "tomas") == [herrera]  # without the accent
    assert dialog.status.text() == "1 licence found"
    assert search(dialog, qtbot, "HERRERA@exam") == [herrera]
    host = data_activations(sandbox, "perpetual")[1]["host_id"]
    assert search(dialog, qtbot, host[4:14]) == [jensen]
    assert dialog.model.index(0, 1).data() == "Maria Jensen"

    assert search(dialog, qtbot, "to") == []
    assert dialog.status.text() == "Type three characters or more."
    assert search(dialog, qtbot, "nobody-here") == []
    assert dialog.status.text().startswith("No licence in the book matches.")

    search(dialog, qtbot, "tomás")
    QTest.keyClick(dialog.box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.lookup.serial == herrera)
    assert not dialog.isVisible()
    wait_idle(desk, qtbot)
    assert desk.window.workspace.card.license.serial == herrera


def test_an_empty_book_says_it_is_empty_and_how_it_fills(desk, qtbot):
    dialog = open_find(desk, qtbot)
    assert search(dialog, qtbot, "maria") == []
    said = dialog.status.text()
    assert said.startswith("The licence book is empty: nothing has been looked up here yet.")
    assert "File \u2192 Import serials into the book\u2026" in said and "team database" in said
    assert dialog.minimumSizeHint().width() <= 860  # the sentence wraps, the dialog stays
    dialog.close()

    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))  # Maria Jensen
    dialog = open_find(desk, qtbot, from_menu=True)
    assert search(dialog, qtbot, "nobody-here") == []
    assert dialog.status.text().startswith("No licence in the book matches.")


def test_enter_right_after_typing_opens_the_first_found(desk, qtbot):
    serial = desk.sandbox.serial("trial")  # Priya Raman
    look_up(desk, qtbot, serial)
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    dialog = open_find(desk, qtbot)
    QTest.keyClicks(dialog.box, "priya")
    QTest.keyClick(dialog.box, Qt.Key.Key_Return)  # before the results came
    qtbot.waitUntil(lambda: desk.lookup.serial == serial)
    assert not dialog.isVisible()


def test_in_german(desk, qtbot, german):
    look_up(desk, qtbot, desk.sandbox.serial("subscription_active"))
    dialog = open_find(desk, qtbot)
    assert dialog.windowTitle() == "Lizenz finden"
    search(dialog, qtbot, "herrera")
    assert dialog.status.text() == "1 Lizenz gefunden"
    assert dialog.model.headerData(1, Qt.Orientation.Horizontal) == "Lizenznehmer"


def test_import_serials_into_the_book_then_find_them(desk, qtbot, tmp_path, monkeypatch):
    import xlsxwriter

    from ..batch.steps import wait_checked

    sandbox = desk.sandbox
    path = tmp_path / "customers.xlsx"
    book = xlsxwriter.Workbook(str(path))
    book.add_worksheet().write_column(
        0, 0, [sandbox.serial("host_limit"), sandbox.serial("inactive_product")]
    )
    book.close()
    batch = desk.batch.open()
    monkeypatch.setattr(batch, "ask_open_path", lambda: str(path))

    desk.window.registry["importBook"].trigger()
    wait_checked(desk, qtbot)
    assert batch.count_label.text() == "2 serials"

    dialog = open_find(desk, qtbot, from_menu=True)
    assert search(dialog, qtbot, "rossi") == [sandbox.serial("host_limit")]
    assert search(dialog, qtbot, "olivia") == [sandbox.serial("inactive_product")]


def test_erase_a_licensees_personal_data_from_the_window(desk, qtbot, monkeypatch, tmp_path):
    from licensedesk.ui.shared.confirm import ConfirmDialog

    serial = desk.sandbox.serial("subscription_active")  # Tomás Herrera
    look_up(desk, qtbot, serial)
    asked: list[str] = []

    async def confirm(_parent, _title, text, accept=None):
        asked.append(text)
        return True

    monkeypatch.setattr(ConfirmDialog, "ask", confirm)
    monkeypatch.setattr(desk.book_find, "ask_who", lambda: "T.Herrera@example.org")
    desk.window.registry["forgetLicensee"].trigger()
    qtbot.waitUntil(lambda: desk.window.statusBar().currentMessage().startswith("Erased"))
    said = desk.window.statusBar().currentMessage()
    assert said.startswith("Erased: 1 licence record, 0 notes, 0 history entries, 0 changes seen. ")
    assert asked == [
        "Erase the name and e-mail of T.Herrera@example.org from 1 record: "
        "licences 1, notes 0, history entries 0, changes seen 0? The records stay, without them."
    ]
    dialog = open_find(desk, qtbot, from_menu=True)
    assert search(dialog, qtbot, "herrera") == []
    assert search(dialog, qtbot, serial[:9]) == [serial]  # the record stays
    # the window's own connections stay open: the write-ahead log is emptied, not left
    # holding the pages the window wrote (the record, name and e-mail)
    data = tmp_path / "data"
    for path in data.iterdir():
        raw = path.read_bytes().lower()
        assert b"t.herrera@example.org" not in raw and b"herrera" not in raw, path.name
    assert (
        desk.window.statusBar()
        .currentMessage()
        .startswith("Erased: 1 licence record, 0 notes, 0 history entries, 0 changes seen. ")
    )
