"""A settings file a person or a script damaged: named in one sentence, the change goes ahead,
nothing else is lost (history.json); profiles.json refuses only what it cannot use and two
writers at once both keep their profile."""

from __future__ import annotations

import json
import subprocess

import pytest

from .child import ChildCli, first_active

DAMAGED = [
    '{"version": 1, "display_name": 42}',
    '{"version": "1.1"}',
    '{"version": null}',
    "[1, 2]",
    "\x00\xff not json",
]


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


@pytest.mark.parametrize("text", DAMAGED)
def test_damaged_history_settings_never_stop_a_change(sandbox, child, text):
    serial = sandbox.serial("perpetual")
    aid = first_active(child, serial)
    assert child("activate", str(aid), *child.conn).code == 0  # recorded: the file exists
    settings = child.config / "history.json"
    settings.write_text(text, encoding="latin-1")

    done = child("deactivate", str(aid), *child.conn)
    child.assert_quiet(done)
    assert done.code == 0 and done.out == "Activation successfully updated.\n"
    (warning,) = done.err_lines
    assert warning.startswith(
        f"Warning: The history is not being recorded. The history settings {settings}"
    )
    assert child.activation(serial, aid)["activated"] is False

    listed = child("history")
    child.assert_quiet(listed)
    assert listed.code == 2 and listed.err_lines == [f"Error: {warning.split('. ', 1)[1]}"]
    assert settings.read_text(encoding="latin-1") == text  # left for the person to fix
    settings.unlink()
    assert [e["action"] for e in child.history()] == ["activate"]  # nothing else lost


def test_a_retention_or_keep_months_the_settings_refuse_says_why(child):
    """The number is read first; what the history settings then refuse (a damaged file, a
    number out of range) is said in their words, not as a number that could not be read."""
    settings = child.config / "history.json"
    settings.write_text("[1, 2]", encoding="utf-8")
    done = child("book", "retention", "30")
    child.assert_quiet(done)
    assert done.code == 2
    assert done.err_lines == [
        f"Error: The history settings {settings} do not have the expected shape."
    ]
    assert settings.read_text(encoding="utf-8") == "[1, 2]"
    settings.unlink()

    done = child("book", "retention", "100000")
    assert done.code == 2
    assert done.err_lines == [
        "Error: The licence book keeps licences for 1 to 3650 days, or for ever."
    ]
    done = child("history", "use", "local", "--keep-months", "100000")
    assert done.code == 2
    assert done.err_lines == ["Error: The history keeps entries for 1 to 600 months, or for ever."]
    done = child("book", "retention", "thirty")
    assert done.err_lines == ["Error: Give a number of days or 'forever', not 'thirty'."]
    assert not settings.exists()


PROFILE = ["--base-url", "https://licenses.example.com", "--app-id", "shop"]


def test_a_profiles_file_of_random_bytes_is_a_sentence(child):
    path = child.config / "profiles.json"
    junk = bytes(range(256)) * 3
    path.write_bytes(junk)
    for argv in (("list",), ("add", "x", *PROFILE), ("remove", "x"), ("show", "x")):
        done = child("profile", *argv)
        child.assert_quiet(done)
        assert done.code == 2
        assert done.err_lines == [
            f"Error: The profiles file {path} is damaged (it is not text). Fix or remove it."
        ]
    assert path.read_bytes() == junk


def test_one_refused_entry_leaves_the_others_usable(child):
    bad = {"name": "old", "base_url": "http://licenses.example.com", "read_app_id": "r"}
    path = child.config / "profiles.json"
    path.write_text(json.dumps({"version": 1, "profiles": [bad]}))
    assert child("profile", "add", "new", *PROFILE).code == 0

    listed = child("profile", "list")
    assert listed.code == 0 and "new" in listed.out and "old" not in listed.out
    (warning,) = listed.err_lines
    assert warning.startswith("Warning: Profile 'old' in the profiles file is not valid: ")
    shown = child("profile", "show", "old")
    assert shown.code == 2 and shown.err_lines == [f"Error: {warning[9:]}"]
    assert json.loads(path.read_text())["profiles"][0] == bad  # kept as it was, for a fix

    assert child("profile", "remove", "old").code == 0
    assert child("profile", "list").err == ""


def test_two_profile_adds_at_once_keep_both(child):
    names = [f"desk{n}" for n in range(6)]
    processes = [
        subprocess.Popen(
            child.command("profile", "add", name, *PROFILE),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=child.env,
        )
        for name in names
    ]
    for process in processes:
        _out, err = process.communicate(timeout=90)
        assert process.returncode == 0, err
    listed = child("--json", "profile", "list")
    assert sorted(p["name"] for p in json.loads(listed.out)) == names
    leftovers = [p.name for p in child.config.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
