"""``json_pieces.loads`` answers exactly as ``json.loads``: the same value, the same error.
(How long the UI thread waits for the GIL meanwhile: tests/bench/bench_ui_stall.py.)"""

from __future__ import annotations

import json

import pytest

from licensedesk.api import json_pieces

ROW = {"id": 1, "license_id": 2, "activated": True, "host_id": "f" * 32,
       "device_tag": "Linux__64bits", "created_at": "2026-01-01 10:00:00",
       "name": "Zo\u00eb \u202e"}
PAD = " " * json_pieces.SMALL  # makes any document big enough to be parsed in pieces


def big(n: int = 5000, **dumps) -> bytes:
    return json.dumps({"status_code": 200, "data": [dict(ROW, id=i) for i in range(n)],
                       "message": "ok"}, **dumps).encode()


SAME = [
    big(), big(indent=2), big(ensure_ascii=False), big(0),
    b'{"a": [1, [2, 3], {"b": [4]}], "c": {"d": []}, "e": null}' + PAD.encode(),
    b'{"a": 1, "a": [2]}' + PAD.encode(),  # a repeated key: the last one
    b'{"a": [1, 2,]}' + PAD.encode(),  # bad syntax
    b'{"a": [1, 2]} x' + PAD.encode() + b"x",  # data after the object
    b'{"a": [1 2]}' + PAD.encode(),
    b"[1, 2, 3]" + PAD.encode(),  # not an object
    b'{"a": NaN, "b": [Infinity]}' + PAD.encode(),
    b"\xef\xbb\xbf" + big(),  # a BOM: json.loads refuses it
    big().decode().encode("utf-16"),
    b'{"a": ["\xff"]}' + PAD.encode(),  # not UTF-8
    b'{"a": ["\\ud800"]}' + PAD.encode(),  # a lone surrogate, escaped
    b'{' + PAD.encode(),
]


def outcome(parse, data):
    try:
        return "value", parse(data)
    except Exception as exc:  # the same kind of error, at the same place
        return "error", type(exc), str(exc)


@pytest.mark.parametrize("data", SAME, ids=range(len(SAME)))
def test_the_same_value_or_error_as_json_loads(data):
    assert outcome(json_pieces.loads, data) == outcome(json.loads, data)


def test_text_and_bytearray_too():
    data = big(50)
    assert json_pieces.loads(data.decode()) == json_pieces.loads(bytearray(data)) == \
        json.loads(data)
