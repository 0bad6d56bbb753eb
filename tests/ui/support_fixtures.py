"""Helpers for the support-dialog tests (validate, upgrade, registration)."""

from __future__ import annotations

from licensedesk.api import ClientConfig, Credentials, LicenseClient


def server_client(sandbox) -> LicenseClient:
    """A separate client on the sandbox (read_write pair), to check the server's state."""
    app_id, key = sandbox.creds("read_write")
    pair = Credentials(app_id, key)
    return LicenseClient(ClientConfig(sandbox.url, read=pair, write=pair))


def server_read(run, sandbox, method: str, *args):
    """``run`` one client call against the sandbox; an ApiError is returned, not raised."""
    from licensedesk.api.errors import ApiError

    async def read():
        async with server_client(sandbox) as client:
            try:
                return await getattr(client, method)(*args)
            except ApiError as exc:
                return exc

    return run(read())


def exists(run, sandbox, serial: str) -> bool:
    from licensedesk.api.errors import NotFound

    result = server_read(run, sandbox, "show_license", serial)
    assert not isinstance(result, Exception) or isinstance(result, NotFound), result
    return not isinstance(result, Exception)


def wait_done(desk, qtbot, timeout: int = 10000) -> None:
    qtbot.waitUntil(lambda: not desk.runner.running(), timeout=timeout)


def double_click(button) -> None:
    """Two quick clicks, as a hurried double click: press/release twice, no waiting."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    for _ in range(2):
        QTest.mousePress(button, Qt.MouseButton.LeftButton)
        QTest.mouseRelease(button, Qt.MouseButton.LeftButton)


def use_read_timeout(desk, store, seconds: float, profile: str = "Sandbox") -> None:
    """Give the desk's profile a short read time-out; its next client uses it."""
    import dataclasses

    store.save(dataclasses.replace(store.get(profile), read_timeout=seconds))
    desk.connections.forget_client(profile)
    assert desk.connections.client(profile).config.read_timeout == seconds


def use_pair_for_both(desk, store, secrets, label: str, profile: str = "Sandbox") -> str:
    """Put the sandbox credential ``label`` (e.g. ``read``: a read-only key) in both pairs
    of the profile; returns its api_key."""
    import dataclasses

    app_id, key = desk.sandbox.creds(label)
    store.save(dataclasses.replace(store.get(profile), read_app_id=app_id, write_app_id=app_id))
    secrets.set(profile, "read", key)
    secrets.set(profile, "write", key)
    desk.connections.forget_client(profile)
    return key


def revoke(sandbox, app_id: str) -> None:
    """An admin takes every permission from ``app_id`` on the server (the key stays the same)."""
    import sqlite3

    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute(
            "UPDATE credentials SET can_read = 0, can_write = 0 WHERE app_id = ?", (app_id,)
        )


def dialog_texts(dialog) -> str:
    """Every text a person can see or copy in ``dialog``: labels, fields, buttons, tips,
    the error details and what the banner's Copy button puts on the clipboard."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit, QPlainTextEdit, QWidget

    parts = [dialog.windowTitle()]
    for w in dialog.findChildren(QWidget):
        parts += [w.toolTip(), w.accessibleName(), w.statusTip()]
        if isinstance(w, QLabel | QLineEdit | QAbstractButton):
            parts.append(w.text())
        elif isinstance(w, QPlainTextEdit):
            parts.append(w.toPlainText())
    dialog.banner.copy_button.click()
    parts.append(QGuiApplication.clipboard().text())
    return "\n".join(p for p in parts if p)
