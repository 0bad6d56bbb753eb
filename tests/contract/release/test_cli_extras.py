"""Shell completion and man pages (``scripts/cli-extras.sh``: ``make completion``,
``make man``) are generated from the commands' own parsers: bash completes every
sub-command at every level (run in a real bash, all three commands sourced together so
their functions cannot clash), zsh and fish name them, and each man page has a section
per sub-command and the package's version."""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import licensedesk
from licensedesk.__main__ import build_parser as gui_parser
from licensedesk.cli.commands import build_parser as cli_parser
from licensedesk.command_parser import sub_commands as sub_commands_of
from licensedesk.sandbox.__main__ import parser as sandbox_parser

ROOT = Path(__file__).resolve().parents[3]
PARSERS = {
    "licensedesk-cli": cli_parser,
    "licensedesk": gui_parser,
    "licensedesk-sandbox": sandbox_parser,
}


def sub_commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(path, names of its sub-commands) for every level that has sub-commands."""
    children = sub_commands_of(parser)
    if children:
        yield path, list(children)
        for name, child in children.items():
            yield from sub_commands(child, (*path, name))


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("cli-extras")
    venv = Path(sys.executable).parent.parent
    for what in ("completion", "man"):
        subprocess.run(
            [str(ROOT / "scripts/cli-extras.sh"), str(venv), str(out), what],
            check=True,
            capture_output=True,
            timeout=120,
        )
    return out


def test_every_command_has_sub_commands_to_check():
    levels = {prog: dict(sub_commands(p())) for prog, p in PARSERS.items()}
    assert "profile" in levels["licensedesk-cli"][()]
    assert levels["licensedesk-cli"][("profile",)]
    assert levels["licensedesk-sandbox"][()]
    assert levels["licensedesk"] == {}  # the window: options and a serial only


def test_bash_completes_every_sub_command(generated):
    bash_dir = generated / "completion" / "bash"
    script = [f"source {shlex.quote(str(bash_dir / prog))}" for prog in PARSERS]
    cases = []
    for prog, parser in PARSERS.items():
        function = re.search(
            r"complete .*-F (\S+) " + re.escape(prog) + "$",
            (bash_dir / prog).read_text(),
            re.MULTILINE,
        ).group(1)
        for path, names in sub_commands(parser()):
            words = [prog, *path, ""]
            script += [
                f"COMP_WORDS=({' '.join(shlex.quote(w) for w in words)})",
                f"COMP_CWORD={len(words) - 1}",
                "COMPREPLY=()",
                function,
                'echo "${COMPREPLY[*]}"',
            ]
            cases.append(names)
        script += [
            f"COMP_WORDS=({prog} --)",
            "COMP_CWORD=1",
            "COMPREPLY=()",
            function,
            'echo "${COMPREPLY[*]}"',
        ]
        cases.append(["--help", "--version"])
    done = subprocess.run(
        ["bash", "--norc", "-c", "\n".join(script)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == len(cases), done.stderr
    for offered, wanted in zip(lines, cases, strict=True):
        assert set(wanted) <= set(offered.split()), (wanted, offered)


@pytest.mark.parametrize(("shell", "name"), [("zsh", "_{prog}"), ("fish", "{prog}.fish")])
def test_zsh_and_fish_name_every_sub_command(generated, shell, name):
    for prog, parser in PARSERS.items():
        text = (generated / "completion" / shell / name.format(prog=prog)).read_text()
        assert prog in text
        for _path, names in sub_commands(parser()):
            for sub in names:
                assert re.search(rf"(?<![\w-]){re.escape(sub)}(?![\w-])", text), (prog, sub)


def test_man_pages_name_every_sub_command_and_the_version(generated):
    for prog, parser in PARSERS.items():
        page = (generated / "man" / "man1" / f"{prog}.1").read_text().replace("\\-", "-")
        assert page.startswith(f'.TH {prog.upper()} "1"')
        assert f"License Desk {licensedesk.__version__}" in page.splitlines()[0]
        assert re.search(rf"^{re.escape(prog)} - \S", page, re.MULTILINE), "NAME: a description"
        for path, names in sub_commands(parser()):
            for sub in names:
                assert f"'{' '.join((prog, *path, sub))}'" in page, (prog, path, sub)
