"""What the window remembers between runs (QSettings): geometry, splitters,
column widths, last profile, recent serials per profile (serials only, never keys),
whether to notify of renewals."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QByteArray, QSettings

from licensedesk import APP_ID

#: the products table's columns (Seats after the name); the state saved under
#: ``workspace/productsHeader`` had them in the earlier order and is not read
PRODUCTS_HEADER = "workspace/productsColumns"


class WindowSettings:
    def __init__(self, settings: QSettings | None = None) -> None:
        """``settings``: the user's own INI file of the app unless given (tests)."""
        self.qsettings = settings or QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, APP_ID, APP_ID
        )

    def save_window(self, window) -> None:
        """Geometry, and the workspace's state if it was built (a session that stayed on
        the welcome page keeps what an earlier one saved)."""
        s = self.qsettings
        s.setValue("window/geometry", window.saveGeometry())
        s.setValue("window/state", window.saveState())
        if window.has_workspace():
            ws = window.workspace
            s.setValue("workspace/mainSplitter", ws.main_splitter.saveState())
            s.setValue("workspace/topSplitter", ws.top_splitter.saveState())
            s.setValue(
                "workspace/activationsHeader", ws.activations.table.horizontalHeader().saveState()
            )
            s.setValue(PRODUCTS_HEADER, ws.products.table.horizontalHeader().saveState())
            s.remove("workspace/productsHeader")  # the earlier column order's (PRODUCTS_HEADER)
            s.setValue("lookup/recentByProfile", ws.recent_by_profile.dump())
            s.remove("lookup/recentSerials")  # before 0.2: one list for all profiles, not found too
        s.sync()

    def restore_geometry(self, window) -> None:
        """Before the first show: size and position only (no workspace needed)."""
        self.restore(
            (("window/geometry", window.restoreGeometry), ("window/state", window.restoreState))
        )

    def restore_workspace(self, window) -> None:
        ws = window.workspace
        self.restore(
            (
                ("workspace/mainSplitter", ws.main_splitter.restoreState),
                ("workspace/topSplitter", ws.top_splitter.restoreState),
                ("workspace/activationsHeader", ws.activations.restore_columns),
                (PRODUCTS_HEADER, ws.products.restore_columns),
            )
        )
        ws.recent_by_profile.load(self.qsettings.value("lookup/recentByProfile"))

    def restore(self, states: Iterable[tuple[str, Callable[[QByteArray], object]]]) -> None:
        """Hand each ``(key, restore)`` its saved state; one never saved (or saved empty)
        leaves its widget as it was made."""
        for key, restore in states:
            value = self.qsettings.value(key)
            if isinstance(value, QByteArray) and not value.isEmpty():
                restore(value)

    @property
    def last_profile(self) -> str | None:
        value = self.qsettings.value("profiles/last")
        return value if isinstance(value, str) and value else None

    @last_profile.setter
    def last_profile(self, name: str | None) -> None:
        self.qsettings.setValue("profiles/last", name or "")

    # -- on/off settings of the window's checkable actions (ActionSpec.setting) ---------
    def flag(self, key: str) -> bool:
        """On unless turned off."""
        value = self.qsettings.value(key, True)
        return value not in (False, "false", "0", 0)

    def set_flag(self, key: str, on: bool) -> None:
        self.qsettings.setValue(key, bool(on))
        self.qsettings.sync()

    def bind_actions(self, registry) -> None:
        """Check each action that has a setting as the setting says, and save it when the
        person toggles it (once per registry: the welcome page's and the desk's start
        both call it)."""
        from .actions import SPECS

        if registry.settings_bound:
            return
        registry.settings_bound = True
        for spec in SPECS:
            if spec.setting:
                action = registry[spec.name]
                action.setChecked(self.flag(spec.setting))
                action.toggled.connect(lambda on, key=spec.setting: self.set_flag(key, on))

    @property
    def notify_renewals(self) -> bool:
        """Tell the desktop when licences of the book enter the renewals window
        (View \u2192 Notify of renewals; default on)."""
        return self.flag("notifications/renewals")
