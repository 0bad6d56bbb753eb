"""A history store that waits (a local file another program holds locked, a team database
that does not answer): the change is made and the problem is one sentence, once."""

from __future__ import annotations

import json
import socket
import sqlite3

import pytest

from .child import ChildCli, first_active


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


def test_a_locked_local_history_file_is_one_sentence(sandbox, child):
    serial = sandbox.serial("perpetual")
    aid = first_active(child, serial)
    assert child("activate", str(aid), *child.conn).code == 0  # the file exists
    holder = sqlite3.connect(child.data / "history.sqlite3", isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")  # another program holds the file
        done = child("deactivate", str(aid), *child.conn)
    finally:
        holder.rollback()
        holder.close()
    child.assert_quiet(done)
    assert done.code == 0 and done.out == "Activation successfully updated.\n"
    (warning,) = done.err_lines
    assert warning.startswith("Warning: The history is not being recorded: the history file ")
    assert "locked" in warning
    assert child.activation(serial, aid)["activated"] is False
    assert [e["action"] for e in child.history()] == ["activate"]  # the earlier entry kept


def test_a_team_database_that_does_not_answer_is_one_sentence(sandbox, child):
    silent = socket.create_server(("127.0.0.1", 0))  # listens, never says a word
    port = silent.getsockname()[1]
    (child.config / "history.json").write_text(
        json.dumps(
            {"version": 1, "store": "team", "team_url": f"postgresql://desk@127.0.0.1:{port}/h"}
        )
    )
    serial = sandbox.serial("perpetual")
    aid = first_active(child, serial)
    try:
        done = child("deactivate", str(aid), *child.conn)
    finally:
        silent.close()
    child.assert_quiet(done)
    assert done.code == 0 and done.out == "Activation successfully updated.\n"
    (warning,) = done.err_lines
    assert warning.startswith("Warning: The history is not being recorded: ")
    assert child.activation(serial, aid)["activated"] is False
