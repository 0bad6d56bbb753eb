"""The package's version, from its one source: ``version`` in pyproject.toml.

Installed (wheel, editable, PyInstaller bundle with the dist-info copied), it is
the ``Version`` of the package's metadata; in a source tree run without
installing (``PYTHONPATH=app``), pyproject.toml itself. ``licensedesk.__version__``
calls :func:`read_version` on first access only.
"""

from __future__ import annotations

import sys

DIST_NAME = "licensedesk"
#: what a copy says when it has neither installed metadata nor its source tree
UNKNOWN_VERSION = "0+unknown"


def installed_version(path: list[str] | None = None) -> str | None:
    """The ``Version`` in the METADATA of the first ``licensedesk-*.dist-info`` on ``path``
    (default ``sys.path``, searched in importlib.metadata's order), or None.

    The same file and answer as ``importlib.metadata.version("licensedesk")``, without
    importing importlib.metadata: its imports (email, zipfile, csv…) cost more than the
    rest of ``--version``; a directory listing per path entry costs little.
    Only ``.dist-info`` counts: a stale ``.egg-info`` left in ``app/`` by an old
    build is not an installation.
    """
    import os

    prefix = f"{DIST_NAME}-"
    for entry in sys.path if path is None else path:
        try:
            names = os.listdir(entry or ".")
        except OSError:  # a zip, a missing folder
            continue
        for name in names:
            low = name.lower()
            if low.startswith(prefix) and low.endswith(".dist-info"):
                version = _metadata_version(os.path.join(entry or ".", name, "METADATA"))
                if version:
                    return version
    return None


def _metadata_version(metadata: str) -> str | None:
    """The ``Version:`` header of a core-metadata file (it comes before the body)."""
    try:
        with open(metadata, encoding="utf-8") as lines:
            for line in lines:
                if line.startswith("Version:"):
                    return line.partition(":")[2].strip() or None
                if not line.strip():
                    return None  # end of the headers
    except OSError:
        return None
    return None


def source_tree_version() -> str | None:
    """``version`` of the pyproject.toml this package sits in (a source tree run with
    ``PYTHONPATH=app``, no installed metadata), or None."""
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        import tomllib

        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError):
        return None
    version = project.get("version")
    return version if isinstance(version, str) and project.get("name") == DIST_NAME else None


def read_version() -> str:
    return installed_version() or source_tree_version() or UNKNOWN_VERSION
