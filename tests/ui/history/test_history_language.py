"""The history is kept in English and read in the reader's language: a refusal recorded by
a desk that speaks German (the command line under ``LANGUAGE=de``, a real child process)
is stored in English, and the History window says it in German to a German reader and in
English to an English one, values and all; so is a batch check the German window
stopped."""

from __future__ import annotations

from licensedesk.ui.history.model import COL_OUTCOME

from ...contract.cli.child import ChildCli
from ..batch.steps import check, open_batch, paste, unknown
from ..helpers import click
from .steps import stored, wait_stored
from .test_history_window import column, open_window, settle

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


def test_a_batch_check_stopped_in_german_is_kept_in_english_and_read_in_german(german, desk, qtbot):
    sandbox = desk.sandbox
    sandbox.faults.add("slow", delay_ms=300)  # still running when Stop is clicked
    window = open_batch(desk, qtbot)
    paste(window, qtbot, "\n".join(unknown(i) for i in range(24)))
    check(window, qtbot)
    qtbot.waitUntil(lambda: window.model.answered() >= 1, timeout=10000)
    click(qtbot, window.cancel_button)
    [entry] = wait_stored(qtbot, 1, action="batch_check", timeout=10000)
    checked = entry.counts["checked"]
    assert entry.detail == f"Stopped after {checked} of 24."
    desk.history.open()  # View → History… (the batch window has the keyboard)
    qtbot.waitUntil(lambda: desk.history.window is not None and desk.history.window.isVisible())
    settle(desk, qtbot)
    history = desk.history.window
    assert column(history, COL_OUTCOME) == [f"erledigt: Abgebrochen nach {checked} von 24."]
