"""The validate dialog against the sandbox in each of its two validation forms: every
documented outcome is "Not valid" with the same sentence the command line prints as its
result, the service's own words beside it, and never "could not find it"."""

from __future__ import annotations

import pytest

from licensedesk.api.verdicts import Verdict, verdict_sentence
from tests.support.validation_cases import CASES, case_args

from ..helpers import look_up
from .steps import validate

REFUSED = [name for name in CASES if CASES[name][3] is not Verdict.VALID]


@pytest.mark.parametrize("form", ["errors", "data"])
@pytest.mark.parametrize("name", REFUSED)
def test_each_outcome_is_a_result_not_an_error(desk, qtbot, name, form):
    sb = desk.sandbox
    sb.set_validation_form(form)
    serial, code, host_id = case_args(sb, name)
    d = validate(desk, qtbot, serial, code, host_id or "", "Linux__64bits" if host_id else "")
    assert d.result_box.isVisible(), d.error_text()
    assert d.verdict_text() == "Not valid"
    reason = d.reason.text()
    assert reason.startswith(verdict_sentence(CASES[name][3]))  # as the CLI's "Result:"
    assert "could not find" not in reason
    if form == "errors":
        assert CASES[name][4] in reason  # the service's own words


def test_the_seat_count_is_named_for_the_live_form(desk, qtbot):
    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("host_limit"))
    serial, code, host_id = case_args(sb, "host_limit")
    d = validate(desk, qtbot, serial, code, host_id, "Linux__64bits")
    assert "Maximum number of hosts reached!" in d.reason.text()
    assert "2 of 2 seats" in d.cause.text()
