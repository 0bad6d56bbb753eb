"""The history is kept in English and read in the reader's language: a refusal recorded by
a desk that speaks German (the command line under ``LANGUAGE=de``, a real child process)
is stored in English, and the History window says it in German to a German reader and in
English to an English one, values and all."""

from __future__ import annotations

from licensedesk.ui.history.model import COL_OUTCOME

from ...contract.cli.child import ChildCli
from .steps import stored
from .test_history_window import column, open_window

ADDRESS = "ada.example.com"
ENGLISH = f"'{ADDRESS}' is not an e-mail address."


def refused_in_german(desk, tmp_path) -> str:
    """``register`` with an address that is none, by the command line in German, into the
    desk's own history file; returns the serial."""
    sandbox = desk.sandbox
    child = ChildCli(sandbox, tmp_path)  # the desk's data folder: tmp_path / "data"
    serial = sandbox.serial("offline")
    argv = ("register", serial, "--name", "Ada", "--email", ADDRESS, *child.conn)
    done = child(*argv, env={"LANGUAGE": "de"})
    assert done.code == 2 and "ist keine E-Mail-Adresse" in done.err, done.err
    [entry] = stored(serial)
    assert (entry.outcome, entry.detail) == ("failed", ENGLISH)  # kept in English
    return serial


def test_a_german_reader_reads_it_in_german(german, desk, qtbot, tmp_path):
    refused_in_german(desk, tmp_path)
    w = open_window(desk, qtbot)
    assert column(w, COL_OUTCOME) == [f"nicht gesendet: '{ADDRESS}' ist keine E-Mail-Adresse."]


def test_an_english_reader_reads_it_in_english(desk, qtbot, tmp_path):
    refused_in_german(desk, tmp_path)
    w = open_window(desk, qtbot)
    assert column(w, COL_OUTCOME) == [f"not sent: {ENGLISH}"]
