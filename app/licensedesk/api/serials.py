"""Input checks done before anything is sent (DESIGN.md §2).

Each function returns the cleaned value or raises :class:`InvalidInput` with
a sentence naming the problem.
"""

from __future__ import annotations

import re

from licensedesk.display_text import invisibles_shown
from licensedesk.i18n import N_

from .errors import InvalidInput
from .sentence import Sentence, say

SERIAL_RE = re.compile(r"[A-Z0-9]{4}(?:-[A-Z0-9]{4}){4}")
_BARE_RE = re.compile(r"[A-Z0-9]{20}")
# Hyphen look-alikes that appear when serials are copied from documents or mails.
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d\u00ad_"
_DASH_TABLE = str.maketrans({c: "-" for c in _DASHES})
#: UUID shape of a product code (spec §2.3); the validate dialog also searches with it.
PRODUCT_CODE_RE = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)
_EMAIL_RE = re.compile(r"[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+")
#: what a serial looks like: every surface says it in these words
SERIAL_RULE = N_(
    "A serial has five groups of four letters or digits, like ABCD-1234-EFGH-5678-IJKL."
)
#: A serial inside other text: five groups of four, with or without a hyphen (or a
#: look-alike) between them, not part of a longer run of letters or digits. Not spaces:
#: five four-letter words in a row would read as a serial.
_SERIAL_IN_TEXT = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z0-9]{4}(?:[-" + re.escape(_DASHES) + r"]?[A-Za-z0-9]{4}){4}"
    r"(?![A-Za-z0-9])"
)
_SHOWN = 28  # characters of refused input echoed in the sentence


def _shown(text: str, *, as_typed: bool = False) -> str:
    """Refused input, short and on one line, for a sentence (never the whole paste); the
    sentence puts the quotation marks of its language around it. ``as_typed``: whitespace
    is not collapsed, so a tab shows as ``\\x09`` (for a sentence about such a character)."""
    line = text if as_typed else " ".join(text.split())
    line = line if len(line) <= _SHOWN else line[: _SHOWN - 1] + "\u2026"
    return invisibles_shown(line)  # a zero-width space shown as \u200b, not as nothing


def _not_a_serial(text: str) -> Sentence:
    # TRANSLATORS: {text} is what was typed or pasted; {rule} is the sentence that says
    # what a serial looks like
    return say(
        N_("\u201c{text}\u201d is not a serial. {rule}"), text=_shown(text), rule=say(SERIAL_RULE)
    )


def find_serials(text: str) -> list[str]:
    """Every serial in ``text`` (one per line, commas, a CSV column, mixed with other words),
    normalised, in order of first appearance, each once."""
    found: dict[str, None] = {}
    for match in _SERIAL_IN_TEXT.finditer(text or ""):
        try:
            found[normalize_serial(match.group(0))] = None
        except InvalidInput:
            continue
    return list(found)


def normalize_serial(text: str) -> str:
    """Return the serial as ``XXXX-XXXX-XXXX-XXXX-XXXX`` or raise InvalidInput.

    Trims, upper-cases, drops whitespace anywhere, maps dash look-alikes
    (en/em dash, minus, underscore…) to ``-`` and inserts missing hyphens.
    Hyphens are accepted only between groups; anything else is refused.
    """
    if not isinstance(text, str):
        raise InvalidInput(say(SERIAL_RULE), field="serial")
    cleaned = "".join(text.split()).translate(_DASH_TABLE).upper()
    if not cleaned:
        # TRANSLATORS: {rule} is the sentence that says what a serial looks like
        raise InvalidInput(say(N_("Enter a serial. {rule}"), rule=say(SERIAL_RULE)), field="serial")
    if SERIAL_RE.fullmatch(cleaned):
        return cleaned
    bare = cleaned.replace("-", "")
    if not bare.isascii() or not _BARE_RE.fullmatch(bare):
        raise InvalidInput(_not_a_serial(text), field="serial")
    # Where the typed hyphens sit, counted in letters before them: only 4, 8, 12, 16.
    positions, count = [], 0
    for ch in cleaned:
        if ch == "-":
            positions.append(count)
        else:
            count += 1
    if any(p not in (4, 8, 12, 16) for p in positions) or len(set(positions)) != len(positions):
        raise InvalidInput(_not_a_serial(text), field="serial")
    return "-".join(bare[i : i + 4] for i in range(0, 20, 4))


def check_product_code(code: str) -> str:
    """Product codes are UUID-shaped (8-4-4-4-12 hex digits)."""
    value = code.strip() if isinstance(code, str) else ""
    if not PRODUCT_CODE_RE.fullmatch(value):
        raise InvalidInput(
            say(
                N_(
                    "A product code looks like 123e4567-e89b-12d3-a456-426614174000 "
                    "(hex digits in groups of 8-4-4-4-12)."
                )
            ),
            field="product_code",
        )
    return value


#: the longest host ID sent (DESIGN.md §2): the service stores what it is sent
HOST_ID_MAX = 255


def check_host_id(host_id: str) -> str:
    """Any non-empty printable text up to 255 characters, trimmed. Other integrations
    send other forms (a 16-character processor id, a name such as ``server-backend``);
    only this computer's own host ID is the 32-character hash (:mod:`licensedesk.machine`)."""
    value = host_id.strip() if isinstance(host_id, str) else ""
    if not value:
        raise InvalidInput(say(N_("Enter the host ID to record.")), field="host_id")
    if len(value) > HOST_ID_MAX:
        # TRANSLATORS: {limit} is 255; {n} is the length of what was typed
        raise InvalidInput(
            say(
                N_("A host ID has at most {limit} characters; this one has {n}."),
                limit=HOST_ID_MAX,
                n=len(value),
            ),
            field="host_id",
        )
    if not value.isprintable():
        # TRANSLATORS: {text} is the refused host ID, its invisible characters written as
        # escapes such as \x09
        raise InvalidInput(
            say(
                N_(
                    "\u201c{text}\u201d is not a host ID: a host ID is printable text, without "
                    "tabs, line breaks or invisible characters."
                ),
                text=_shown(value, as_typed=True),
            ),
            field="host_id",
        )
    return value


def check_device_tag(tag: str) -> str:
    value = tag.strip() if isinstance(tag, str) else ""
    if not value or not value.isprintable() or len(value) > 255:
        raise InvalidInput(
            say(N_("A device tag names the system and its bit width, like Linux__64bits.")),
            field="device_tag",
        )
    return value


def check_email(email: str) -> str:
    value = email.strip() if isinstance(email, str) else ""
    if not _EMAIL_RE.fullmatch(value):
        raise InvalidInput(
            say(N_("{address} is not an e-mail address."), address=repr(value)), field="email"
        )
    return value


def check_name(name: str) -> str:
    value = name.strip() if isinstance(name, str) else ""
    if not value:
        raise InvalidInput(say(N_("Enter the name of the licensee.")), field="name")
    return value


def check_sku_number(sku: str) -> str:
    value = sku.strip() if isinstance(sku, str) else ""
    if not value:
        raise InvalidInput(say(N_("The SKU number is empty.")), field="sku_number")
    return value


def check_activation_id(value: int | str) -> int:
    """Activation ids are positive integers (digit strings are accepted)."""
    text = value.strip() if isinstance(value, str) else ""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif text.isdigit() and text.isascii():
        number = int(text)
    else:
        number = None
    if number is None or number <= 0:
        raise InvalidInput(
            say(N_("An activation ID is a positive whole number.")), field="activation_id"
        )
    return number
