"""The window's command line read without argparse on a plain start (``quick_args``, ~7 ms
of CPU before the first paint) means exactly what argparse makes of it; anything else
is left to argparse."""

from __future__ import annotations

import sys

import pytest

from licensedesk.__main__ import build_parser, parse_args, quick_args

PLAIN = [
    [],
    ["--demo"],
    ["--profile", "Work"],
    ["--profile=Work"],
    ["--report-start"],
    ["--quit-after", "250", "--demo"],
    ["--quit-after=12"],
    ["--profile", "A", "--profile", "B"],
    ["--demo", "--report-start", "--profile", "two words"],
]
OTHER = [
    ["--help"],
    ["-h"],
    ["--version"],
    ["--prof", "x"],
    ["--profile"],
    ["--profile", "-x"],
    ["--quit-after", "x"],
    ["ABCD-1234-EFGH-5678-IJKL"],
    ["licensedesk://lookup/X"],
    ["--demo=1"],
    ["--unknown"],
]


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


@pytest.fixture
def english_after():
    """The test process speaks English again afterwards (tests/conftest.py)."""
    from licensedesk import i18n

    yield
    i18n.use_language("en")


@pytest.mark.parametrize(
    ("argv", "lang"),
    [
        (["--lang", "de", "--help"], "de"),
        (["--help", "--lang=de"], "de"),
        (["--lang", "de", "--lang", "en"], "en"),
        (["--", "--lang", "de"], None),
        (["--lang"], None),
    ],
)
def test_lang_is_found_before_the_parser_exists(argv, lang):
    from licensedesk.i18n import lang_in_argv

    assert lang_in_argv(argv) == lang


def test_help_is_in_the_language_asked_for(capsys, english_after):
    """The language is chosen before the parser is built: its help texts are translated
    (German once the catalogue holds them; the compiled catalogue must exist)."""
    from licensedesk import i18n

    with pytest.raises(SystemExit) as stop:
        parse_args(["--lang", "de", "--help"])
    assert stop.value.code == 0
    assert i18n.current_language() == "de"
    out = capsys.readouterr().out
    assert i18n._("open this connection profile") in " ".join(out.split())
    assert out.startswith("Aufruf: licensedesk")  # argparse's own words: our catalogue


def test_without_a_display_it_says_so_in_the_language_asked_for(monkeypatch, capsys, english_after):
    from licensedesk import i18n
    from licensedesk.__main__ import NO_DISPLAY, main, start_command

    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["--lang", "de"]) == 2
    assert i18n.current_language() == "de"
    command = start_command([sys.argv[0], "--lang", "de"])
    assert capsys.readouterr().err.strip() == i18n._(NO_DISPLAY).format(command=command)
    assert command.endswith("--lang de")
