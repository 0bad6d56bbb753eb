"""Who may turn update checks off: the user's file, the administrator's variable and
system-wide file; the administrator's wins, an unreadable file changes nothing."""

from __future__ import annotations

import json

import pytest

from licensedesk.updates import policy


@pytest.fixture
def folders(tmp_path):
    user, system = tmp_path / "user", tmp_path / "system"
    user.mkdir()
    system.mkdir()
    return user, system


def decide(folders, environ=None) -> policy.Decision:
    user, system = folders
    return policy.decide(user, environ or {}, system)


def test_checks_are_on_by_default(folders):
    assert decide(folders).allowed


def test_the_user_s_setting_turns_them_off_and_on(folders):
    user, _system = folders
    policy.save_user_setting(False, user)
    assert json.loads((user / "updates.json").read_text()) == {"check": False}
    off = decide(folders)
    assert not off.allowed
    assert off.sentence() == "Update checks are off (Help > Check for Updates)."
    policy.save_user_setting(True, user)
    assert decide(folders).allowed


@pytest.mark.parametrize("value", ["1", "yes", "true"])
def test_the_administrator_s_variable_turns_them_off(folders, value):
    decision = decide(folders, {"LICENSEDESK_NO_UPDATE_CHECK": value})
    assert not decision.allowed
    assert decision.sentence() == (
        "Update checks are turned off by the administrator (LICENSEDESK_NO_UPDATE_CHECK is set)."
    )


@pytest.mark.parametrize("value", ["", "0", "  "])
def test_an_empty_or_zero_variable_is_no_switch(folders, value):
    assert decide(folders, {"LICENSEDESK_NO_UPDATE_CHECK": value}).allowed


def test_the_administrator_s_file_turns_them_off_and_the_user_cannot_turn_them_on(folders):
    user, system = folders
    (system / "updates.json").write_text(json.dumps({"check": False}))
    policy.save_user_setting(True, user)
    decision = decide(folders)
    assert not decision.allowed
    assert decision.sentence() == (
        f"Update checks are turned off by the administrator ({system / 'updates.json'})."
    )


@pytest.mark.parametrize("text", ["{not json", "[]", '{"check": "no"}', '{"check": 0}'])
def test_a_file_that_says_nothing_usable_changes_nothing(folders, text):
    user, system = folders
    (system / "updates.json").write_text(text)
    (user / "updates.json").write_text(text)
    assert decide(folders).allowed


def test_a_folder_where_the_file_should_be_is_no_switch(folders):
    _user, system = folders
    (system / "updates.json").mkdir()
    assert decide(folders).allowed


def test_the_system_folder_is_the_platform_s(monkeypatch):
    monkeypatch.setattr(policy.sys, "platform", "linux")
    assert str(policy.system_config_dir()) == "/etc/licensedesk"
    monkeypatch.setattr(policy.sys, "platform", "darwin")
    assert str(policy.system_config_dir()) == "/Library/Application Support/licensedesk"
