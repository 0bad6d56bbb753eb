"""The application style: the platform's, with our house rules on top.

Dialog buttons carry no icons: the style would put its own fixed-colour
bitmaps on some (a black ✕ on "Close", invisible in dark mode) and none on
our own buttons ("Validate", "Upgrade"), so a row looked mixed. Without them
every row reads the same, as GNOME and Windows dialogs do.
"""

from __future__ import annotations

from PySide6.QtWidgets import QProxyStyle, QStyle


class DeskStyle(QProxyStyle):
    def styleHint(self, hint, option=None, widget=None, returnData=None) -> int:
        if hint == QStyle.StyleHint.SH_DialogButtonBox_ButtonsHaveIcons:
            return 0
        return super().styleHint(hint, option, widget, returnData)
