"""Once the desk is built, the app takes the loaded program out of the cyclic GC's way
and lets threads take turns at the GIL every millisecond (docs/ui.md, "Keeping a
frame"); this process's settings are put back afterwards."""

from __future__ import annotations

import gc
import sys

from licensedesk.ui.shell.start import GIL_TURN, settle_interpreter


def test_the_gc_is_settled_and_the_gil_changes_hands_every_millisecond():
    before = sys.getswitchinterval()
    try:
        settle_interpreter()
        assert sys.getswitchinterval() == GIL_TURN == 0.001
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        sys.setswitchinterval(before)
