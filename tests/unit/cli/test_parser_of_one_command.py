"""``main`` builds the options of the commands its arguments name only: each command then
reads its arguments exactly as the whole parser does, and ``--help`` lists the same."""

from __future__ import annotations

import pytest

from licensedesk.cli.commands import build_parser
from licensedesk.command_parser import sub_commands

RUNS = [
    ["show", "S-1", "--base-url", "http://127.0.0.1:1", "--app-id", "a", "--json"],
    ["--json", "products", "S-1", "--reveal-secrets", "--profile", "P"],
    ["activations", "S-1", "--read-timeout", "3"],
    ["activate", "7"],
    ["deactivate", "7", "-v"],
    ["delete-activation", "7", "--serial", "S-1", "-y"],
    ["validate", "S-1", "--product", "C", "--this-machine"],
    ["upgrade", "S-1", "S-2", "--yes"],
    ["check", "serials.txt", "--concurrency", "4", "--csv"],
    ["registration", "S-1"],
    ["register", "S-1", "--name", "N", "--email", "e@x"],
    ["history", "S-1", "--since", "2026-01-01"],
    ["history", "export", "-"],
    ["find", "maria", "jensen", "--store", "team", "--json"],
    ["expiring", "--within", "90", "--dealer", "north", "--csv", "--store", "local"],
    ["timeline", "S-1", "--since", "2026-11-01", "--csv", "--store", "team"],
    ["book", "import", "list.xlsx", "--concurrency", "4", "--profile", "P"],
    ["book", "forget", "ana@example.com", "--yes"],
    ["profile", "add", "P", "--base-url", "https://x.example"],
    ["profile", "list"],
    ["profile", "show", "P"],
    ["profile", "remove", "P"],
    ["profile", "test", "P"],
]


@pytest.mark.parametrize("argv", RUNS, ids=lambda argv: " ".join(argv[:2]))
def test_a_command_reads_its_arguments_as_the_whole_parser_does(argv):
    assert build_parser(set(argv)).parse_args(argv) == build_parser().parse_args(argv)


def test_every_command_is_covered_above():
    named = {argv[0] if argv[0] != "--json" else argv[1] for argv in RUNS}
    assert set(sub_commands(build_parser())) == named


def test_the_list_of_commands_is_the_same():
    assert build_parser({"show"}).format_help() == build_parser().format_help()
    assert build_parser(set()).format_help() == build_parser().format_help()


def test_a_command_named_only_as_a_value_is_still_refused_as_before(capsys):
    """A command word that appears only as some option's value builds one parser more:
    nothing else changes."""
    argv = ["--profile", "check", "show"]
    with pytest.raises(SystemExit):
        build_parser(set(argv)).parse_args(argv)
    lazy = capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    assert lazy == capsys.readouterr().err
