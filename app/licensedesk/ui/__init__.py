"""The Qt front end of License Desk.

House rules (DESIGN.md §1, STYLE.md):

- ``views/``, ``dialogs/`` and ``partials/`` hold widgets. Widgets never see the
  application object, hold no ``async def`` and never catch ``httpx`` errors:
  they show state and emit signals.
- ``controllers/`` hold the async work (QObjects, testable without a window).
  Every network call goes through :class:`licensedesk.ui.tasks.TaskRunner`.
- ``models/`` hold Qt item models over the api's model objects.
- ``main_window.py`` arranges; ``app.py`` wires controllers to widgets.
- Nothing here imports ``httpx``, ``keyring`` or the api at module level, so
  the window can paint before the network stack is loaded.
"""
