"""Big lists given up are freed a slice per pass of the event loop (2-3 ms of freeing
5,000 activations in one go was part of the stall when a lookup clears the previous
serial: issue #14)."""

from __future__ import annotations

import weakref

from PySide6.QtWidgets import QApplication

from licensedesk.api.models import Activation
from licensedesk.ui.activations.model import ActivationsModel
from licensedesk.ui.shared.slice_release import SLICE, SliceRelease


class Row:
    """A weakly referencable item: the test sees when it is freed."""


def test_a_big_list_is_freed_a_slice_per_pass(qtbot):
    release = SliceRelease()
    rows = [Row() for _ in range(3 * SLICE + 10)]
    first, last = weakref.ref(rows[0]), weakref.ref(rows[-1])
    release.release(rows)
    del rows
    assert release.pending() == 3 * SLICE + 10 and first() is not None  # nothing freed yet
    QApplication.processEvents()  # one pass of the loop: one slice, from the end
    assert release.pending() == 2 * SLICE + 10
    assert last() is None and first() is not None
    qtbot.waitUntil(lambda: release.pending() == 0)
    assert first() is None


def test_the_activations_table_gives_its_old_rows_to_it(qtbot):
    model = ActivationsModel()
    model.set_activations([Activation(id=n + 1) for n in range(5000)])
    model.set_activations([])
    assert model.rowCount() == 0 and model._release.pending() == 5000
    qtbot.waitUntil(lambda: model._release.pending() == 0)
