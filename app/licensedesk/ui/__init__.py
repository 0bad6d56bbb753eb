"""The Qt front end of License Desk, organised by feature.

One folder per thing a person does: ``lookup/``, ``activations/``, ``validate/``,
``upgrade/``, ``registration/``, ``profiles/``. Each holds its controller, widgets,
item models and dialogs, and one ``wiring.py`` whose ``install_*`` function
connects them. What several features use is in ``shared/``; the window, its
action registry, the welcome page, settings and ``DeskApp`` are in ``shell/``.

House rules (DESIGN.md §1, STYLE.md):

- Widgets never see the application object, hold no ``async def`` and never
  catch ``httpx`` errors: they show state and emit signals.
- Controllers hold the async work (QObjects, testable without a window): they
  take the task runner and a client getter, report through signals, and never
  see the window. Every network call goes through
  :class:`licensedesk.ui.shared.tasks.TaskRunner`.
- Sentences for api failures come from the api (``ApiError.sentence``); the UI
  shows them and tells errors apart with ``isinstance``.
- Only ``shell/start.py`` and the wiring run after the first paint; nothing
  the first paint needs imports ``httpx``, ``keyring`` or the api.
"""
