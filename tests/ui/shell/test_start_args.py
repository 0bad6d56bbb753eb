"""The window's command line read without argparse on a plain start (``quick_args``, ~7 ms
of CPU before the first paint) means exactly what argparse makes of it; anything else
is left to argparse."""

from __future__ import annotations

import pytest

from licensedesk.__main__ import build_parser, parse_args, quick_args

PLAIN = [[], ["--demo"], ["--profile", "Work"], ["--profile=Work"], ["--report-start"],
         ["--quit-after", "250", "--demo"], ["--quit-after=12"],
         ["--profile", "A", "--profile", "B"],
         ["--demo", "--report-start", "--profile", "two words"]]
OTHER = [["--help"], ["-h"], ["--version"], ["--prof", "x"], ["--profile"], ["--profile", "-x"],
         ["--quit-after", "x"], ["ABCD-1234-EFGH-5678-IJKL"], ["licensedesk://lookup/X"],
         ["--demo=1"], ["--unknown"]]


@pytest.mark.parametrize("argv", PLAIN, ids=" ".join)
def test_a_plain_start_reads_as_argparse_reads_it(argv):
    assert quick_args(argv) == build_parser().parse_args(argv)


def test_every_option_of_the_parser_is_known_to_the_quick_reading():
    """A new option of build_parser must be added to quick_args too (its default at least)."""
    assert vars(quick_args([])) == vars(build_parser().parse_args([]))


@pytest.mark.parametrize("argv", OTHER, ids=" ".join)
def test_anything_else_is_left_to_argparse(argv):
    assert quick_args(argv) is None


def test_parse_args_still_answers_help_and_errors_as_argparse(capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(["--help"])
    assert stop.value.code == 0 and "--profile NAME" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        parse_args(["--quit-after", "soon"])
    assert stop.value.code == 2
