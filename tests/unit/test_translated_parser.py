"""argparse's own words in the language in use, through argparse's own gettext calls
(gettext's global domain, pointed at our catalogue by ``use_language``): the usage
prefix, the section titles, each error template, nested and counted ones, and English
again after switching back."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import redirect_stderr

import pytest

from licensedesk import i18n
from licensedesk.translated_parser import TranslatedParser


@pytest.fixture
def german() -> Iterator[None]:
    if i18n.use_language("de") != "de":
        pytest.skip("the German catalogue is not compiled (scripts/i18n.py compile)")
    yield
    i18n.use_language("en")


def parser() -> TranslatedParser:
    p = TranslatedParser(prog="cmd")
    p.add_argument("--version", action="version", version="1")
    p.add_argument("--limit", type=int)
    p.add_argument("--json", action="store_true")
    p.add_argument("--pair", nargs=2)
    commands = p.add_subparsers(dest="command", metavar="COMMAND", required=True)
    show = commands.add_parser("show")
    show.add_argument("serial")
    commands.add_parser("check")
    return p


def error_of(argv: list[str]) -> str:
    err = io.StringIO()
    with redirect_stderr(err), pytest.raises(SystemExit):
        parser().parse_args(argv)
    return err.getvalue()


@pytest.mark.parametrize(
    ("argv", "german_text"),
    [
        (["show"], "cmd show: Fehler: diese Argumente fehlen: serial"),
        (["--limit", "x", "check"], "Argument --limit: ungültiger Wert für int: 'x'"),
        (["nix"], "Argument COMMAND: ungültige Auswahl: 'nix' (möglich: "),
        (["--json=x", "check"], "ausdrücklich angegebenes Argument 'x' nicht verwendet"),
        (["--pair", "a"], "Argument --pair: erwartet 2 Argumente"),
        (["check", "--x", "y"], "unbekannte Argumente: --x y"),
    ],
)
def test_errors_are_german(german, argv: list[str], german_text: str) -> None:
    said = error_of(argv)
    assert said.startswith("Aufruf: cmd")
    assert german_text in said


def test_help_is_german_and_its_lines_stay_under_the_first(german, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "44")  # argparse wraps the usage at the terminal's width
    text = parser().format_help()
    assert text.startswith("Aufruf: cmd ")
    assert "Optionen:" in text and "Positionsargumente:" in text
    assert "diese Hilfe anzeigen und beenden" in " ".join(text.split())
    usage = parser().format_usage().splitlines()
    assert len(usage) > 1
    assert all(line.startswith(" " * len("Aufruf: cmd ")) for line in usage[1:])


def test_english_again_after_german(german) -> None:
    i18n.use_language("en")
    said = error_of(["show"])
    assert said.startswith("usage: cmd")
    assert "the following arguments are required: serial" in said


def test_the_environment_gets_its_own_language_back(monkeypatch) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    if i18n.use_language("de") != "de":
        pytest.skip("the German catalogue is not compiled (scripts/i18n.py compile)")
    assert os.environ["LANGUAGE"] == "de"
    i18n.use_language("en")
    assert os.environ["LANGUAGE"] == "fr"


def test_the_system_language_is_the_environments_own_while_ours_stands_in(monkeypatch) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    if i18n.use_language("de") != "de":
        pytest.skip("the German catalogue is not compiled (scripts/i18n.py compile)")
    try:
        assert i18n.system_languages() == ["en_GB.UTF-8"]
    finally:
        i18n.use_language("en")
    assert "LANGUAGE" not in os.environ
