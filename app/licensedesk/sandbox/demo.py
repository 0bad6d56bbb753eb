"""The demo dataset: realistic data with one serial per kind of CONTRACTS.md.

Serials, host ids and keys come from a seeded generator, so the demo looks the
same every time (docs and screenshots); dates are relative to now so that the
subscription kinds stay running / expired / not started.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from . import dataset, media
from .auth import hash_key
from .db import now, stamp

DAY = 86400
_SERIAL_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

DEALERS = ["Northwind Software GmbH", "Bluefin Digital Ltd.", "Copperleaf Resellers Inc."]

# name, max_host_count, active, version_code, filename
PRODUCTS = [
    ("Studio Pro", 3, True, "2024.2", "studio-pro.lic"),
    ("Studio Pro Effects Pack", 3, True, "2024.2", "studio-pro-fx.lic"),
    ("Studio Essentials", 2, True, "2023.4", "studio-essentials.lic"),
    ("Mixdown Server", 50, True, "5.1", "mixdown-server.lic"),
    ("Studio Classic", 2, False, "2019.8", "studio-classic.lic"),
    ("Studio Pro Trial", 1, True, "2024.2", "studio-pro-trial.lic"),
]

# number, name, sku_upgrade, definer, product ids
SKUS = [
    ("SP-2024-PERP", "Studio Pro 2024 (perpetual)", "", "retail", [1, 2]),
    ("SP-2024-SUB", "Studio Pro 2024 (1-year subscription)", "", "subscription", [1, 2]),
    ("SP-2024-TRIAL", "Studio Pro 2024 (30-day trial)", "", "trial", [6]),
    ("SE-2023-PERP", "Studio Essentials 2023 (perpetual)", "", "retail", [3]),
    (
        "SP-2024-UPG-SE",
        "Studio Pro 2024 upgrade from Essentials",
        "SE-2023-PERP",
        "upgrade",
        [1, 2],
    ),
    ("MS-5-SITE", "Mixdown Server 5 (site licence)", "", "volume", [4]),
    ("SC-2019-PERP", "Studio Classic 2019 (perpetual)", "", "retail", [5]),
    ("SP-2024-EDU", "Studio Pro 2024 Education (offline)", "", "education", [1]),
    ("SP-2024-UPG-SC", "Studio Pro 2024 upgrade from Classic", "SC-2019-PERP", "upgrade", [1, 2]),
]

DEVICE_TAGS = [
    "Windows 11__64bits",
    "Windows 10__64bits",
    "macOS 14__64bits",
    "macOS 13__64bits",
    "Linux__64bits",
    "Windows 10__32bits",
]

CREDENTIALS = [
    ("read", "demo-read", True, False),
    ("write", "demo-write", False, True),
    ("read_write", "demo-read-write", True, True),
]


def _image_path(number: str, index: int) -> str | None:
    """Every third SKU has no image; the others a media path of the sandbox (media.py),
    made absolute per request. The education SKU's is a PNG, the others SVG."""
    if index % 3 == 0:
        return None
    return media.image_path(number, "png" if number == "SP-2024-EDU" else "svg")


class _Builder:
    """Collects rows with ids; every random value comes from one seeded generator."""

    def __init__(self) -> None:
        self.rng = random.Random(20241121)
        self.now = now()
        self.data: dict[str, list[dict[str, Any]]] = {
            "dealers": [],
            "skus": [],
            "products": [],
            "licenses": [],
            "activations": [],
            "credentials": [],
        }

    def hexes(self, count: int) -> str:
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(count))

    def serial(self) -> str:
        groups = ("".join(self.rng.choice(_SERIAL_CHARS) for _ in range(4)) for _ in range(5))
        return "-".join(groups)

    def ago(self, days: float) -> str:
        return stamp(int(self.now - days * DAY))

    def catalogue_rows(self) -> None:
        for index, name in enumerate(DEALERS, 1):
            self.data["dealers"].append({"id": index, "name": name})
        for index, (name, hosts, active, version, filename) in enumerate(PRODUCTS, 1):
            h = self.hexes(32)
            code = f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"
            self.data["products"].append(
                {
                    "id": index,
                    "name": name,
                    "code": code,
                    "filename": filename,
                    "key": self.hexes(32).upper(),
                    "signature": "MEUCIQ" + self.hexes(58),
                    "signature_trial": "MEUCIQ" + self.hexes(58),
                    "active": active,
                    "max_host_count": hosts,
                    "version_code": version,
                    "created_at": self.ago(700 - index),
                    "updated_at": self.ago(90 - index),
                }
            )
        for index, (number, name, upgrade, definer, products) in enumerate(SKUS, 1):
            slug = number.lower()
            self.data["skus"].append(
                {
                    "id": index,
                    "number": number,
                    "name": name,
                    "url": f"https://shop.example.com/sku/{slug}",
                    "image_url": _image_path(number, index),
                    "sku_upgrade": upgrade,
                    "definer": definer,
                    "product_ids": products,
                }
            )

    def licence(self, sku: int, kind: str, *, who=None, start=None, end=None, **flags) -> int:
        rows = self.data["licenses"]
        name, email = who if who else (None, None)
        row = {
            "id": len(rows) + 1,
            "serial": self.serial(),
            "dealer_id": 1 + len(rows) % 3,
            "sku_id": sku,
            "name": name,
            "email": email,
            "type": kind,
            "start_at": None if start is None else self.now + int(start * DAY),
            "end_at": None if end is None else self.now + int(end * DAY),
            "registered": flags.get("registered", who is not None),
            "offline_distribution": flags.get("offline", False),
            "created_at": self.ago(flags.get("age", 120)),
            "updated_at": self.ago(3),
        }
        rows.append(row)
        return row["id"]

    def activation(self, licence: int, product: int, index: int, activated: bool = True) -> None:
        rows = self.data["activations"]
        rows.append(
            {
                "id": len(rows) + 1,
                "license_id": licence,
                "product_id": product,
                "activated": activated,
                "host_id": self.hexes(32),
                "device_tag": DEVICE_TAGS[index % len(DEVICE_TAGS)],
                "created_at": self.ago(60 - index),
                "updated_at": self.ago(max(0, 30 - index)),
            }
        )


def build() -> dict[str, Any]:
    """The demo dataset plus its ``catalogue`` (credentials and one serial per kind)."""
    b = _Builder()
    b.catalogue_rows()
    kinds = _licences(b)
    kinds.update(_outcome_licences(b))
    catalogue = _catalogue(b, kinds)
    return {"format": dataset.FORMAT, **b.data, "catalogue": catalogue}


def _licences(b: _Builder) -> dict[str, int]:
    """One licence (and its devices) for each case the window shows; kind → licence id."""
    kinds: dict[str, int] = {}
    kinds["perpetual"] = b.licence(1, "perpetual", who=("Maria Jensen", "maria.jensen@example.com"))
    b.activation(kinds["perpetual"], 1, 0)
    b.activation(kinds["perpetual"], 1, 2)
    b.activation(kinds["perpetual"], 2, 2, activated=False)
    person = ("Tomás Herrera", "t.herrera@example.org")
    kinds["subscription_active"] = b.licence(2, "subscription", who=person, start=-40, end=325)
    b.activation(kinds["subscription_active"], 1, 1)
    person = ("Aiko Tanaka", "aiko.tanaka@example.net")
    kinds["subscription_expired"] = b.licence(2, "subscription", who=person, start=-400, end=-35)
    b.activation(kinds["subscription_expired"], 1, 3)
    person = ("Lukas Brandt", "lukas.brandt@example.de")
    kinds["subscription_not_started"] = b.licence(2, "subscription", who=person, start=7, end=372)
    kinds["trial"] = b.licence(
        3, "trial", who=("Priya Raman", "priya.raman@example.com"), start=-5, end=25, age=5
    )
    b.activation(kinds["trial"], 6, 4)
    kinds["upgrade_current"] = b.licence(4, "perpetual", who=("Jonas Weber", "jonas@weber.example"))
    b.activation(kinds["upgrade_current"], 3, 4)
    kinds["upgrade_target"] = b.licence(5, "perpetual", age=2)
    kinds["upgrade_mismatch"] = b.licence(9, "perpetual", age=2)
    kinds["offline"] = b.licence(8, "perpetual", offline=True)
    kinds["host_limit"] = b.licence(4, "perpetual", who=("Sofia Rossi", "sofia.rossi@example.it"))
    for index in range(2):
        b.activation(kinds["host_limit"], 3, index)
    b.activation(kinds["host_limit"], 3, 5, activated=False)
    kinds["no_activations"] = b.licence(1, "perpetual", who=("Chen Wei", "chen.wei@example.com"))
    person = ("Harbour Studios Ltd.", "it@harbourstudios.example")
    kinds["many_activations"] = b.licence(6, "perpetual", who=person, age=400)
    for index in range(42):
        b.activation(kinds["many_activations"], 4, index, activated=index % 7 != 6)
    person = ("Olivia Brown", "olivia.brown@example.co.uk")
    kinds["inactive_product"] = b.licence(7, "perpetual", who=person, age=1900)
    b.activation(kinds["inactive_product"], 5, 1)
    return kinds


def _outcome_licences(b: _Builder) -> dict[str, int]:
    """One serial for each outcome the live service documents (docs/sandbox.md); from a
    generator of their own, so the serials and keys of :func:`_licences` stay what the
    docs show."""
    b.rng, main_rng = random.Random(20260430), b.rng
    kinds: dict[str, int] = {}
    person = ("Nora Quist", "nora.quist@example.se")
    kinds["trial_expired"] = b.licence(3, "trial", who=person, start=-45, end=-15, age=45)
    person = ("Emil Sørensen", "emil.sorensen@example.dk")
    kinds["trial_not_started"] = b.licence(3, "trial", who=person, start=4, end=34, age=1)
    person = ("Grace Obi", "grace.obi@example.ng")
    kinds["subscription_none"] = b.licence(2, "subscription", who=person, age=30)
    kinds["trial_second"] = b.licence(
        3, "trial", who=("Priya Raman", "priya.raman@example.com"), start=-1, end=29, age=1
    )
    b.rng = main_rng
    return kinds


def _catalogue(b: _Builder, kinds: dict[str, int]) -> dict[str, Any]:
    """Per kind its serial and a product code, hosts to validate with, and the demo's
    credentials (their keys hashed into the dataset, in clear in the catalogue)."""
    serial_of = {row["id"]: row for row in b.data["licenses"]}
    sku_products = {sku["id"]: sku["product_ids"] for sku in b.data["skus"]}
    code_of = {p["id"]: p["code"] for p in b.data["products"]}
    catalogue: dict[str, Any] = {
        "credentials": {},
        "serials": {},
        "product_codes": {},
        "hosts": _hosts(b.data["activations"], kinds),
    }
    for kind, licence_id in kinds.items():
        row = serial_of[licence_id]
        catalogue["serials"][kind] = row["serial"]
        catalogue["product_codes"][kind] = code_of[sku_products[row["sku_id"]][0]]
    for label, app_id, read, write in CREDENTIALS:
        api_key = "sk_demo_" + b.hexes(32)
        catalogue["credentials"][label] = {"app_id": app_id, "api_key": api_key}
        b.data["credentials"].append(
            {"app_id": app_id, "api_key_hash": hash_key(api_key), "read": read, "write": write}
        )
    return catalogue


def _hosts(activations: list[dict[str, Any]], kinds: dict[str, int]) -> dict[str, str]:
    """Host ids to validate with: ``deactivated``, a switched-off device of the
    ``host_limit`` licence; ``trial_device``, the device running the ``trial`` licence
    (``trial_second`` validated there is "another trial on this device")."""

    def first(licence: int, activated: bool) -> str:
        return next(
            a["host_id"]
            for a in activations
            if a["license_id"] == licence and a["activated"] is activated
        )

    return {
        "deactivated": first(kinds["host_limit"], False),
        "trial_device": first(kinds["trial"], True),
    }


def create_demo(db_path: Path | str) -> dict[str, Any]:
    """A fresh database at db_path holding the demo dataset; returns ``demo --json``'s JSON."""
    path = Path(db_path)
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    data = build()
    dataset.load(path, data)
    return data
