"""``history`` in the reader's language: a refusal recorded under ``LANGUAGE=de`` is kept
in English (``--json`` shows what is kept) and listed in German to a German reader, in
English to an English one (child processes, as a shell runs them)."""

from __future__ import annotations

import pytest

from .child import ChildCli

ADDRESS = "ada.example.com"
ENGLISH = f"'{ADDRESS}' is not an e-mail address."


@pytest.fixture
def refused(sandbox, tmp_path) -> ChildCli:
    child = ChildCli(sandbox, tmp_path)
    argv = ("register", sandbox.serial("offline"), "--name", "Ada", "--email", ADDRESS)
    done = child(*argv, *child.conn, env={"LANGUAGE": "de"})
    assert done.code == 2 and "ist keine E-Mail-Adresse" in done.err, done.err
    return child


def test_it_is_kept_in_english(refused):
    [entry] = refused.history()
    assert (entry["outcome"], entry["detail"]) == ("failed", ENGLISH)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", f"nicht gesendet: '{ADDRESS}' ist keine E-Mail-Adresse."),
        ("en", f"not sent: {ENGLISH}"),
    ],
)
def test_each_reader_reads_it_in_their_language(refused, language, said):
    done = refused("history", env={"LANGUAGE": language})
    assert done.code == 0, done.err
    assert done.out.splitlines()[1].endswith(said)
