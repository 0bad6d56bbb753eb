"""Check many serials at once: the "Check many serials" window (Ctrl+B).

The engine is Qt-free (:mod:`licensedesk.batch`: parse, check, export); this
folder only shows it. ``model.py`` holds one row per serial (a ``CheckResult``
once answered), ``buffer.py`` gathers answers and hands them over in chunks,
``controller.py`` runs the check through the task runner, ``window.py`` is the
window, ``export_flow.py`` the CSV/JSON export and ``wiring.py`` connects them.
"""
