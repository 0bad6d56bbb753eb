"""The tables say through ``data()`` what Qt's own delegate paints: the "this computer"
row bold on its tint with its check box, a red "No" for an inactive product, the batch
status in colour and the days left aligned right (screen readers and copying read the
same roles)."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from licensedesk.api.models import Activation, Product
from licensedesk.batch.model import CheckResult, Status
from licensedesk.ui.activations.model import COL_ACTIVATED, COL_HOST, ActivationsModel
from licensedesk.ui.batch.model import COL_DAYS, COL_STATUS, BatchModel
from licensedesk.ui.lookup.products_model import COL_ACTIVE, ProductsModel

R = Qt.ItemDataRole


def test_the_activations_roles_mark_this_computer(qtbot):
    when = datetime(2026, 3, 4, 5, 6, tzinfo=UTC)
    rows = [
        Activation(
            id=10 + i,
            license_id=1,
            product_id=1,
            activated=i % 2 == 0,
            host_id=f"HOST-{i}".ljust(32, "x"),
            device_tag=f"laptop {i}",
            created_at=when,
            updated_at=when,
            product_name="Pro",
        )
        for i in range(4)
    ]
    model = ActivationsModel()
    model.set_activations(rows)
    model.set_this_host(rows[2].host_id)
    assert model.index(2, COL_ACTIVATED).data(R.CheckStateRole) == Qt.CheckState.Checked
    assert model.index(1, COL_ACTIVATED).data(R.CheckStateRole) == Qt.CheckState.Unchecked
    assert model.index(2, COL_ACTIVATED).data(R.DisplayRole) is None  # the box says it
    assert model.index(2, COL_ACTIVATED).data(R.AccessibleTextRole) == "Activated"
    assert isinstance(model.index(2, COL_HOST).data(R.FontRole), QFont)
    assert model.index(2, COL_HOST).data(R.BackgroundRole) is not None
    assert "(this computer)" in model.index(2, COL_HOST).data()
    assert model.index(2, COL_HOST).data(R.EditRole) == rows[2].host_id  # copied plain
    assert model.index(1, COL_HOST).data(R.FontRole) is None


def test_an_inactive_product_says_no_in_red(qtbot):
    model = ProductsModel()
    model.set_products(
        [
            Product(id=1, name="Tool", code="tool", key="K" * 20, active=True),
            Product(id=2, name="Old tool", code="old", active=False),
        ]
    )
    assert model.index(1, COL_ACTIVE).data() == "No"
    assert model.index(1, COL_ACTIVE).data(R.ForegroundRole) is not None
    assert model.index(0, COL_ACTIVE).data(R.ForegroundRole) is None


def test_the_batch_status_is_coloured_and_the_days_right_aligned(qtbot):
    model = BatchModel()
    serials = [f"AAAA-BBBB-CCCC-DDDD-{n:04d}" for n in range(2)]
    model.set_input(serials)
    end = datetime(2030, 1, 1, tzinfo=UTC)
    model.apply(
        [CheckResult(0, serials[0], Status.EXPIRING, "expiring", found=True, end=end, days_left=5)]
    )
    assert model.index(0, COL_STATUS).data(R.ForegroundRole) is not None
    assert model.index(0, COL_DAYS).data() == "5"
    assert model.index(0, COL_DAYS).data(R.TextAlignmentRole) == int(
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    )
