#!/usr/bin/env python3
"""The translation catalogues: extract the template, update and check the translations.

    scripts/i18n.py extract   code → resources/translations/licensedesk.pot
    scripts/i18n.py update    the template's new strings into every <lang>.po (then translate)
    scripts/i18n.py compile   every <lang>.po → app/licensedesk/locale (the build does this too)
    scripts/i18n.py check     fails when the code has a string the template lacks (or the
                              template one the code lost), asks a msgid both as a plain
                              _() and as an ngettext singular, or a catalogue misses a
                              translation, has a fuzzy one, or breaks a {placeholder}

CI runs ``check`` (tests/contract/release/test_translations.py). docs/translations.md
says how to add a language.
"""

from __future__ import annotations

import argparse
import string
import sys
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "resources" / "translations"
TEMPLATE = TRANSLATIONS / "licensedesk.pot"
PROJECT = "License Desk"
#: what Babel reads (the sandbox plays the hosted service: its messages stay English)
METHOD_MAP = [("licensedesk/sandbox/**.py", "ignore"), ("**.py", "python")]


Marked = tuple[str, int, "str | tuple[str, ...]", list[str], "str | None"]


def marked(source: Path = ROOT / "app", only: list[Path] | None = None) -> list[Marked]:
    """Every marked string of the code (of the files under ``only``, when given): (file,
    line, message: a str for ``_``/``N_``, a tuple for ``ngettext``, comments, context)."""
    wanted = [p.resolve() for p in only or []]
    found: list[Marked] = []
    for filename, lineno, message, comments, context in extract_from_dir(
        str(source),
        METHOD_MAP,
        keywords={**DEFAULT_KEYWORDS, "N_plural": (1, 2)},
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        path = (source / filename).resolve()
        if not wanted or any(path == w or w in path.parents for w in wanted):
            found.append((filename, lineno, message, comments, context))
    return found


def extract(source: Path = ROOT / "app", only: list[Path] | None = None) -> Catalog:
    """Every marked string of the code (of the files under ``only``, when given), with
    where it is, as a catalogue."""
    return catalogue_of(marked(source, only))


def catalogue_of(found: list[Marked]) -> Catalog:
    catalog = Catalog(
        project=PROJECT,
        charset="utf-8",
        version=None,
        copyright_holder="the License Desk developers",
        msgid_bugs_address="translations@licensedesk.example",
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def asked_both_ways(found: list[Marked]) -> list[str]:
    """Msgids asked as a plain ``_``/``N_`` and as an ``ngettext`` singular: the catalogue
    holds one entry, a plural, and whether a plain lookup finds a plural entry depends on
    the Python (3.11.7's gettext does, 3.11.2's does not: English where German was
    asked). One form per msgid."""
    plain: dict[tuple[str, object], list[str]] = {}
    plural: dict[tuple[str, object], list[str]] = {}
    for filename, lineno, message, _comments, context in found:
        singular = message[0] if isinstance(message, tuple) else message
        kind = plural if isinstance(message, tuple) else plain
        kind.setdefault((singular, context), []).append(f"{filename}:{lineno}")
    return [
        f"asked both as _() ({', '.join(plain[key][:2])}) and as an ngettext singular "
        f"({', '.join(plural[key][:2])}): {key[0]!r}; use one form"
        for key in sorted(plain.keys() & plural.keys(), key=str)
    ]


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale)


def write(catalog: Catalog, path: Path) -> None:
    out = BytesIO()
    write_po(out, catalog, width=96, sort_by_file=True, omit_header=False)
    path.write_bytes(out.getvalue())


def ids(catalog: Catalog) -> set[object]:
    return {message.id for message in catalog if message.id}


def translated(message) -> bool:
    """Whether every form of ``message`` has a translation (a plural has several)."""
    forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
    return all(forms)


def languages() -> list[Path]:
    return sorted(TRANSLATIONS.glob("*.po"))


def check(source: Path = ROOT / "app", template: Path = TEMPLATE) -> list[str]:
    """What is wrong with the template and the catalogues, one line each ([] = fine)."""
    found = marked(source)
    problems = asked_both_ways(found)
    code, pot = catalogue_of(found), read(template)
    for missing in sorted(ids(code) - ids(pot), key=str):
        where = ", ".join(f"{f}:{n}" for f, n in code[missing].locations[:2])
        problems.append(
            f"not in the template: {missing!r} ({where}); run scripts/i18n.py extract, then update"
        )
    for stale in sorted(ids(pot) - ids(code), key=str):
        problems.append(f"in the template but gone from the code: {stale!r}")
    for po in languages():
        catalog = read(po, po.stem)
        for message in pot:
            if not message.id:
                continue
            found = catalog.get(message.id, message.context)
            name = f"{po.name}: {message.id!r}"
            if found is None:
                problems.append(f"{name}: missing")
            elif found.fuzzy:
                problems.append(f"{name}: fuzzy")
            elif not translated(found):
                problems.append(f"{name}: not translated")
            else:
                problems.extend(
                    f"{name}: {p}" for p in placeholder_problems(message.id, found.string)
                )
    return problems


def fields(text: str) -> set[str] | None:
    """The names of ``text``'s ``str.format`` fields (``{n:,}`` is ``n``), or None when
    ``str.format`` would refuse the text (a lone ``{``)."""
    try:
        return {
            name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text)
            if name is not None
        }
    except ValueError:
        return None


def placeholder_problems(source: str | tuple, translated: str | tuple) -> list[str]:
    """Every form of a translation must use exactly the placeholders of the English form
    it stands for (the first the singular's, the others the plural's): the window formats
    the translation with the English arguments, so a lone ``{`` raises, an invented field
    raises, and a dropped one loses the number ("s" for "7 von 42")."""
    sources = source if isinstance(source, tuple) else (source,)
    forms = translated if isinstance(translated, tuple) else (translated,)
    problems = []
    for index, form in enumerate(forms):
        wanted = fields(sources[min(index, len(sources) - 1)])
        if wanted is None:  # not a format string in English either
            continue
        used = fields(form)
        if used is None:
            problems.append(f"not a valid format string: {form!r}")
            continue
        if used - wanted:
            problems.append(f"unknown placeholder {sorted(used - wanted)} in {form!r}")
        if wanted - used:
            problems.append(f"placeholder {sorted(wanted - used)} missing in {form!r}")
    return problems


def merge_fragments(fragments: list[Path], language: str = "de") -> int:
    """Fill ``<language>.po``'s untranslated strings from partial catalogues (written by
    ``fragment``); the catalogue's own translations win; disagreements are printed."""
    target = TRANSLATIONS / f"{language}.po"
    catalog = read(target, language)
    catalog.update(read(TEMPLATE), no_fuzzy_matching=True)
    parts = [read(path, language) for path in fragments]
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        offers = [
            p[message.id].string
            for p in parts
            if p.get(message.id) is not None and translated(p[message.id])
        ]
        if offers and len({str(o) for o in offers}) > 1:
            print(f"differ: {message.id!r}: {offers}")
        if offers and not translated(message):
            message.string = offers[0]
            message.flags.discard("fuzzy")
            filled += 1
    write(catalog, target)
    print(f"{target.relative_to(ROOT)}: {filled} filled")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "command", choices=("extract", "update", "compile", "check", "fragment", "merge")
    )
    parser.add_argument("--new", metavar="LANG", help="update: start a catalogue for LANG")
    parser.add_argument(
        "--out",
        type=Path,
        help="fragment: a partial catalogue (German) of the PATHS' strings, "
        "its translations kept when it exists; merged by `merge`",
    )
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_intermixed_args(argv)
    if args.command == "merge":
        return merge_fragments(args.paths)
    if args.command == "fragment":
        part = extract(only=args.paths)
        part.locale = "de"
        if args.out.exists():
            old = read(args.out, "de")
            for message in part:
                if message.id and old.get(message.id) is not None:
                    message.string = old[message.id].string
                    message.flags.discard("fuzzy")
        write(part, args.out)
        todo = sum(1 for m in part if m.id and not translated(m))
        print(f"{args.out}: {len(ids(part))} strings, {todo} to translate")
        return 0
    if args.new:
        new = TRANSLATIONS / f"{args.new}.po"
        if not new.exists():
            write(Catalog(locale=args.new, project=PROJECT, charset="utf-8"), new)
    if args.command == "extract":
        write(extract(), TEMPLATE)
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(ids(read(TEMPLATE)))} strings")
    elif args.command == "update":
        pot = read(TEMPLATE)
        for po in languages():
            catalog = read(po, po.stem)
            catalog.update(pot, no_fuzzy_matching=True)
            write(catalog, po)
            todo = sum(1 for m in catalog if m.id and (m.fuzzy or not translated(m)))
            print(f"{po.relative_to(ROOT)}: {todo} to translate")
    elif args.command == "compile":
        sys.path.insert(0, str(ROOT))
        from setup import compile_catalogues

        for mo in compile_catalogues():
            print(mo.relative_to(ROOT))
    else:
        problems = check()
        for line in problems:
            print(line)
        print(f"{len(problems)} problem(s)" if problems else "catalogues complete")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
