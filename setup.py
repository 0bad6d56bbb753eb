"""Compile the translation catalogues as part of every build (wheel, sdist build, editable).

Everything else is in pyproject.toml; this file only adds a step to ``build_py``:
``resources/translations/<lang>.po`` → ``app/licensedesk/locale/<lang>/LC_MESSAGES/
licensedesk.mo`` (Babel, a build requirement), written into the source tree so an
editable install finds it too, then packaged as package data.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SOURCES = ROOT / "resources" / "translations"
TARGET = ROOT / "app" / "licensedesk" / "locale"


def compile_catalogues() -> list[Path]:
    """Every ``<lang>.po`` compiled to its ``.mo``; fuzzy entries left out (English shows)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(SOURCES.glob("*.po")):
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.stem, domain="licensedesk")
        mo = TARGET / po.stem / "LC_MESSAGES" / "licensedesk.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        written.append(mo)
    return written


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        compile_catalogues()
        super().run()


if __name__ == "__main__":  # setuptools runs this file as __main__; scripts/i18n.py imports it
    setup(cmdclass={"build_py": BuildWithCatalogues})
