"""Tooltips that quote the service's or a user's text show that text: markup in it is
never rendered (Qt reads a tooltip that looks like HTML as HTML)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument

from licensedesk.ui.shared.labels import plain_tip


@pytest.mark.parametrize(
    "text, shown",
    [
        ("<img src='http://evil.example/x.png'>", "<img src='http://evil.example/x.png'>"),
        (
            "<a href='http://evil.example'>Renew</a> & more",
            "<a href='http://evil.example'>Renew</a> & more",
        ),
        ("<b>Ada</b>\u202eevil", "<b>Ada</b>\\u202eevil"),
        ("plain words", "plain words"),
    ],
)
def test_a_tooltip_shows_markup_as_text(qapp, text, shown):
    document = QTextDocument()
    document.setHtml(plain_tip(text))  # what Qt does with a tooltip that looks like HTML
    assert document.toPlainText() == shown


def test_no_text_is_no_tooltip():
    assert plain_tip("") == "" and plain_tip(None) == ""
