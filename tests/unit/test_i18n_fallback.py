"""A broken translation (a lone ``{``, a lost or invented field) shows that one string
in English instead of raising in the caller's ``.format``: a catalogue of the test's own,
compiled here, through the public ``use_language``."""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from licensedesk import i18n


def compiled(tmp_path, entries) -> str:
    catalog = Catalog(locale="de")
    for msgid, msgstr in entries:
        catalog.add(msgid, msgstr)
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{i18n.DOMAIN}.mo").open("wb") as out:
        write_mo(out, catalog)
    return str(tmp_path)


def test_a_broken_translation_falls_back_to_english(tmp_path):
    folder = compiled(
        tmp_path,
        [
            (("{shown} of {total}", "{shown} of {total}"), ("{", "s")),
            ("{n} left", "noch {m}"),
            ("Serial {serial}", "Seriennummer {serial}"),
            (("{n} device", "{n} devices"), ("{n} Gerät", "{n} Geräte")),
        ],
    )
    try:
        assert i18n.use_language("de", folder) == "de"
        assert i18n.ngettext("{shown} of {total}", "{shown} of {total}", 1) == "{shown} of {total}"
        assert (
            i18n.ngettext("{shown} of {total}", "{shown} of {total}", 42).format(shown=7, total=42)
            == "7 of 42"
        )
        assert i18n._("{n} left") == "{n} left"  # an invented field
        assert i18n._("Serial {serial}") == "Seriennummer {serial}"  # a sound one stays
        assert i18n.ngettext("{n} device", "{n} devices", 2) == "{n} Geräte"
        assert i18n._("{n} left") == "{n} left"  # asked again: the same answer
    finally:
        i18n.use_language("en")
