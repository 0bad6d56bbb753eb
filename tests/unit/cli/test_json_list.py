"""``activations --json`` written while the devices arrive is the same text as the
whole list printed at once, whatever the batches and the texts in them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from licensedesk.api.activation_rows import as_row
from licensedesk.api.models import Activation
from licensedesk.cli.json_list import JsonListWriter
from licensedesk.cli.output import Printer

EAST = timezone(timedelta(hours=5, minutes=30))
ODD_TEXTS = ["},\n    {", '"quoted" \\ back', "Zoë 東京", "\x1b[31mred", "", "a\u2028b"]


def devices(n: int) -> list[Activation]:
    moments = [
        None,
        datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
        datetime(2026, 6, 30, 23, 59, 59, 123456, tzinfo=EAST),
    ]
    return [
        Activation(
            id=i,
            license_id=None if i % 4 == 0 else 9,
            product_id=i % 3 or None,
            activated=i % 2 == 0,
            host_id=f"{i:032x}",
            device_tag=ODD_TEXTS[i % len(ODD_TEXTS)],
            created_at=moments[i % 3],
            updated_at=moments[(i + 1) % 3],
            product_name=ODD_TEXTS[(i + 2) % len(ODD_TEXTS)],
            serial="S",
            sku_name="N",
            sku="K",
        )
        for i in range(n)
    ]


@pytest.mark.parametrize("sizes", [[], [1], [5], [3, 0, 4, 1], [40, 60]])
def test_rows_in_batches_are_written_as_the_whole_list(capsys, sizes):
    items = devices(sum(sizes))
    Printer(json_mode=True).json(items)
    whole = capsys.readouterr().out
    writer, at = JsonListWriter(Printer(json_mode=True)), 0
    for size in sizes:
        writer.add_rows([as_row(a) for a in items[at : at + size]])
        at += size
    writer.end()
    assert capsys.readouterr().out == whole and writer.count == len(items)
