"""The translation catalogues (docs/translations.md): the template holds exactly the
strings of the code, every catalogue translates all of them with the same placeholders,
the build compiles them, and the window's code has no visible text left unmarked.

``scripts/i18n.py check`` is what CI runs here; the last test is a static guard for the
window: a literal handed to a Qt text setter (``setText("…")``, ``QLabel("…")``,
``addAction("…")``…) is text a person reads, so it must go through ``_``/``ngettext``.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from licensedesk import i18n

ROOT = Path(__file__).resolve().parents[3]
APP = ROOT / "app" / "licensedesk"


def load_script():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


script = load_script()


def test_the_template_and_every_catalogue_match_the_code():
    problems = script.check()
    assert problems == [], "\n".join(problems[:40])


def test_a_new_string_in_the_code_is_reported_missing_from_the_template(tmp_path):
    (tmp_path / "licensedesk").mkdir()
    (tmp_path / "licensedesk" / "feature.py").write_text(
        "from licensedesk.i18n import _\n\ndef title():\n    return _('A brand new title')\n",
        encoding="utf-8",
    )
    template = tmp_path / "empty.pot"
    script.write(script.Catalog(project="x"), template)
    problems = script.check(source=tmp_path, template=template)
    assert any("not in the template: 'A brand new title'" in p for p in problems)


def test_a_msgid_asked_both_plain_and_as_a_plural_is_reported(tmp_path):
    """The catalogue holds one entry, a plural; Python 3.11.2's gettext does not find a
    plural entry for a plain lookup (3.11.7's does), so the plain one stays English."""
    (tmp_path / "licensedesk").mkdir()
    (tmp_path / "licensedesk" / "feature.py").write_text(
        "from licensedesk.i18n import _, ngettext\n\n"
        "def shown(n):\n"
        "    return _('{n} of all'), ngettext('{n} of all', '{n} of all', n)\n",
        encoding="utf-8",
    )
    template = tmp_path / "feature.pot"
    script.write(script.extract(source=tmp_path), template)
    problems = script.check(source=tmp_path, template=template)
    assert [p for p in problems if "asked both" in p] == [
        "asked both as _() (licensedesk/feature.py:4) and as an ngettext singular "
        "(licensedesk/feature.py:4): '{n} of all'; use one form"
    ]


def test_a_translation_that_invents_or_drops_a_placeholder_is_reported():
    assert script.placeholder_problems("{n} left", "noch {m}")
    assert script.placeholder_problems("Serial {serial} not found", "Nicht gefunden")
    assert not script.placeholder_problems(
        ("{n} device", "{n} devices"), ("{n} Gerät", "{n} Geräte")
    )


def test_every_plural_form_keeps_the_placeholders_and_is_a_format_string():
    """Each form is formatted with the English arguments: a lone brace raises, a dropped
    field loses the number (de.po once said "{" and "s" for "{shown} of {total}")."""
    source = ("{shown} of {total}", "{shown} of {total}")
    assert script.placeholder_problems(source, ("{", "s")) == [
        "not a valid format string: '{'",
        "placeholder ['shown', 'total'] missing in 's'",
    ]
    assert script.placeholder_problems(("{n} device", "{n} devices"), ("ein Gerät", "{n} Geräte"))
    assert script.placeholder_problems("{n} left", "noch {n")
    assert not script.placeholder_problems(source, ("{shown} von {total}",) * 2)


def test_german_is_complete_and_says_plurals_right():
    """Every language the app offers has a catalogue; German picks its plural forms."""
    for code in i18n.LANGUAGES:
        if code != i18n.SOURCE_LANGUAGE:
            assert (ROOT / "resources" / "translations" / f"{code}.po").is_file()
    try:
        assert i18n.use_language("de") == "de", "the German catalogue is not compiled"
        assert i18n._("Serial") != "Serial"
        one = i18n.ngettext("{n} device", "{n} devices", 1).format(n=1)
        two = i18n.ngettext("{n} device", "{n} devices", 2).format(n=2)
        assert (one, two) == ("1 Gerät", "2 Geräte")
    finally:
        i18n.use_language("en")
    assert i18n._("Serial") == "Serial"


def test_the_installed_catalogues_are_compiled_from_the_current_sources(tmp_path):
    """The build (``setup.py``) wrote ``licensedesk/locale/<lang>/…/licensedesk.mo`` from
    each ``.po``; a stale one would show old words."""
    from babel.messages.mofile import read_mo

    for po in sorted((ROOT / "resources" / "translations").glob("*.po")):
        mo = i18n.locale_dir() / po.stem / "LC_MESSAGES" / "licensedesk.mo"
        assert mo.is_file(), f"{mo} missing: run `make setup` or scripts/i18n.py compile"
        with mo.open("rb") as compiled:
            installed = {key(m): text(m) for m in read_mo(compiled) if m.id}
        source = script.read(po, po.stem)
        wanted = {key(m): text(m) for m in source if m.id and not m.fuzzy}
        assert installed == wanted, f"{mo} is older than {po.name}: scripts/i18n.py compile"


def key(message) -> tuple:
    context = message.context
    context = context.decode() if isinstance(context, bytes) else context  # read_mo's
    return context, tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id


def text(message) -> tuple | str:
    string = message.string
    return tuple(string) if isinstance(string, (list, tuple)) else string


@pytest.mark.slow
def test_the_wheel_carries_the_compiled_catalogues(tmp_path):
    """What ``pip install licensedesk`` gets from a fresh checkout (no compiled catalogue
    yet): the build compiles the catalogues itself, packs them, and says nothing about
    their folders (setuptools warned "Package would be ignored" for each)."""
    source = tmp_path / "checkout"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.egg-info", "locale", "__pycache__", "*_cache"
        ),
    )
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(tmp_path), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    said = built.stdout + built.stderr
    assert "would be ignored" not in said and "absent from the `packages`" not in said
    wheel = next(tmp_path.glob("licensedesk-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "licensedesk/locale/de/LC_MESSAGES/licensedesk.mo" in names
    assert "licensedesk/ui/icons/computer.svg" in names and "licensedesk/py.typed" in names


# ---------------------------------------------------------------- the static guard

#: Qt calls whose string arguments a person reads
TEXT_CALLS = {
    "setText",
    "setWindowTitle",
    "setToolTip",
    "setStatusTip",
    "setWhatsThis",
    "setPlaceholderText",
    "setAccessibleName",
    "setAccessibleDescription",
    "setTitle",
    "showMessage",
    "addAction",
    "addMenu",
    "addTab",
    "insertTab",
    "setTabText",
    "addRow",
    "addItem",
    "setHorizontalHeaderLabels",
    "setLabelText",
    "setInformativeText",
    "setDetailedText",
    "setSpecialValueText",
    "setSuffix",
    "setPrefix",
    "setFormat",
    "QLabel",
    "QPushButton",
    "QCheckBox",
    "QRadioButton",
    "QGroupBox",
    "QAction",
    "QMenu",
    "QToolButton",
    "information",
    "warning",
    "critical",
    "question",
    "getText",
    "getSaveFileName",
    "getOpenFileName",
    "plain_label",
    "rich_label",
}
#: a literal with a letter in it is words; "", "—", "%", "…" are not
WORDS = re.compile(r"[A-Za-z]{2,}")
TAGS = re.compile(r"<[^>]*>")
#: literals that are examples of a format or a value, the same in every language
NOT_WORDS = {
    "https://licences.example.com",
    "name@example.com",
    "ABCD-1234-EFGH-5678-IJKL",
    "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
    "UTC",
}


def unmarked_literals(path: Path) -> list[str]:
    """``file:line: 'text'`` for each word literal passed straight to a text call."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in TEXT_CALLS or is_logger(func):
            continue
        for arg in [
            *node.args,
            *(
                k.value
                for k in node.keywords
                if k.arg in ("text", "title", "toolTip", "tip", "label", "caption")
            ),
        ]:
            for piece in arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]:
                text = literal_text(piece)
                if text is not None and text not in NOT_WORDS and WORDS.search(TAGS.sub("", text)):
                    found.append(f"{path.relative_to(ROOT)}:{piece.lineno}: {text!r}")
    return found


def is_logger(func: ast.expr) -> bool:
    """``log.warning(…)``, ``self._log.info(…)``: a log line, for developers (English)."""
    receiver = func.value if isinstance(func, ast.Attribute) else None
    while isinstance(receiver, ast.Attribute):
        receiver = receiver.attr if "log" in receiver.attr.lower() else receiver.value
        if isinstance(receiver, str):
            return True
    return isinstance(receiver, ast.Name) and "log" in receiver.id.lower()


def literal_text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return None


def test_no_window_text_is_left_untranslatable():
    found = [
        line for path in sorted((APP / "ui").rglob("*.py")) for line in unmarked_literals(path)
    ]
    found += unmarked_literals(APP / "__main__.py")
    assert found == [], "wrap these in _() (docs/translations.md):\n" + "\n".join(found)


def test_the_guard_sees_a_bare_literal(tmp_path):
    sample = ROOT / "tests" / "contract" / "release" / "_guard_sample.py"
    sample.write_text(
        "label.setText('Not found')\nbox = QLabel(f'Hello {name}')\nok = QLabel(_('Fine'))\n",
        encoding="utf-8",
    )
    try:
        found = unmarked_literals(sample)
    finally:
        sample.unlink()
    assert [line.split(": ", 1)[1] for line in found] == ["'Not found'", "'Hello '"]
