"""redact() and RedactingFilter keep api_key values out of text and log records."""

import logging

import pytest

from licensedesk.api.config import ClientConfig, Credentials
from licensedesk.api.redact import RedactingFilter, install_redaction, redact, register_secret

KEY = "s3cr3t-KEY_value.42~"


@pytest.mark.parametrize(
    "text",
    [
        f"GET http://h/v2/x?app_id=a&api_key={KEY}",
        f"GET http://h/v2/x?api_key={KEY}&app_id=a",
        f"app_id=a&API_KEY={KEY}",
        f'{{"app_id": "a", "api_key": "{KEY}"}}',
        f'{{"api_key":"{KEY}","serial":"x"}}',
        f"{{'app_id': 'a', 'api_key': '{KEY}'}}",
        f"url='http://h/?api_key%3D{KEY}'",
        f'b\'{{"api_key":"{KEY}"}}\'',
    ],
)
def test_patterns(text):
    out = redact(text)
    assert KEY not in out
    assert "***" in out


def test_keeps_other_arguments():
    assert redact("http://h/v2/x?app_id=a&api_key=k&serial=S") == (
        "http://h/v2/x?app_id=a&api_key=***&serial=S"
    )
    assert redact('{"api_key": "k\\"x", "b": 1}') == '{"api_key": "***", "b": 1}'


def test_registered_secret_masked_anywhere():
    register_secret("CANARY-registered-0001")
    assert redact("key is CANARY-registered-0001 here") == "key is *** here"
    register_secret("abc")  # too short to register: would mask ordinary words
    assert redact("abc") == "abc"


def test_filter_rewrites_msg_and_args():
    record = logging.LogRecord(
        "httpx",
        logging.INFO,
        __file__,
        1,
        "HTTP Request: %s %s",
        ("GET", f"http://h?api_key={KEY}"),
        None,
    )
    assert RedactingFilter().filter(record) is True
    assert KEY not in record.getMessage()
    assert "api_key=***" in record.getMessage()


def test_installed_on_library_loggers_and_children(caplog):
    install_redaction()
    caplog.set_level(logging.DEBUG)
    for name in ["httpx", "httpcore", "httpcore.http11", "httpcore.connection", "licensedesk"]:
        logging.getLogger(name).debug("url %s", f"http://h/?api_key={KEY}")
    assert len(caplog.records) == 5
    assert all(KEY not in r.getMessage() for r in caplog.records)
    assert KEY not in caplog.text


def test_reprs_hide_key():
    creds = Credentials("app", KEY)
    cfg = ClientConfig("https://example.org", read=creds, write=Credentials("w", KEY + "w"))
    for text in (repr(creds), str(creds), repr(cfg), str(cfg)):
        assert KEY not in text
        assert "app" in text or "example.org" in text
