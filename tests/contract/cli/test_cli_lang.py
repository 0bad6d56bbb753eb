"""``licensedesk-cli --lang``: which language the command line speaks (issue #15).

``--lang`` beats the window's saved choice (the ``language`` file in the config
folder), which beats the system's (``LANGUAGE`` …). The choice is made from argv
before the parser is built, so ``--help`` is translated too; ``build_parser`` alone
(man pages, completion) stays in the language already in use.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from licensedesk import i18n
from licensedesk.cli import main
from licensedesk.cli.commands import build_parser


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """main() switches the process's language: the next test starts in English again."""
    yield
    i18n.use_language("en")


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throw-away config and data folder; no system language but what a test sets."""
    config = tmp_path / "config"
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(config))
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(tmp_path / "data"))
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    return config


@pytest.mark.parametrize(
    ("argv", "found"),
    [
        (["--lang", "de", "show", "X"], "de"),
        (["--lang=de", "show", "X"], "de"),
        (["show", "X"], None),
        ([], None),
        (["show", "X", "--lang", "de"], "de"),  # after the command name
        (["profile", "list", "--lang=en"], "en"),
        (["--lang", "en", "show", "X", "--lang", "de"], "de"),  # the last, as argparse
        (["--lang"], None),  # no value: argparse says so later
        (["history", "--", "--lang", "de"], None),  # after "--" it is not an option
        (["--lang", "xx"], "xx"),  # checked by the parser, not here
    ],
)
def test_lang_is_found_before_parsing(argv: list[str], found: str | None) -> None:
    assert i18n.lang_in_argv(argv) == found


def test_unknown_language_is_a_usage_error_naming_the_choices(
    folders: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "xx", "profile", "list"]) == 2
    err = capsys.readouterr().err
    assert "--lang" in err and "'xx'" in err
    for code in i18n.LANGUAGES:
        assert f"'{code}'" in err
    assert i18n.current_language() == "en"


def run_help(argv: list[str]) -> str:
    """main(argv + --help): the language it chose (--help exits before any command)."""
    i18n.use_language("en")
    assert main([*argv, "--help"]) == 0
    return i18n.current_language()


def test_lang_beats_the_saved_setting(
    folders: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    i18n.save_language("de", folders)
    assert run_help(["--lang", "en"]) == "en"
    assert run_help(["--lang=en"]) == "en"
    assert run_help(["profile", "list", "--lang", "en"]) == "en"
    i18n.save_language("en", folders)
    assert run_help(["--lang", "de"]) == "de"


def test_saved_setting_beats_the_system(
    folders: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.save_language("de", folders)
    assert run_help([]) == "de"
    monkeypatch.setenv("LANGUAGE", "de")
    i18n.save_language("en", folders)
    assert run_help([]) == "en"


def test_system_language_without_a_setting(
    folders: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    assert run_help([]) == "de"
    monkeypatch.setenv("LANGUAGE", "fr:en")  # the first one we speak
    assert run_help([]) == "en"
    monkeypatch.setenv("LANGUAGE", "fr")
    assert run_help([]) == "en"  # nothing we speak: English


def test_an_abbreviated_lang_still_chooses(
    folders: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse takes ``--la de``; the pre-scan does not see it, the parsed value wins."""
    assert main(["history", "--json", "--la", "de"]) == 0
    assert i18n.current_language() == "de"


def test_build_parser_alone_keeps_the_language_in_use(
    folders: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Man pages and completion are built from build_parser(): never German by accident."""
    monkeypatch.setenv("LANGUAGE", "de")
    i18n.save_language("de", folders)
    i18n.use_language("en")
    build_parser().format_help()
    assert i18n.current_language() == "en"
