"""The house style: dialog buttons without the style's fixed-colour bitmaps."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QProxyStyle, QStyle

from licensedesk.ui.shell.style import DeskStyle

ICONS_HINT = QStyle.StyleHint.SH_DialogButtonBox_ButtonsHaveIcons


class IconButtonsStyle(QProxyStyle):
    """A platform that puts icons on dialog buttons (as Linux desktops do under xcb;
    the offscreen platform does not, so the test brings its own)."""

    def styleHint(self, hint, option=None, widget=None, returnData=None) -> int:
        if hint == ICONS_HINT:
            return 1
        return super().styleHint(hint, option, widget, returnData)


def _close_button_icon_is_null(qtbot, style) -> bool:
    box = QDialogButtonBox()
    qtbot.addWidget(box)
    box.setStyle(style)
    return box.addButton(QDialogButtonBox.StandardButton.Close).icon().isNull()


def test_dialog_buttons_have_no_icons_even_where_the_platform_adds_them(qtbot):
    platform = IconButtonsStyle()
    assert not _close_button_icon_is_null(qtbot, platform)  # the platform would add one
    style = DeskStyle(IconButtonsStyle())
    assert style.styleHint(ICONS_HINT) == 0
    assert _close_button_icon_is_null(qtbot, style)
    hint = QStyle.StyleHint.SH_ItemView_ActivateItemOnSingleClick  # others: the platform's
    assert style.styleHint(hint) == platform.styleHint(hint)
