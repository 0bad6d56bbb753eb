"""``ListSplitter`` gives the elements ``json.loads`` gives, however the body is cut, and
the envelope of what follows the list; bodies of another shape are kept whole."""

from __future__ import annotations

import json
import random

import pytest

from licensedesk.api.list_stream import ELEMENT_MAX, ListError, ListSplitter


def split(body: bytes, sizes: int | list[int]) -> tuple[list, bytes, ListSplitter]:
    s = ListSplitter()
    items: list = []
    at, n = 0, 0
    while at < len(body):
        size = sizes if isinstance(sizes, int) else sizes[n % len(sizes)]
        items += s.feed(body[at : at + size])
        at, n = at + size, n + 1
    last, envelope = s.finish()
    return items + last, envelope, s


ODD = [
    {"id": 1, "host_id": "a},{b", "x": {"y": [1, {"z": "}]"}]}},
    {"id": 2, "device_tag": "Linux\u202e__64bits", "é": "ünï\U0001f600"},
    {"id": 3},
    4,
    "five",
    None,
    [6, 7],
    {"id": 8.5e3},
]


@pytest.mark.parametrize("sizes", [1, 2, 3, 7, 64, 65536, [1, 100, 5, 33]])
@pytest.mark.parametrize(
    "dump",
    [
        lambda v: json.dumps(v, separators=(",", ":")),
        lambda v: json.dumps(v, indent=2),
        lambda v: json.dumps(v, ensure_ascii=False),
        lambda v: " \n" + json.dumps(v) + " \r\n",
    ],
)
def test_the_elements_are_json_loads_elements_however_the_body_is_cut(sizes, dump):
    many = [{"id": i, "host_id": f"{i:032x}", "activated": i % 2 == 0} for i in range(300)]
    for data in (ODD, many, []):
        body = dump({"data": data, "message": "ok"}).encode()
        items, envelope, s = split(body, sizes)
        assert s.streaming and items == data
        assert json.loads(envelope) == {"data": [], "message": "ok"}


def test_an_error_after_the_list_stays_in_the_envelope():
    body = b'{"data": [{"id": 1}], "error": {"message": "No!", "status_code": 500}}'
    items, envelope, _s = split(body, 5)
    assert items == [{"id": 1}] and json.loads(envelope)["error"]["message"] == "No!"


@pytest.mark.parametrize(
    "body",
    [
        b'{"error": {"message": "Activation does not exist!"}}',
        b'{"message": "x", "data": [1]}',
        b"<html>oops</html>",
        b"[" * 1000 + b"]" * 1000,
        b"",
        b"\xff\xfe{\x00",
    ],
)
def test_another_shape_is_kept_whole(body):
    items, whole, s = split(body, 3)
    assert items == [] and whole == body and s.streaming is False


@pytest.mark.parametrize(
    "body",
    [
        b'{"data": [{"id": 1}, {"id": 2}',
        b'{"data": [{"id": 1},]}',
        b'{"data": [{"id": 1} {"id": 2}]}',
        b'{"data": [{"id": 1',
    ],
)
def test_a_broken_list_is_not_json(body):
    with pytest.raises(ListError) as caught:
        split(body, 4)
    assert caught.value.kind == "json"


def test_a_broken_envelope_is_left_to_the_decoding():
    _items, envelope, _s = split(b'{"data": [{"id": 1}], "x": }', 4)
    with pytest.raises(ValueError):
        json.loads(envelope)


def test_an_element_nested_too_deep_is_said():
    body = b'{"data": [{"id": 1}, ' + b"[" * 100_000 + b"]" * 100_000 + b"]}"
    with pytest.raises(ListError) as caught:
        split(body, 65536)
    assert caught.value.kind == "deep"


def test_an_endless_element_stops_at_its_limit_without_reading_on():
    s = ListSplitter()
    s.feed(b'{"data": [{"id": "')
    with pytest.raises(ListError) as caught:
        for _ in range(ELEMENT_MAX // 65536 + 2):
            s.feed(b"x" * 65536)
    assert caught.value.kind == "element"


def test_random_cuts_of_a_varied_list():
    rng = random.Random(7)
    data = [rng.choice(ODD) for _ in range(500)]
    body = json.dumps({"data": data}).encode()
    for _ in range(20):
        sizes = [rng.randint(1, 400) for _ in range(30)]
        assert split(body, sizes)[0] == data
