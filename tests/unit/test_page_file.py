"""A file of pages (the History window's and ``history export``'s): whole under its name
only when finished; stopped or failed, nothing under it and an older file as it was."""

from __future__ import annotations

import os

import pytest

from licensedesk.page_file import PageFile, write_pages


def _parts(folder) -> list[str]:
    return [name for name in os.listdir(folder) if name.endswith(".part")]


def test_the_pages_are_counted_and_the_file_is_there_once_finished(tmp_path) -> None:
    path = tmp_path / "out.csv"
    file = PageFile(path)
    file.open()
    assert file.write("head\n", 0) == 0
    assert file.write("a\nb\n", 2) == 2
    assert not path.exists()  # not before it is whole
    assert file.write("c\n", 1) == 3
    assert file.finish() == 3
    assert path.read_bytes() == b"head\na\nb\nc\n"
    assert oct(path.stat().st_mode & 0o777) == oct(0o600)  # a history names people
    assert _parts(tmp_path) == []


def test_discarded_it_leaves_an_older_file_as_it_was(tmp_path) -> None:
    path = tmp_path / "out.csv"
    path.write_text("older\n", encoding="utf-8")
    file = PageFile(path)
    file.open()
    file.write("new\n", 1)
    file.discard()
    assert path.read_text(encoding="utf-8") == "older\n"
    assert _parts(tmp_path) == []


def test_pages_that_fail_midway_leave_nothing_under_the_name(tmp_path) -> None:
    path = tmp_path / "out.jsonl"

    def pages():
        yield "{}\n", 1
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        write_pages(path, pages())
    assert not path.exists()
    assert _parts(tmp_path) == []
    assert write_pages(path, iter([("a\n", 1), ("b\nc\n", 2)])) == 3
    assert path.read_text(encoding="utf-8") == "a\nb\nc\n"
