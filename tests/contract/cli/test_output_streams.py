"""A reader that went away, a full disk, a closed stdout: every command ends quietly or with
one sentence, and a change that was made keeps its exit code (docs/cli.md, "Exit codes")."""

from __future__ import annotations

import json
import os

import pytest

from tests.support.ending_demo import serials_ending, serve_ending_demo

from .child import ChildCli, first_active

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX pipes and /dev/full")

FULL = "Could not write the output (no space left on device)."


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


#: every command that writes a list (and ``show``), in each of its output forms; a demo
#: kind stands for its serial, ``CONN`` for the connection options
LISTS = [
    ("show", "many_activations", "CONN"),
    ("activations", "many_activations", "CONN"),
    ("--json", "activations", "many_activations", "CONN"),
    ("products", "many_activations", "CONN"),
    ("check", "-", "CONN"),
    ("check", "-", "--json", "CONN"),
    ("check", "-", "--csv", "CONN"),
    ("history",),
    ("history", "--json"),
    ("history", "export"),
    ("history", "export", "--csv"),
    ("find", "Herrera"),
    ("--json", "find", "Herrera"),
    ("expiring",),
    ("expiring", "--csv"),
    ("--json", "expiring"),
    ("timeline", "subscription_active"),
    ("timeline", "subscription_active", "--csv"),
    ("--json", "timeline", "subscription_active"),
]


@pytest.fixture
def seen(sandbox, child, tmp_path):
    """A book with licences that end within 30 days and a history with a change in it."""
    data = serve_ending_demo(sandbox, tmp_path)
    for serial in serials_ending(data):
        assert child("show", serial, *child.conn).code == 0
    aid = first_active(child, sandbox.serial("perpetual"))
    assert child("deactivate", str(aid), *child.conn).code == 0
    return sandbox


@pytest.mark.parametrize("argv", LISTS, ids=" ".join)
def test_a_list_into_a_closed_pipe_ends_quietly_with_141(seen, child, argv):
    words, stdin = _filled(seen, child, argv), _serials(seen, argv)
    full = child(*words, stdin=stdin)
    assert full.code in (0, 1) and full.out.strip(), full.err  # something to write
    done = child.into_closed_pipe(*words, stdin=stdin)
    child.assert_quiet(done)
    assert done.code == 141 and done.err == ""


def _filled(sandbox, child, argv) -> list[str]:
    """``argv`` with serials for the demo's kinds and the connection options for CONN."""
    words: list[str] = []
    for a in argv:
        words += (
            child.conn if a == "CONN" else [sandbox.serial(a) if a.islower() and "_" in a else a]
        )
    return words


def _serials(sandbox, argv) -> bytes | None:
    return (
        "\n".join(sandbox.serial(k) for k in ("perpetual", "trial")).encode()
        if "check" in argv
        else None
    )


@pytest.mark.parametrize(
    "argv", [("expiring", "--csv", "--json"), ("--json", "history", "export", "--csv")]
)
def test_json_with_csv_is_refused_as_check_refuses_it(child, argv):
    done = child(*argv)
    assert done.code == 2
    assert json.loads(done.out)["error"]["sentence"] == "Give --json or --csv, not both."
    assert child(*(a for a in argv if a != "--json")).code == 0  # each alone is fine


def test_a_change_into_a_closed_pipe_is_made_and_exits_0(sandbox, child):
    serial = sandbox.serial("perpetual")
    aid = first_active(child, serial)
    done = child.into_closed_pipe("deactivate", str(aid), *child.conn)
    child.assert_quiet(done)
    assert done.code == 0 and done.err == ""  # what happened to the change: done
    assert child.activation(serial, aid)["activated"] is False
    (entry,) = child.history()
    assert (entry["action"], entry["outcome"]) == ("deactivate", "done")


def test_a_read_onto_a_full_disk_says_so_and_exits_2(sandbox, child):
    done = child.into_full_disk("show", sandbox.serial("perpetual"), *child.conn)
    child.assert_quiet(done)
    assert done.code == 2
    assert done.err_lines == [FULL]


def test_a_change_onto_a_full_disk_says_so_and_keeps_exit_0(sandbox, child):
    serial = sandbox.serial("perpetual")
    aid = first_active(child, serial)
    done = child.into_full_disk("--json", "deactivate", str(aid), *child.conn)
    child.assert_quiet(done)
    assert (done.code, done.err_lines) == (0, [FULL])
    assert child.activation(serial, aid)["activated"] is False


def test_a_refused_change_onto_a_full_disk_keeps_its_own_exit_code(child):
    done = child.into_full_disk("--json", "activate", "999999", *child.conn)
    child.assert_quiet(done)
    assert done.code == 1  # refused by the service; its --json error could not be written
    assert done.err_lines[-1] == FULL


def test_check_onto_a_full_disk_says_so(sandbox, child):
    done = child.into_full_disk(
        "check", "-", *child.conn, stdin=sandbox.serial("perpetual").encode()
    )
    child.assert_quiet(done)
    assert (done.code, done.err_lines) == (2, [FULL])


def test_a_closed_stdout_says_so(sandbox, child):
    done = child("--json", "show", sandbox.serial("perpetual"), *child.conn, close_stdout=True)
    child.assert_quiet(done)
    assert done.code == 2
    assert done.err_lines == ["Could not write the output (standard output is closed)."]


def test_help_into_a_closed_pipe_ends_quietly(child):
    done = child.into_closed_pipe("--help")
    child.assert_quiet(done)
    assert done.err == ""
