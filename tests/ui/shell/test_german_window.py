"""The window in German, against the sandbox: menus, the workspace, the licence card with
a date in the German form and the plural of the activations count come from the shipped
catalogue (resources/translations/de.po) and the locale, as ``--lang de`` sets them up
(``licensedesk.i18n.use_language`` and ``QLocale.setDefault``, before the window is
built, as ``ui/shell/language.py`` does)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from PySide6.QtWidgets import QLabel

from tests.ui.helpers import accessible_name, look_up


def menu_titles(window) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def test_the_window_speaks_german(german, desk, qtbot):
    window = desk.window
    assert menu_titles(window)[:2] == ["&Datei", "&Ansicht"]
    workspace = desk.lookup.workspace
    assert workspace.lookup_button.text() == "Nachschlagen"
    tabs = workspace.lower_tabs
    assert tabs.tabText(0).startswith("Aktivierungen")

    serial = desk.sandbox.serial("perpetual")
    look_up(desk, qtbot, serial)
    card = window.findChild(QLabel, "license_created")
    # the German short date: 24.11.26 (day, month, two-digit year), never 2026-11-24
    assert re.search(r"\b\d{2}\.\d{2}\.\d{2}\b", card.text()), card.text()
    assert accessible_name(card).startswith("Erstellt"), accessible_name(card)


def test_counts_say_the_german_plural(german, zone):
    from licensedesk.ui.lookup.validity import validity

    zone("Europe/Berlin")
    now = datetime(2026, 11, 24, tzinfo=UTC)  # 01:00 in Berlin
    one = validity(now - timedelta(days=30), now + timedelta(hours=30), now)
    many = validity(now - timedelta(days=30), now + timedelta(days=5), now)
    assert "noch 1 Tag" in one.text and "Tage" not in one.text
    assert "noch 5 Tage" in many.text
