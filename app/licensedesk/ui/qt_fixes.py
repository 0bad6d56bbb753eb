"""Work-around: ``SignalInstance.emit``/``disconnect`` lose a reference (PySide6 6.12.0).

On Python 3.11 every ``signal.emit(...)`` (and ``signal.disconnect(...)``)
from Python returns ``True`` without taking a reference to it, so each call
lowers ``True``'s reference count by one; after a few thousand emits the
interpreter aborts with "Fatal Python error: bool_dealloc" (seen in the UI
tests and benchmarks). On 3.12+ ``True`` is immortal and nothing happens.
:func:`install` probes each method once and, only where the bug shows, wraps
it to give the reference back. Idempotent.
"""

from __future__ import annotations

import sys

_installed = False


def _steals_true(method: str) -> bool:
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    probe = _Probe()

    def slot() -> None:
        return None

    before = sys.getrefcount(True)
    for _ in range(4):
        if method == "disconnect":
            probe.ping.connect(slot)
            probe.ping.disconnect(slot)
        else:
            probe.ping.emit()
    return sys.getrefcount(True) < before


def install() -> bool:
    """Patch ``SignalInstance.emit``/``disconnect`` where they lose references to True;
    returns whether anything was patched."""
    global _installed
    if _installed:
        return True
    broken = [m for m in ("emit", "disconnect") if _steals_true(m)]
    if not broken:
        return False
    import ctypes

    from PySide6.QtCore import SignalInstance

    incref = ctypes.pythonapi.Py_IncRef
    incref.argtypes = [ctypes.py_object]
    incref.restype = None

    def fixed(original):
        def call(self, *args):
            result = original(self, *args)
            if result is True:
                incref(True)
            return result

        call.__name__ = original.__name__
        call.__doc__ = original.__doc__
        return call

    for name in broken:
        setattr(SignalInstance, name, fixed(getattr(SignalInstance, name)))
    _installed = True
    return True
