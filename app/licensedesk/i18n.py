"""Translations: one gettext catalogue for every layer (window, command line, api, profiles).

Qt-free on purpose: ``api/`` and ``profiles/`` produce sentences a person reads, and
they may not import Qt; the window uses the same ``_`` (Qt's own standard buttons
come from Qt's shipped ``qtbase`` catalogue, loaded by ``ui/shell/language.py``).

How code uses it::

    from licensedesk.i18n import N_, _, ngettext

    label.setText(_("Serial"))
    ngettext("{n} device", "{n} devices", n).format(n=n)
    COLUMNS = (N_("Device"), N_("Host"))   # module level: marked, translated at use
    header = _(COLUMNS[0])

Never call ``_`` at import time (a module constant, a default argument): the
language is chosen after the first imports, and a test may switch it. Mark such
text with :func:`N_` and translate it where it is shown.

Which language: ``--lang`` (all three commands), else the saved setting (the
window's *View → Language*, a file ``language`` in the config folder that the
command line reads too), else the system's (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``; the window adds Qt's system UI languages).
English is the source language and needs no catalogue.

Catalogues: sources in ``resources/translations/<lang>.po``, compiled by the build
(``setup.py``: wheel, editable install, bundle) to
``licensedesk/locale/<lang>/LC_MESSAGES/licensedesk.mo``; ``scripts/i18n.py``
extracts, updates and checks them (docs/translations.md).
"""

from __future__ import annotations

import gettext as _gettext
import os

TYPE_CHECKING = False  # not typing's: importing typing would delay the first paint
if TYPE_CHECKING:  # pathlib is imported where it is used, not before the first paint
    from pathlib import Path

__all__ = [
    "LANGUAGES",
    "N_",
    "N_plural",
    "_",
    "catalogue_key",
    "choose_language",
    "current_language",
    "format_number",
    "lang_in_argv",
    "locale_dir",
    "message_ids",
    "ngettext",
    "pgettext",
    "resolve_language",
    "save_language",
    "saved_language",
    "system_languages",
    "use_language",
]

DOMAIN = "licensedesk"
#: the languages the app speaks, each named in itself (a menu shows them so)
LANGUAGES = {"en": "English", "de": "Deutsch"}
SOURCE_LANGUAGE = "en"
#: per language: the decimal mark and the digit-group mark of its numbers (the window
#: has QLocale; the api and the command line, which are Qt-free, have this)
NUMBER_MARKS = {"en": (".", ","), "de": (",", ".")}
#: the name of the setting's file in the config folder (one line: a code, or absent)
SETTING_FILE = "language"

#: the compiled catalogues, beside this module (a str: no pathlib before the first paint)
_LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE
#: gettext's global text domain when none of ours is in use (the module's default)
_GLOBAL_DOMAIN = "messages"
#: while our language stands in for the environment's: (its own LANGUAGE or None, ours)
_stand_in: tuple[str | None, str] | None = None
_catalogue_file: str | None = None  # the .mo in use (None: English)


def _(message: str) -> str:
    """``message`` in the language in use (itself when it has no translation)."""
    return _sound(message, _translations.gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language in use (German and
    English have two forms, others more: the catalogue's ``Plural-Forms`` decides)."""
    return _sound(singular if n == 1 else plural, _translations.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context``: one English word with two German ones ("Keys"
    of the keyboard: "Tasten"; API keys: "Schlüssel") needs a context to tell them apart."""
    return _sound(message, _translations.pgettext(context, message))


#: (English, translation) → whether the translation keeps English's format fields
_checked: dict[tuple[str, str], bool] = {}


def _sound(source: str, translated: str) -> str:
    """``translated``, or ``source`` when the translation would break the caller's
    ``.format``: a lone ``{`` raises and a lost field loses the value, so one bad entry
    of a catalogue shows that string in English rather than an error dialog. Each pair is
    checked once (a dict look-up after that)."""
    if translated is source:
        return translated
    sound = _checked.get((source, translated))
    if sound is None:
        wanted = _fields(source)
        sound = wanted is None or _fields(translated) == wanted
        _checked[(source, translated)] = sound
    return translated if sound else source


def _fields(text: str) -> frozenset[str] | None:
    """The names of ``text``'s format fields, or None when ``str.format`` refuses it."""
    from string import Formatter

    try:
        return frozenset(
            name.split(".")[0].split("[")[0]
            for _, name, _, _ in Formatter().parse(text)
            if name is not None
        )
    except ValueError:
        return None


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it (module constants)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted message for the catalogue (as :func:`ngettext` would) without
    translating it: ``scripts/i18n.py`` extracts it as a plural entry."""
    return singular, plural


def locale_dir() -> Path:
    """Where the compiled catalogues are: ``licensedesk/locale`` beside this module."""
    from pathlib import Path

    return Path(_LOCALE_DIR)


def format_number(value: float, decimals: int = 0) -> str:
    """``value`` as the language in use writes it: ``2,048.5`` in English, ``2.048,5`` in
    German (:data:`NUMBER_MARKS`)."""
    decimal, group = NUMBER_MARKS.get(_language, NUMBER_MARKS[SOURCE_LANGUAGE])
    return f"{value:,.{decimals}f}".translate({ord(","): group, ord("."): decimal})


def current_language() -> str:
    """The code of the language in use (``"en"`` until :func:`use_language` says else)."""
    return _language


def normalise(code: str | None) -> str | None:
    """``de_DE.UTF-8`` / ``de-AT`` / ``DE`` → ``de``; the languages we have, else None."""
    if not code:
        return None
    base = code.replace("-", "_").split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].lower()
    if base in ("c", "posix"):
        return SOURCE_LANGUAGE
    return base if base in LANGUAGES else None


def system_languages() -> list[str]:
    """The system's preferred languages, as gettext reads them (first set variable of
    ``LANGUAGE`` (a colon list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); the environment's
    own ``LANGUAGE``, not the one the language in use stands in for."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if variable == "LANGUAGE" and _stand_in is not None and value == _stand_in[1]:
            value = _stand_in[0]  # ours stands in for it (:func:`_serve_global_domain`)
        if value:
            return [part for part in value.split(":") if part]
    return []


def resolve_language(
    requested: str | None = None,
    saved: str | None = None,
    system: list[str] | None = None,
) -> str:
    """The language to use: ``requested`` (``--lang``), else ``saved``, else the first of
    ``system`` we speak, else English. An unknown request or setting is passed over."""
    for candidate in (requested, saved, *(system or [])):
        code = normalise(candidate)
        if code:
            return code
    return SOURCE_LANGUAGE


def lang_in_argv(argv: list[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` (the last one, as argparse reads it; before
    or after a sub-command), or None. Read before a parser is built, so that ``--help`` is
    in that language; the parser checks the value afterwards."""
    found = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def choose_language(requested: str | None) -> str:
    """Switch to ``requested`` (``--lang``), else the language saved in the window, else the
    system's, before a command says anything; returns the code in use. (The window's
    ``install_language`` decides again with Qt's view of the system.)"""
    return use_language(resolve_language(requested, saved_language(), system_languages()))


def use_language(code: str, folder: str | None = None) -> str:
    """Switch every later ``_`` to ``code``; returns the code in use (English when there
    is no catalogue for it, e.g. a source tree whose catalogues are not compiled).
    ``folder``: another locale folder than the installed one (a test's own catalogue)."""
    global _translations, _language, _catalogue_file
    code = normalise(code) or SOURCE_LANGUAGE
    found: _gettext.NullTranslations = _gettext.NullTranslations()
    _catalogue_file = None
    if code != SOURCE_LANGUAGE:
        try:
            found = _gettext.translation(DOMAIN, folder or _LOCALE_DIR, languages=[code])
            _catalogue_file = _gettext.find(DOMAIN, folder or _LOCALE_DIR, languages=[code])
        except OSError:
            code = SOURCE_LANGUAGE
    _translations, _language = found, code
    _serve_global_domain(code, folder or _LOCALE_DIR)
    return _language


def _serve_global_domain(code: str, folder: str) -> None:
    """Libraries that translate through gettext's module functions (argparse's "usage:",
    "options" and its errors) use gettext's global text domain, in the languages the
    environment names: point that domain at our catalogue and ``LANGUAGE`` at the
    language in use, so they speak it too (children started later inherit it). English
    gives the environment its own ``LANGUAGE`` back (unless it changed meanwhile) and
    the domain its default."""
    global _stand_in
    current = os.environ.get("LANGUAGE")
    if _stand_in is not None and current != _stand_in[1]:
        _stand_in = None  # changed by someone else since: the environment's own again
    if code == SOURCE_LANGUAGE:
        _gettext.textdomain(_GLOBAL_DOMAIN)
        if _stand_in is not None:
            kept, _stand_in = _stand_in[0], None
            if kept is None:
                os.environ.pop("LANGUAGE", None)
            else:
                os.environ["LANGUAGE"] = kept
        return
    _stand_in = (current if _stand_in is None else _stand_in[0], code)
    os.environ["LANGUAGE"] = code
    _gettext.bindtextdomain(DOMAIN, folder)
    _gettext.textdomain(DOMAIN)


def catalogue_key() -> int:
    """Another number whenever another catalogue is in use: the key of a cache of
    translated text."""
    return id(_translations)


def message_ids() -> tuple[str, ...]:
    """The English texts the catalogue in use translates (a plural's singular; none for
    English): what :func:`licensedesk.api.sentence.in_use` matches a kept sentence with.
    Read from the compiled file's table of originals (GNU gettext's documented .mo
    layout), once per language."""
    return _ids_of(_catalogue_file) if _catalogue_file else ()


_ids: dict[str, tuple[str, ...]] = {}


def _ids_of(path: str) -> tuple[str, ...]:
    import struct

    if path not in _ids:
        with open(path, "rb") as stream:
            data = stream.read()
        order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
        count, originals = struct.unpack(order + "II", data[8:16])
        found = []
        for n in range(count):
            length, offset = struct.unpack(order + "II", data[originals + 8 * n :][:8])
            text = data[offset : offset + length].decode("utf-8", "replace")
            if text and "\x04" not in text:  # the header (""), a message with a context
                found.append(text.split("\0", 1)[0])
        _ids[path] = tuple(found)
    return _ids[path]


# ---------------------------------------------------------------- the setting


def _setting_path(folder: Path | None = None) -> Path:
    from licensedesk.paths import config_dir

    return (folder if folder is not None else config_dir()) / SETTING_FILE


def saved_language(folder: Path | None = None) -> str | None:
    """The language chosen in the app (a code), or None: follow the system. A file that
    cannot be read or names a language we do not have counts as no choice."""
    try:
        text = _setting_path(folder).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return normalise(text)


def save_language(code: str | None, folder: Path | None = None) -> None:
    """Keep ``code`` as the choice for every later start (None: follow the system).
    Raises OSError when the config folder cannot be written."""
    path = _setting_path(folder)
    if code is None:
        path.unlink(missing_ok=True)
        return
    chosen = normalise(code)
    if chosen is None:
        raise ValueError(f"unknown language: {code!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    from licensedesk.paths import replace_file  # the one writer: whole, a symlink kept

    replace_file(path, chosen + "\n")
