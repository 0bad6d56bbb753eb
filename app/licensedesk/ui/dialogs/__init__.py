"""Dialogs. None of them is run with exec() inside a coroutine: they are opened
with ``open()`` and report through ``finished``, or resolve a future that a
coroutine awaits (``ConfirmDialog.ask``)."""
