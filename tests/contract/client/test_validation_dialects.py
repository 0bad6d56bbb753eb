"""Every validation outcome the live service documents, against the sandbox in each of
its two forms (error bodies, the default; 200 + data.message): one verdict for both."""

from __future__ import annotations

import pytest

from licensedesk.api import NotAuthorized, ValidationResult
from licensedesk.api.verdicts import Verdict
from tests.support.validation_cases import CASES, case_args

from .helpers import run


def validate_case(sandbox, name: str) -> ValidationResult:
    serial, code, host_id = case_args(sandbox, name)

    async def t(c):
        return await c.validate(
            serial, code, host_id=host_id, device_tag="Linux__64bits" if host_id else None
        )

    return run(sandbox, t)


@pytest.mark.parametrize("form", ["errors", "data"])
@pytest.mark.parametrize("name", CASES)
def test_every_outcome_in_both_forms(sandbox, name, form):
    sandbox.set_validation_form(form)
    verdict, words = CASES[name][3], CASES[name][4]
    result = validate_case(sandbox, name)
    assert result.verdict is verdict
    assert result.valid is (verdict is Verdict.VALID)
    assert result.reason_sentence and "could not find" not in result.reason_sentence
    (served,) = sandbox.served()[-1:]
    if form == "errors" and words is not None:
        assert result.message == words  # the service's own words are kept
        assert served.status >= 400  # it was an error body, and still a result
    else:
        assert served.status in (200, 404)  # 404: the earlier form's unknown serial


def test_the_live_form_is_the_default(sandbox):
    result = validate_case(sandbox, "subscription_expired")
    assert result.message == "Subscription license expired!"
    assert sandbox.served()[-1].status == 404


def test_an_unknown_message_is_not_valid_with_the_services_words(sandbox):
    result = ValidationResult.from_wire({"message": "Licence on hold: call us!"})
    assert result.verdict is Verdict.NOT_VALID and not result.valid
    assert result.reason_sentence == "Not valid: Licence on hold: call us!"


def test_credentials_refused_stay_an_error(sandbox):
    async def t(c):
        with pytest.raises(NotAuthorized):
            await c.validate(
                sandbox.serial("subscription_expired"), sandbox.product_code("subscription_expired")
            )

    run(sandbox, t, read="write", write=None)  # a write-only pair has no read permission


def test_the_history_keeps_the_services_sentence_or_ours_for_a_bare_word():
    live = ValidationResult.from_wire({"message": "Maximum number of hosts reached!"})
    assert live.refusal == "Maximum number of hosts reached!"
    earlier = ValidationResult.from_wire({"message": "host_limit_reached"})
    assert earlier.refusal.startswith("All seats of this licence are in use")
