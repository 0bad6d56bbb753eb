"""Error mapping: every row of spec §7, with the HTTP status variants servers may choose."""

import json

import httpx
import pytest

from licensedesk.api.config import ClientConfig, Credentials
from licensedesk.api.errors import (
    ApiError,
    BadResponse,
    ErrorDetails,
    NotAuthorized,
    NotFound,
    Refused,
    Remedy,
    SeatLimitReached,
    ServiceError,
    UpgradeMismatch,
)
from licensedesk.api.permissions import Permissions
from licensedesk.api.responses import decode

ROWS = [
    # (status_code, message, expected class, what)
    (401, "You are not authorized!", NotAuthorized, None),
    (404, "Activation does not exist!", NotFound, "activation"),
    (404, "Current license does not exist!", NotFound, "current_license"),
    (404, "Upgrade license does not exist!", NotFound, "upgrade_license"),
    (
        422,
        "Upgrade license does not match for upgrade with current license!",
        UpgradeMismatch,
        None,
    ),
    (401, "License does not exist!", NotFound, "license"),
    (404, "License does not exist!", NotFound, "license"),  # products' variant (DESIGN §2)
]


def _response(status, body, content_type="application/json"):
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return httpx.Response(status, content=content, headers={"content-type": content_type})


def _decode(response, what="license"):
    return decode(response, not_found_what=what, method="GET", url="http://h/v2/x")


@pytest.mark.parametrize("status_code,message,cls,what", ROWS)
@pytest.mark.parametrize("http_status", ["same", 200, 400, 500])
def test_every_row_whatever_the_http_status(status_code, message, cls, what, http_status):
    http = status_code if http_status == "same" else http_status
    body = {"error": {"message": message, "status_code": status_code}}
    with pytest.raises(cls) as info:
        _decode(_response(http, body))
    err = info.value
    if what is not None:
        assert err.what == what
    assert str(err) == err.sentence
    assert err.details.server_message == message
    assert err.details.status_code == status_code
    assert err.details.http_status == http
    text = err.details.describe()
    assert message in text and f"HTTP status: {http}" in text


def test_license_not_found_is_never_about_credentials():
    body = {"error": {"message": "License does not exist!", "status_code": 401}}
    with pytest.raises(NotFound) as info:
        _decode(_response(401, body))
    assert "credential" not in info.value.sentence.lower()
    assert info.value.sentence == "This serial does not exist."


def _refused(config, *, write, changes=False):
    """What the client raises for "You are not authorized!" on such a call with ``config``."""
    body = {"error": {"message": "You are not authorized!", "status_code": 401}}
    with pytest.raises(NotAuthorized) as info:
        _decode(_response(401, body))
    return Permissions(config).refused(info.value, write=write, changes=changes)


READ, WRITE = Credentials("app-r", "key-r"), Credentials("app-w", "key-w")
BASE = "https://licences.example"


@pytest.mark.parametrize(
    "pairs,write,changes,words,remedy",
    [
        ((READ, WRITE), False, False, "did not accept the app ID and API key.", Remedy.CHECK_READ),
        ((READ, WRITE), True, False, "may lack write permission", Remedy.CHECK_WRITE),
        ((READ, WRITE), False, True, "sent with the profile's read pair", Remedy.CHECK_READ),
        ((READ, None), True, False, "the key lacks write permission", Remedy.ADD_WRITE),
        ((None, WRITE), False, False, "Lookups need a read pair", Remedy.ADD_READ),
        ((None, WRITE), False, True, "may lack write permission", Remedy.CHECK_WRITE),
        ((READ, None), False, False, "did not accept the app ID and API key.", Remedy.CHECK_READ),
    ],
)
def test_a_refused_key_says_what_was_refused_and_which_pair_to_fix(
    pairs, write, changes, words, remedy
):
    """The client says the problem and the pair; never where (a menu, a command): each
    front end adds its own (ui/shared/refusals.py, cli/remedies.py)."""
    read, write_pair = pairs
    err = _refused(ClientConfig(BASE, read=read, write=write_pair), write=write, changes=changes)
    assert words in err.sentence and err.remedy is remedy
    assert "File" not in err.sentence and "licensedesk-cli" not in err.sentence
    assert "profile add" not in err.sentence and "\u2192" not in err.sentence


def test_a_refusal_of_the_key_keeps_the_services_details():
    err = _refused(ClientConfig(BASE, read=READ, write=WRITE), write=True)
    assert err.details.server_message == "You are not authorized!"
    assert err.details.http_status == 401


def test_message_variants_tolerated():
    body = {"error": {"message": "  activation does not exist.  ", "status_code": "404"}}
    with pytest.raises(NotFound) as info:
        _decode(_response(200, body))
    assert info.value.what == "activation"
    assert info.value.details.status_code == 404


@pytest.mark.parametrize(
    "status,cls,needle",
    [
        (401, Refused, "refused the request: something else"),
        (403, Refused, "refused the request: something else"),
        (404, NotFound, "could not find"),
        (429, ServiceError, "too many requests"),
        (500, ServiceError, "HTTP 500"),
        (503, ServiceError, "HTTP 503"),
        (422, ServiceError, "Name is required"),
    ],
)
def test_unknown_messages_by_status(status, cls, needle):
    message = "Name is required." if status == 422 else "something else"
    with pytest.raises(cls) as info:
        _decode(_response(status, {"error": {"message": message, "status_code": status}}))
    assert needle in info.value.sentence


NO_FREE_LICENSES = (
    "You do not have any free licenses for this sku. Please generate new licenses for this sku!"
)


@pytest.mark.parametrize("http_status", [403, 200])
def test_a_403_with_its_own_words_is_a_refusal_of_the_request_not_of_the_key(http_status):
    """The live service's documented 403 is about the SKU's licences (DESIGN.md §2)."""
    body = {"error": {"message": NO_FREE_LICENSES, "status_code": 403}}
    with pytest.raises(Refused) as info:
        _decode(_response(http_status, body))
    err = info.value
    assert not isinstance(err, NotAuthorized)
    assert err.sentence == f"The licence service refused the request: {NO_FREE_LICENSES}"
    assert "app ID" not in err.sentence and "key" not in err.sentence.lower()


@pytest.mark.parametrize("status", [401, 403])
@pytest.mark.parametrize("body", [{"error": {"message": "", "status_code": 0}}, {}, b""])
def test_a_401_or_403_without_words_is_about_the_key(status, body):
    if isinstance(body, dict) and body.get("error"):
        body = {"error": {"message": "  ", "status_code": status}}
    with pytest.raises(NotAuthorized) as info:
        _decode(_response(status, body))
    assert "app ID and API key" in info.value.sentence


def test_you_are_not_authorized_is_about_the_key_whatever_the_status():
    body = {"error": {"message": "You are not authorized!", "status_code": 403}}
    with pytest.raises(NotAuthorized):
        _decode(_response(403, body))


def test_error_without_body_status_uses_http_status():
    with pytest.raises(NotFound):
        _decode(_response(404, {"message": "gone"}), what="activation")
    with pytest.raises(ServiceError) as info:
        _decode(_response(502, {"message": "upstream"}))
    assert "502" in info.value.sentence
    with pytest.raises(BadResponse):
        _decode(_response(418, {}))


def test_error_string_body():
    with pytest.raises(NotAuthorized):
        _decode(_response(200, {"error": "You are not authorized!"}))


def test_html_502_page():
    page = b"<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>"
    with pytest.raises(ServiceError) as info:
        _decode(_response(502, page, "text/html"))
    assert info.value.sentence == (
        "The server answered with a web page instead of data (HTTP 502)."
    )
    assert "502 Bad Gateway" in info.value.details.describe()


@pytest.mark.parametrize(
    "status,body",
    [(200, b'{"data": {"id": 1, "ser'), (200, b"hello"), (200, b""), (404, b"<html>x</html>")],
)
def test_not_json_is_bad_response(status, body):
    with pytest.raises(BadResponse) as info:
        _decode(_response(status, body))
    assert f"HTTP {status}" in info.value.sentence


@pytest.mark.parametrize("body", [[1, 2], "text", 42])
def test_wrong_shape_is_bad_response(body):
    with pytest.raises(BadResponse):
        _decode(_response(200, body))


def test_success_body_returned():
    assert _decode(_response(200, {"data": [], "error": None})) == {"data": [], "error": None}


def test_error_tree_and_repr():
    err = NotFound("x", ErrorDetails(http_status=404), what="license")
    assert isinstance(err, ApiError)
    assert repr(err) == "NotFound('x', what='license')"
    assert ErrorDetails().describe() == "No further details."


def test_a_refusal_is_not_a_crash():
    """A 422 in the service's words is a Refused (a ServiceError still, for callers at that
    depth); over the seat limit it is a SeatLimitReached; a 500 is neither."""
    with pytest.raises(SeatLimitReached) as full:
        _decode(
            _response(
                422, {"error": {"message": "Maximum number of hosts reached!", "status_code": 422}}
            )
        )
    assert isinstance(full.value, Refused | ServiceError)
    assert full.value.sentence == (
        "The licence service refused the request: Maximum number of hosts reached!"
    )
    with pytest.raises(Refused) as other:
        _decode(_response(422, {"error": {"message": "Product is not active!"}}))
    assert not isinstance(other.value, SeatLimitReached)
    with pytest.raises(ServiceError) as crash:
        _decode(_response(500, {"error": {"message": "boom", "status_code": 500}}))
    assert not isinstance(crash.value, Refused)
