"""The canary rule: no api_key, password or URL query reaches the store, whatever the caller
passes in (the entry is cleaned by the store itself)."""

from __future__ import annotations

import pytest

from licensedesk.history.scrub import clean_before, service_origin
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.storage.scrub import register_secret, scrub_text

from .checks import entry

CANARY = "sk_canary_9f8e7d6c5b4a39281706f5e4d3c2b1a0"
LITERAL = "Zq7-literal-canary-key-0042"  # no label, no shape: only known by registration


@pytest.mark.parametrize(
    "url, origin",
    [
        ("https://licences.example.com/v2?api_key=x", "https://licences.example.com"),
        ("https://ana:pw@licences.example.com:8443/v2", "https://licences.example.com:8443"),
        ("HTTP://127.0.0.1:8765", "http://127.0.0.1:8765"),
        ("licences.example.com", "https://licences.example.com"),
        ("http://[::1]:80/x", "http://[::1]:80"),
        ("", None),
    ],
)
def test_service_is_scheme_host_port(url, origin):
    assert service_origin(url) == origin


@pytest.mark.parametrize(
    "text",
    [
        f"GET https://h/v2/licenses/X?api_key={CANARY}&serial=X",
        f"api_key%3D{CANARY}",
        f'{{"api_key": "{CANARY}"}}',
        f"{{'api_key': '{CANARY}'}}",
        f"postgresql://ana:{CANARY}@db:5432/x",
        f"host=db password={CANARY} dbname=x",
        f"the key is {CANARY}",
        f"https://h/x?token={CANARY}",
    ],
)
def test_text_loses_keys_and_queries(text):
    assert CANARY not in scrub_text(text)


def test_registered_literal_is_masked():
    register_secret(LITERAL)
    assert scrub_text(f"server said {LITERAL}!") == "server said ***!"


def test_before_loses_secret_fields_and_stays_small():
    before = {
        "id": 8,
        "api_key": CANARY,
        "product": {"key": "vendor", "name": "P"},
        "note": f"?x https://h/?api_key={CANARY}",
    }
    cleaned = clean_before(before)
    assert cleaned["id"] == 8 and cleaned["product"] == {"name": "P"}
    assert CANARY not in str(cleaned)
    assert "too large" in clean_before({"rows": ["x" * 100] * 200})["note"]


def test_the_canary_never_reaches_the_file(tmp_path):
    register_secret(LITERAL)
    store = SqliteStore(tmp_path / "history.sqlite3")
    store.migrate()
    item = entry(
        display_name=f"Ana {LITERAL}",
        profile=f"prod api_key={CANARY}",
        service=f"https://ana:{CANARY}@h.example.com/v2?api_key={CANARY}",
        before={"api_key": CANARY, "password": LITERAL, "seen": f"api_key={CANARY}"},
        detail=f"Request: GET https://h/v2/x?api_key={CANARY} said {LITERAL}",
    )
    store.write(item)
    store.complete(item.id, "refused", f"echo {CANARY} {LITERAL}", None, item.time)
    store.import_entries([entry(detail=f"{CANARY}"), entry(before={"x": LITERAL})])
    stored = store.get(item.id)
    store.close()
    assert stored.service == "https://h.example.com"
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert b"canary" not in data.lower()
