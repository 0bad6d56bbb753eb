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
