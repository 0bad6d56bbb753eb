"""Changes to a licence made behind the desk's back, as they happen to a live service:
another program calls ``/v2`` (a customer's application validates on a new computer and
records it; another tool switches a device off), and the vendor edits the licence in
its dashboard (renews it, names another licensee). No License Desk code makes them.

The ``/v2`` calls go over HTTP with plain httpx and the sandbox's credentials; the
dashboard's edit is the sandbox's own export and load (``licensedesk-sandbox export`` /
``load``, :mod:`licensedesk.sandbox.dataset`) of the file it serves, one transaction,
every id kept. The sandbox serves what it is given: nothing of its behaviour changes.
"""

from __future__ import annotations

from typing import Any

import httpx


def _pair(sandbox: Any) -> dict[str, str]:
    app_id, api_key = sandbox.creds("read_write")
    return {"app_id": app_id, "api_key": api_key}


def validate_on_new_host(sandbox: Any, kind: str, host_id: str, tag: str = "Linux__64bits") -> int:
    """Another application validates the serial of ``kind`` on ``host_id`` (the service
    records the device); returns the new activation's id."""
    serial = sandbox.serial(kind)
    answer = httpx.post(
        f"{sandbox.url}/v2/licenses/valid",
        json={
            **_pair(sandbox),
            "code": sandbox.product_code(kind),
            "serial": serial,
            "version": "2.0",
            "host_id": host_id,
            "device_tag": tag,
        },
    )
    assert answer.status_code == 200 and answer.json()["data"]["message"] == "valid", answer.text
    devices = httpx.get(f"{sandbox.url}/v2/activations/{serial}", params=_pair(sandbox))
    return next(d["id"] for d in devices.json()["data"] if d["host_id"] == host_id)


def switch(sandbox: Any, activation_id: int, *, on: bool) -> None:
    """Another tool switches the activation on or off (PUT /v2/activations/{id})."""
    answer = httpx.put(
        f"{sandbox.url}/v2/activations/{activation_id}", json={**_pair(sandbox), "activated": on}
    )
    assert answer.status_code == 200, answer.text


def edit_licence(sandbox: Any, serial: str, **fields: Any) -> None:
    """The vendor's dashboard sets ``fields`` of the licence (``end_at`` unix seconds,
    ``name``, ``email``…)."""
    from licensedesk.sandbox import dataset
    from licensedesk.sandbox.db import stamp

    data = dataset.export(sandbox.db_path)
    row = next(r for r in data["licenses"] if r["serial"] == serial)
    row.update(fields, updated_at=stamp())
    dataset.load(sandbox.db_path, data)
