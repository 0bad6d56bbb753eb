"""A site licence: one serial of the demo dataset given ``n`` devices (bench and tests).

The sandbox's demo (``demo.build()``) with its many-devices serial grown to ``n``
activations, loaded with ``dataset.load``: the sandbox serves it as it serves any
dataset (its behaviour unchanged)."""

from __future__ import annotations

from pathlib import Path

TAGS = ("Linux__64bits", "Windows 11__64bits", "macOS 14__64bits")


def site_dataset(db: Path, n: int) -> tuple[str, dict[str, str]]:
    """Load the dataset into ``db``; returns the site licence's serial and a read/write
    credential pair (``app_id``, ``api_key``)."""
    from licensedesk.sandbox import dataset
    from licensedesk.sandbox.demo import build

    data = build()
    serial = data["catalogue"]["serials"]["many_activations"]
    lic = next(x for x in data["licenses"] if x["serial"] == serial)
    template = next(a for a in data["activations"] if a["license_id"] == lic["id"])
    data["activations"] = [a for a in data["activations"] if a["license_id"] != lic["id"]]
    first = max((a["id"] for a in data["activations"]), default=0) + 1
    data["activations"].extend(
        {
            **template,
            "id": first + i,
            "host_id": f"{i:032x}",
            "activated": i % 5 != 0,
            "device_tag": TAGS[i % 3],
        }
        for i in range(n)
    )
    dataset.load(db, data)
    return serial, data["catalogue"]["credentials"]["read_write"]
