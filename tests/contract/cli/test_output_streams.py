"""A reader that went away, a full disk, a closed stdout: every command ends quietly or with
one sentence, and a change that was made keeps its exit code (docs/cli.md, "Exit codes")."""

from __future__ import annotations

import os

import pytest

from .child import ChildCli, first_active

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX pipes and /dev/full")

FULL = "Could not write the output (no space left on device)."


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


@pytest.mark.parametrize(
    "argv",
    [
        ("show", "many_activations"),
        ("--json", "activations", "many_activations"),
        ("activations", "many_activations"),
        ("products", "many_activations"),
    ],
)
def test_a_read_into_a_closed_pipe_ends_quietly_with_141(sandbox, child, argv):
    argv = [sandbox.serial(a) if a == "many_activations" else a for a in argv]
    done = child.into_closed_pipe(*argv, *child.conn)
    child.assert_quiet(done)
    assert done.code == 141 and done.err == ""


def test_history_into_a_closed_pipe_ends_quietly(sandbox, child):
    serial = sandbox.serial("perpetual")
    aid = first_active(child, serial)
    assert child("deactivate", str(aid), *child.conn).code == 0
    for argv in (("history",), ("history", "--json"), ("history", "export")):
        done = child.into_closed_pipe(*argv)
        child.assert_quiet(done)
        assert done.code == 141 and done.err == ""


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
