"""The start-up order after the first paint, one function for the app and the UI tests.

``licensedesk.__main__`` shows the bare window first (fast first paint), then
calls :func:`start_desk` with the real stores; ``tests/ui/conftest.py`` calls
it with stores in temporary folders. Either way: the pages are built, the
workspace's splitters and columns restored, the features wired, and the demo
started or the start page chosen.
"""

from __future__ import annotations

from .demo import DemoService
from .desk import DeskApp
from .settings import WindowSettings


def start_desk(
    window,
    settings: WindowSettings,
    connections,
    *,
    host_id: str | None = None,
    log_path: str | None = None,
    demo: bool = False,
    profile: str | None = None,
    demo_factory=DemoService,
) -> DeskApp:
    """Build the pages and the features on ``window`` (already shown) and open the start page."""
    window.build_pages()
    settings.restore_workspace(window)
    if demo or profile:
        window.show_workspace()
    desk = DeskApp(window, connections, settings, host_id=host_id, log_path=log_path,
                   demo_factory=demo_factory)
    if demo:
        desk.start_demo()
    else:
        desk.choose_start_page(profile)
    return desk
