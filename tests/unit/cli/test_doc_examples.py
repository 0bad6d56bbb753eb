"""Every command line that README.md and docs/ show parses with the real parser: the examples
(``$ licensedesk-cli …``) as written, the synopses with each optional part given."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from licensedesk.cli.commands import build_parser, parse_arguments

ROOT = Path(__file__).resolve().parents[3]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: what a synopsis's placeholders stand for
SAMPLES = {
    "DATE": "2026-11-24",
    "FILE": "mine.jsonl",
    "SERIAL": "LEWX-6XUC-N5G5-Q8F9-Q2R5",
    "A": "deactivate",
    "P": "ana",
    "O": "done",
    "TEXT": "x",
    "N": "5",
    "LANG": "de",
    "NAME": "prod",
    "ID": "9",
    "CODE": "cc9afeec-d424-4363-af33-8b03fedf5171",
    "URL": "https://licenses.example.com",
    "EMAIL": "ada@example.com",
    "CURRENT": "DLUX-X38V-PVWZ-E2VK-PUNZ",
    "UPGRADE": "A2YF-5MRD-CPJJ-4MHC-7YWZ",
    "SKU": "SP-2024-PERP",
    "TAG": "Linux__64bits",
    "S": "10",
    "TZ": "UTC",
    "PATH": "/tmp/ca.pem",
    "MONTHS": "6",
    "…": "x",
}
COMMAND = re.compile(r"^(?:\$ )?(?:[A-Z_]+=\S+ )*licensedesk-cli(?= |$)")


def _fenced_commands(path: Path) -> list[str]:
    """The ``licensedesk-cli`` lines inside code fences, continuation lines joined."""
    lines, inside, found = path.read_text(encoding="utf-8").splitlines(), False, []
    for line in lines:
        if line.lstrip().startswith("```"):
            inside = not inside
            continue
        if not inside:
            continue
        if COMMAND.match(line.strip()):
            found.append(line.strip())
        elif found and line.startswith("        ") and line.strip().startswith("["):
            found[-1] += " " + line.strip()
    return found


def _argv(line: str) -> list[str]:
    """The arguments of one documented line: a synopsis with every ``[part]`` given and the
    first of ``a|b``; placeholders replaced by sample values."""
    words = shlex.split(COMMAND.sub("", line.strip()).split("  #")[0])
    argv = []
    for word in words:
        word = word.strip("[]").split("|")[0]
        argv.append(SAMPLES.get(word, word))
    return argv


EXAMPLES = [
    (path.relative_to(ROOT).as_posix(), line)
    for path in DOCS
    for line in _fenced_commands(path)
    if "COMMAND" not in line and "…" not in line.split("licensedesk-cli", 1)[1]
]


def test_the_docs_show_commands():
    assert len(EXAMPLES) >= 20
    assert any(
        "history export [--since DATE] [--until DATE] [--csv] [FILE|-]" in line
        for _doc, line in EXAMPLES
    )


@pytest.mark.parametrize(("doc", "line"), EXAMPLES, ids=[line[:60] for _d, line in EXAMPLES])
def test_a_documented_command_line_parses(doc, line):
    argv = _argv(line)
    try:
        args = parse_arguments(build_parser(), argv)
    except SystemExit as exc:
        pytest.fail(f"{doc}: {line!r} does not parse (exit {exc.code})")
    assert args.command


def test_history_export_takes_its_file_after_its_options():
    args = parse_arguments(
        build_parser(), ["history", "export", "--since", "2026-11-24", "mine.jsonl"]
    )
    assert args.words == ["export", "mine.jsonl"] and args.since == "2026-11-24"


def test_an_unknown_option_is_still_refused():
    with pytest.raises(SystemExit) as exc:
        parse_arguments(build_parser(), ["history", "export", "--nope", "mine.jsonl"])
    assert exc.value.code == 2
