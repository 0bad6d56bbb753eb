"""A language for one test: a real gettext catalogue, compiled by Babel as the build
compiles ours, put in place of the one in use (``licensedesk.i18n``) until the test ends.

The shipped German catalogue is filled from every area's strings at once; a test of the
core layers brings the few translations it reads, so it tests the mechanism (whole
sentences, values put in, English kept for exports and the history) on its own.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from io import BytesIO

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from licensedesk import i18n

Message = str | tuple[str, str]


def speak(monkeypatch: pytest.MonkeyPatch, translations: Mapping[Message, Message]) -> None:
    """From now until the test ends, ``_``/``ngettext`` answer from ``translations``
    (German plural rules; a plural is ``(singular, plural): (one, many)``)."""
    catalog = Catalog(locale="de")
    for msgid, msgstr in translations.items():
        catalog.add(msgid, msgstr)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    monkeypatch.setattr(i18n, "_translations", gettext.GNUTranslations(compiled))
    monkeypatch.setattr(i18n, "_language", "de")
