"""argparse's English error messages said again from the catalogue: every template,
nested ones and the counted plural; a message no template knows stays as it is."""

from __future__ import annotations

import pytest

from licensedesk.translated_parser import translate_message


@pytest.mark.parametrize(
    ("english", "german_text"),
    [
        ("the following arguments are required: serial", "diese Argumente fehlen: serial"),
        (
            "argument --limit: invalid int value: 'x'",
            "Argument --limit: ungültiger Wert für int: 'x'",
        ),
        (
            "argument COMMAND: invalid choice: 'nix' (choose from 'show', 'check')",
            "Argument COMMAND: ungültige Auswahl: 'nix' (möglich: 'show', 'check')",
        ),
        (
            "argument --json: ignored explicit argument 'x'",
            "Argument --json: ausdrücklich angegebenes Argument 'x' nicht verwendet",
        ),
        ("argument N: expected 2 arguments", "Argument N: erwartet 2 Argumente"),
        ("unrecognized arguments: --x y", "unbekannte Argumente: --x y"),
        (
            "something argparse says that we do not know",
            "something argparse says that we do not know",
        ),
    ],
)
def test_messages_are_german(german, english: str, german_text: str) -> None:
    assert translate_message(english) == german_text


def test_english_stays_as_argparse_wrote_it() -> None:
    message = "argument --limit: invalid int value: 'x'"
    assert translate_message(message) == message
