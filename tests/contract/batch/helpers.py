"""Running a :class:`BatchCheck` against the sandbox, and what the server saw."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from licensedesk.api import ClientConfig, Credentials, LicenseClient
from licensedesk.batch.check import BatchCheck
from licensedesk.batch.model import CheckResult, Seats
from tests.support.aio import run_async

UNKNOWN = "AAAA-BBBB-CCCC-DDDD-EEEE"


@dataclass
class Run:
    results: list[CheckResult]
    batch: BatchCheck

    def by_serial(self) -> dict[str, CheckResult]:
        return {r.serial: r for r in self.results}


def client_config(
    sandbox: Any, read: str | None = "read", write: str | None = None, **kw: Any
) -> ClientConfig:
    pairs = {
        k: Credentials(*sandbox.creds(v)) if v else None
        for k, v in (("read", read), ("write", write))
    }
    return ClientConfig(sandbox.url, **pairs, **kw)


def check(
    sandbox: Any,
    serials: list[str],
    *,
    read: str | None = "read",
    write: str | None = None,
    config: dict | None = None,
    **batch_kw: Any,
) -> Run:
    """Run a batch to the end on a fresh client; every result as delivered."""

    async def main() -> Run:
        async with LicenseClient(client_config(sandbox, read, write, **(config or {}))) as c:
            batch = BatchCheck(c, serials, **batch_kw)
            results: list[CheckResult] = []
            await batch.run(results.append)
            return Run(results, batch)

    return run_async(main())


def snapshot(db_path: Path) -> dict[str, list[tuple]]:
    """Every row of every table: equal before and after means nothing was written."""
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}


def expected_seats(sandbox: Any, kind: str, with_max: bool) -> tuple[Seats, ...]:
    """Seats of the demo licence of ``kind``, worked out from the dataset itself."""
    data = sandbox.data
    licence = next(x for x in data["licenses"] if x["serial"] == sandbox.serial(kind))
    sku = next(s for s in data["skus"] if s["id"] == licence["sku_id"])
    products = {p["id"]: p for p in data["products"]}
    used: dict[int, int] = {}
    for a in data["activations"]:
        if a["license_id"] == licence["id"]:
            used[a["product_id"]] = used.get(a["product_id"], 0) + int(bool(a["activated"]))
    if with_max:
        return tuple(
            Seats(products[p]["name"], used.get(p, 0), products[p]["max_host_count"])
            for p in sku["product_ids"]
        )
    return tuple(Seats(products[p]["name"], n, None) for p, n in used.items())
